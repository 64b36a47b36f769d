import { MEDIA_ONLY_CONTENT } from '@common/schemas/postLimits.ts';
import type { Post } from '@common/schemas/posts.ts';
import { authorName } from '@web/components/posts/prayerState.ts';
import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { useTogglePrayed } from '@web/queries/posts.ts';
import { usePrayerList, usePrayerListChanges, useSetOnPrayerList } from '@web/queries/prayer.ts';
import { useSession } from '@web/queries/session.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { HandHeart, ListChecks, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PrayerReminderCard } from './PrayerReminderCard.tsx';

/** How much of a request's text the list shows; the rest is a tap away, on the post's page. */
const SHOWN_CHARACTERS = 160;

function shortened(text: string): string {
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1).trimEnd()}…` : text;
}

/** 'My prayer list': the daily reminder, then each request with 'I prayed' and 'Remove'. */
export function PrayerListTab() {
  const { t } = useTranslation();
  const list = usePrayerList();
  usePrayerListChanges(list.data);

  if (list.isPending) {
    return (
      <div className={`${cardClass} p-8`}>
        <Spinner label={t('Loading...')} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-center gap-3 p-8 text-center`}>
        <p className="text-slate-700">{list.error.message}</p>
        <button type="button" onClick={() => list.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PrayerReminderCard reminder={list.data.reminder} />
      {list.data.items.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title={t("Your prayer list is empty. Tap 'Pray for this' on a request to add it.")}
        />
      ) : (
        <ul aria-label={t('My prayer list')} className="flex flex-col gap-3">
          {list.data.items.map((item) => (
            <ListedRequest key={item.post.id} post={item.post} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One request on the list: who asked, its text shortened (linking to it), 'I prayed' and 'Remove'. */
function ListedRequest({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const togglePrayed = useTogglePrayed();
  const setListed = useSetOnPrayerList();
  const name = authorName(post, me?.id);
  const text = post.content === MEDIA_ONLY_CONTENT ? t('A photo or video') : shortened(post.content);

  function remove() {
    setListed.mutate(
      { post, listed: false },
      {
        onSuccess: () => toast.success(t('Removed from your prayer list')),
        onError: (error) =>
          toast.error(t('Could not update your prayer list'), { description: error.message }),
      },
    );
  }

  return (
    <li className={`${cardClass} flex flex-col gap-2 p-4`}>
      <p className="text-sm text-slate-500">
        <span className="font-semibold text-slate-900">{name}</span> · <RelativeTime iso={post.created_at} />
      </p>
      <Link
        to={`/post/${encodeURIComponent(post.id)}`}
        className="whitespace-pre-wrap break-words text-slate-800 hover:underline"
      >
        {text}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
        <span className="inline-flex items-center gap-1">
          <button
            type="button"
            aria-pressed={post.prayed_by_me}
            onClick={() => togglePrayed(post)}
            className={`inline-flex items-center gap-1.5 rounded-lg px-2 py-2 text-sm font-medium hover:bg-slate-100 ${
              post.prayed_by_me ? 'text-violet-700' : 'text-slate-600'
            }`}
          >
            <HandHeart
              aria-hidden="true"
              className={`h-5 w-5 ${post.prayed_by_me ? 'fill-violet-100' : ''}`}
            />
            {t('I prayed')}
          </button>
          <span className="text-sm text-slate-500">
            {post.prayed_count}
            <span className="sr-only"> {t('prayers', { count: post.prayed_count })}</span>
          </span>
        </span>
        <button
          type="button"
          onClick={remove}
          disabled={setListed.isPending}
          aria-label={t('Remove request by {{name}}', { name })}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-60"
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {t('Remove')}
        </button>
      </div>
    </li>
  );
}
