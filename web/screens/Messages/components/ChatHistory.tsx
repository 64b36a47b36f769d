import type { Participant } from '@common/schemas/messages.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useWhenVisible } from '@web/components/useWhenVisible.ts';
import { i18n } from '@web/i18n/i18n.ts';
import type { ChatMessage } from '@web/queries/messageCache.ts';
import { useChat } from '@web/queries/messages.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_KEYS } from '../texts.ts';
import { MessageBubble } from './MessageBubble.tsx';

/** Closer to the bottom than this counts as reading the newest messages: new ones scroll into view. */
const NEAR_BOTTOM_PX = 120;

/**
 * The conversation, oldest at the top and newest at the bottom. It opens at the bottom, loads older
 * pages when scrolled to the top (keeping what is on screen in place), and follows new messages while
 * the member is at the bottom or has just sent one.
 */
export function ChatHistory({
  viewerId,
  other,
  onRetry,
}: {
  viewerId: string;
  other: Participant;
  onRetry: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation();
  const chat = useChat(other.id);
  const scroller = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => {
    const seen = new Set<string>();
    const all = (chat.data?.pages ?? []).flatMap((page) => page.messages);
    return all.filter((m) => !seen.has(m.id) && seen.add(m.id)).reverse();
  }, [chat.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = chat;
  const sentinel = useWhenVisible(
    () => void fetchNextPage(),
    Boolean(chat.data) && hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    { root: scroller, watch: chat.data?.pages.length },
  );
  const announcement = useFollowBottom(scroller, messages, Boolean(chat.data), viewerId);
  const name = chat.data?.pages[0]?.other.full_name || other.full_name || other.username;

  if (chat.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner label={t('Loading messages…')} />
      </div>
    );
  }
  if (!chat.data) {
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-slate-700">{chat.error?.message ?? t('Could not load the messages.')}</p>
        <button type="button" onClick={() => chat.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }

  const newestStoredMine = messages.findLast((m) => m.sender_id === viewerId && !m.pending);
  return (
    <div
      ref={scroller}
      onScroll={() => rememberDistance(scroller.current)}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-2 [overflow-anchor:none] sm:px-4"
    >
      <div ref={sentinel} aria-hidden="true" />
      <div className="flex h-8 items-center justify-center text-sm text-slate-500">
        {isFetchingNextPage ? <span role="status">{t('Loading…')}</span> : null}
        {isFetchNextPageError ? (
          <button type="button" onClick={() => void fetchNextPage()} className="text-red-700 underline">
            {t('Could not load older messages. Try again')}
          </button>
        ) : null}
      </div>
      {messages.length === 0 ? (
        <p className="py-10 text-center text-slate-500">{t(MESSAGE_KEYS.noMessages)}</p>
      ) : (
        <ol aria-label={t('Messages with {{name}}', { name })} className="flex flex-col gap-2">
          {messages.map((m) => (
            <MessageBubble
              key={m.client_id && m.sender_id === viewerId ? `c:${m.client_id}` : m.id}
              message={m}
              mine={m.sender_id === viewerId}
              senderName={name}
              showReceipt={m === newestStoredMine}
              onRetry={onRetry}
            />
          ))}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

const distances = new WeakMap<HTMLElement, number>();
function rememberDistance(el: HTMLElement | null) {
  if (el) distances.set(el, el.scrollHeight - el.clientHeight - el.scrollTop);
}

/** Keeps the scroll position right as messages change; returns the text announcing a new message. */
function useFollowBottom(
  scroller: RefObject<HTMLDivElement | null>,
  messages: ChatMessage[],
  ready: boolean,
  viewerId: string,
) {
  const shown = useRef<{ ready: boolean; first?: string; last?: string }>({ ready: false });
  const [announcement, setAnnouncement] = useState('');
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !ready) return;
    const first = messages[0]?.id;
    const newest = messages.at(-1);
    const last = newest?.id;
    const before = shown.current;
    const distance = distances.get(el) ?? 0;
    if (!before.ready) {
      el.scrollTop = el.scrollHeight;
    } else if (last !== before.last) {
      if (newest && (distance < NEAR_BOTTOM_PX || newest.sender_id === viewerId))
        el.scrollTop = el.scrollHeight;
      if (newest && newest.sender_id !== viewerId)
        setAnnouncement(i18n.t('New message: {{content}}', { content: newest.content }));
    } else if (first !== before.first) {
      // Older messages came in above: stay where the member was, measured from the bottom.
      el.scrollTop = el.scrollHeight - el.clientHeight - distance;
    }
    shown.current = { ready: true, first, last };
    rememberDistance(el);
  }, [messages, ready, scroller, viewerId]);

  // The pane shrinks when the message box grows or a phone keyboard opens: keep the bottom in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !ready || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      el.scrollTop = el.scrollHeight - el.clientHeight - (distances.get(el) ?? 0);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ready, scroller]);
  return announcement;
}
