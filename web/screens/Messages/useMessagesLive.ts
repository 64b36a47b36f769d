import { useQueryClient } from '@tanstack/react-query';
import { applyReceipt, applyStoredMessage, messageKeys } from '@web/queries/messageCache.ts';
import { catchUpChat, markChatRead, useKeepsMessagesLive } from '@web/queries/messages.ts';
import { useRealtimeConnected, useRealtimeEvent } from '@web/realtime/hooks.ts';
import { useCallback, useEffect, useRef } from 'react';

/** Messages arriving in a burst are marked read with one call. */
const READ_DEBOUNCE_MS = 400;

const isVisible = () => document.visibilityState === 'visible';

/**
 * Keeps the message caches live while the Messages screen is open: new messages and read receipts
 * from the member's realtime room go into the lists and the cached chats; what arrives in the open
 * chat is marked read (so the sender sees 'Read'), once the tab is visible and once the chat is known
 * not to be a message request (`canMarkRead`: a request is read when accepted, so its sender cannot
 * tell it was seen before); after every (re)connect the open chat fetches what it missed.
 */
export function useMessagesLive(viewerId: string, openChatWith: string | null, canMarkRead: boolean) {
  const queryClient = useQueryClient();
  useKeepsMessagesLive();
  const open = useRef(openChatWith);
  open.current = openChatWith;
  const mayRead = useRef(canMarkRead);
  mayRead.current = canMarkRead;
  const readTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const readWhenVisible = useRef(false);

  const readOpenChat = useCallback(
    (delay: number) => {
      clearTimeout(readTimer.current);
      readTimer.current = setTimeout(() => {
        const otherId = open.current;
        if (!otherId || !mayRead.current) return;
        if (!isVisible()) {
          readWhenVisible.current = true;
          return;
        }
        readWhenVisible.current = false;
        markChatRead(queryClient, otherId, viewerId).catch(() => {
          // Not read this time: the next message or the next opening tries again.
        });
      }, delay);
    },
    [queryClient, viewerId],
  );

  useRealtimeEvent('message:new', (message) => {
    const inOpenChat = message.sender_id === open.current && message.receiver_id === viewerId;
    const reading = inOpenChat && !message.in_requests;
    applyStoredMessage(queryClient, message, viewerId, reading && isVisible());
    if (reading) readOpenChat(READ_DEBOUNCE_MS);
  });
  useRealtimeEvent('messages:read', (receipt) => applyReceipt(queryClient, receipt, viewerId));
  useRealtimeConnected((reconnect) => {
    // A reconnect refetches the list already (RealtimeBridge); the first connect does not.
    if (!reconnect) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    const otherId = open.current;
    if (!otherId) return;
    catchUpChat(queryClient, otherId, viewerId)
      .then(() => readOpenChat(0))
      .catch(() => {
        // Offline again: the next connect catches up.
      });
  });

  useEffect(() => {
    const onVisibility = () => {
      if (isVisible() && readWhenVisible.current) readOpenChat(0);
    };
    document.addEventListener('visibilitychange', onVisibility);

    // Opening a chat: what was cached may have missed messages while the screen was closed.
    if (openChatWith) catchUpChat(queryClient, openChatWith, viewerId).catch(() => {});
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(readTimer.current);
    };
  }, [queryClient, viewerId, openChatWith, readOpenChat]);

  // Read once the open chat is known to be in the inbox (at once when it was cached, or accepted).
  useEffect(() => {
    if (openChatWith && canMarkRead) readOpenChat(0);
  }, [openChatWith, canMarkRead, readOpenChat]);
}
