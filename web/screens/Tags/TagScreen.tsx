import { isTag, normalizeTag } from '@common/text/postText.ts';
import { FeedList } from '@web/components/posts/Feed.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useFollowTag, useTag, useTagPosts } from '@web/queries/tags.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';

/** /tags/:tag: the tag's posts the member may see, newest first, and 'Follow'. */
export default function TagScreen() {
  const { t } = useTranslation();
  const raw = useParams().tag ?? '';
  const valid = isTag(raw);
  const tag = valid ? normalizeTag(raw) : raw;
  useDocumentTitle(`#${tag}`);
  if (!valid) {
    return (
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
        <EmptyState
          title={t('No such tag')}
          description={t(
            'A tag is letters, digits and underscores (not digits alone), up to 100 characters.',
          )}
        />
      </main>
    );
  }
  return <TagPage tag={tag} />;
}

function TagPage({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const info = useTag(tag);
  const follow = useFollowTag(tag);
  const following = info.data?.following ?? false;
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 break-all text-2xl font-bold text-slate-900">#{tag}</h1>
        <button
          type="button"
          disabled={!info.data || follow.isPending}
          aria-pressed={following}
          onClick={() =>
            follow.mutate(!following, {
              onSuccess: ({ following: now }) =>
                toast.success(
                  now ? t('You follow #{{tag}}', { tag }) : t('You no longer follow #{{tag}}', { tag }),
                ),
              onError: (error) => toast.error(error.message),
            })
          }
          className={following ? secondaryButtonClass : buttonClass}
        >
          {following ? t('Following') : t('Follow')}
        </button>
      </div>
      <FeedList
        feed={useTagPosts(tag)}
        emptyText={t('No posts with #{{tag}} yet.', { tag })}
        label={t('Posts with #{{tag}}', { tag })}
      />
    </main>
  );
}
