import type { ConversationBox, ConversationSummary } from '@common/schemas/messages.ts';
import { BADGE_CAP } from '@common/schemas/notifications.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { useWhenVisible } from '@web/components/useWhenVisible.ts';
import { useConversations } from '@web/queries/messages.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_KEYS } from '../texts.ts';

/** The viewer's conversations (inbox or requests), newest first, loading more as the pane scrolls. */
export function ConversationList({
  viewerId,
  selected,
  box,
}: {
  viewerId: string;
  selected: string | null;
  box: ConversationBox;
}) {
  const { t } = useTranslation();
  const list = useConversations(box);
  const pane = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const sentinel = useWhenVisible(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    { root: pane, watch: list.data?.pages.length },
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <ListSkeleton />;
  } else if (!list.data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-slate-700">{list.error?.message ?? 'Could not load your conversations.'}</p>
        <button type="button" onClick={() => list.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  } else {
    const seen = new Set<string>();
    const conversations = list.data.pages
      .flatMap((page) => page.conversations)
      .filter((c) => !seen.has(c.other.id) && seen.add(c.other.id));
    body =
      conversations.length === 0 ? (
        <p className="p-6 text-center text-slate-500">
          {t(box === 'requests' ? MESSAGE_KEYS.noRequests : MESSAGE_KEYS.noConversations)}
        </p>
      ) : (
        <>
          <ul aria-label={box === 'requests' ? t(MESSAGE_KEYS.requests) : t('Conversations')}>
            {conversations.map((c) => (
              <ConversationItem
                key={c.other.id}
                conversation={c}
                viewerId={viewerId}
                box={box}
                selected={selected?.toLowerCase() === c.other.username.toLowerCase()}
              />
            ))}
          </ul>
          <div ref={sentinel} aria-hidden="true" />
          {isFetchingNextPage ? (
            <div className="p-3">
              <Spinner label={t('Loading…')} />
            </div>
          ) : null}
          {isFetchNextPageError ? (
            <div role="alert" className="flex flex-col items-center gap-2 p-3 text-sm text-red-700">
              <p>{list.error?.message ?? t('Could not load more conversations.')}</p>
              <button type="button" onClick={() => void fetchNextPage()} className={secondaryButtonClass}>
                {t('Try again')}
              </button>
            </div>
          ) : null}
        </>
      );
  }

  return (
    <div ref={pane} className="min-h-0 flex-1 overflow-y-auto">
      {body}
    </div>
  );
}

function ConversationItem({
  conversation,
  viewerId,
  box,
  selected,
}: {
  conversation: ConversationSummary;
  viewerId: string;
  box: ConversationBox;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const { other, last_message: last, unread_count: unread } = conversation;
  const previewId = `conversation-preview-${other.id}`;
  const name = other.full_name || other.username;
  return (
    <li
      className={`relative flex items-center gap-3 border-b border-slate-100 px-3 py-3 ${selected ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
    >
      <Link
        to={`/profile/${other.username}`}
        aria-label={t("{{name}}'s profile", { name })}
        className="relative z-10 shrink-0 rounded-full"
      >
        <Avatar url={other.avatar_url} name={other.full_name} />
      </Link>
      <div className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          {/* The name is the link (its ::after covers the row, so the whole row opens the chat); the
              time and preview sit outside it, so its visible text is its accessible name. */}
          <Link
            to={`/messages?${box === 'requests' ? 'box=requests&' : ''}to=${encodeURIComponent(other.username)}`}
            aria-current={selected ? 'page' : undefined}
            aria-label={unread > 0 ? t('{{name}}, {{count}} unread', { name, count: unread }) : name}
            aria-describedby={previewId}
            className={`block min-w-0 truncate rounded-md text-slate-900 after:absolute after:inset-0 ${unread > 0 ? 'font-bold' : 'font-semibold'}`}
          >
            {name}
          </Link>
          <span className="shrink-0 text-xs text-slate-500">
            <RelativeTime iso={last.created_at} />
          </span>
        </span>
        <span className="flex items-center gap-2">
          <span
            id={previewId}
            className={`min-w-0 flex-1 truncate text-sm ${unread > 0 ? 'font-medium text-slate-900' : 'text-slate-500'}`}
          >
            {last.sender_id === viewerId ? t('You: {{message}}', { message: last.content }) : last.content}
          </span>
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="min-w-5 shrink-0 rounded-full bg-brand-600 px-1.5 text-center text-xs font-bold leading-5 text-white"
            >
              {unread > BADGE_CAP ? `${BADGE_CAP}+` : unread}
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
}

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('Loading conversations')} className="animate-pulse">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 border-b border-slate-100 px-3 py-3">
          <span className="h-10 w-10 shrink-0 rounded-full bg-slate-200" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3 w-1/2 rounded bg-slate-200" />
            <span className="h-3 w-3/4 rounded bg-slate-100" />
          </span>
        </div>
      ))}
    </div>
  );
}
