import type {
  ConversationBox,
  ConversationPage,
  Message,
  MessagePage,
  Participant,
  ReadReceipt,
} from '@common/schemas/messages.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
import { CATCHES_UP_ITSELF } from '@web/realtime/catchUp.ts';
import { useRealtimeEvent } from '@web/realtime/hooks.ts';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  applyReceipt,
  applyStoredMessage,
  type Chat,
  type ChatMessage,
  type ChatPage,
  forgetUnsent,
  hasStored,
  isStored,
  markUnsent,
  messageKeys,
  newestStoredId,
  refetchConversations,
  rememberUnsent,
  setChatIsRequest,
  setPending,
  unsentMessage,
  updateChat,
  updateConversations,
  upsertChatMessage,
  withUnsent,
} from './messageCache.ts';
import { retryServerErrors } from './postCache.ts';
import { profilePageKeys } from './profileCache.ts';

const chatPath = (otherId: string, rest: string) =>
  `/api/conversations/with/${encodeURIComponent(otherId)}${rest}`;

const conversationsQuery = (box: ConversationBox) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversationList(box),
    queryFn: ({ pageParam, signal }) =>
      api<ConversationPage>(
        `/api/conversations?box=${box}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 30_000,
    retry: retryServerErrors,
  });

/**
 * The viewer's conversations, newest first, paged: the inbox, or their 'Message requests'. Kept
 * live by the Messages screen's listener.
 */
export function useConversations(box: ConversationBox = 'inbox') {
  return useInfiniteQuery(conversationsQuery(box));
}

/** How many conversations wait in 'Message requests' (every list page carries the count). */
export function useRequestCount(): number {
  const query = useInfiniteQuery({
    ...conversationsQuery('inbox'),
    select: (data) => data.pages[0]?.request_count ?? 0,
  });
  return query.data ?? 0;
}

export type ChatPartner =
  | { state: 'none' | 'self' | 'loading' | 'unknown' }
  | { state: 'error'; error: Error; retry: () => void }
  | { state: 'found'; participant: Participant };

/**
 * The member named by `/messages?to={username}`: from the loaded conversation list when it is
 * there, else from their profile (so a chat opens before any message exists).
 */
export function useChatPartner(
  username: string | null,
  viewerUsername: string,
  box: ConversationBox = 'inbox',
): ChatPartner {
  const list = useConversations(box);
  const wanted = username?.toLowerCase() ?? null;
  // The member found last, kept while a conversation moves between the lists (accepted, answered).
  const last = useRef<Participant | null>(null);
  const fromList = wanted
    ? list.data?.pages.flatMap((p) => p.conversations).find((c) => c.other.username.toLowerCase() === wanted)
    : undefined;
  const self = wanted !== null && wanted === viewerUsername.toLowerCase();
  const profile = useQuery({
    queryKey: profilePageKeys.byUsername(wanted ?? ''),
    queryFn: ({ signal }) =>
      api<ProfilePage>(`/api/profiles/by-username/${encodeURIComponent(wanted ?? '')}`, { signal }),
    enabled: wanted !== null && !self && !fromList,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
  const found = (participant: Participant): ChatPartner => {
    last.current = participant;
    return { state: 'found', participant };
  };
  if (!wanted) return { state: 'none' };
  if (self) return { state: 'self' };
  if (fromList) return found(fromList.other);
  if (profile.data) {
    const { id, username: name, full_name, avatar_url } = profile.data;
    return found({ id, username: name, full_name, avatar_url });
  }
  if (profile.error instanceof ApiError && profile.error.status === 404) return { state: 'unknown' };
  if (profile.error) return { state: 'error', error: profile.error, retry: () => void profile.refetch() };
  if (last.current?.username.toLowerCase() === wanted) return { state: 'found', participant: last.current };
  return { state: 'loading' };
}

/** The Messages screens that keep the message caches live themselves (see useMessagesBadge). */
let liveScreens = 0;
export function useKeepsMessagesLive() {
  useEffect(() => {
    liveScreens += 1;
    return () => {
      liveScreens -= 1;
    };
  }, []);
}

/**
 * The header's count of conversations with unread messages. Outside the Messages screen nothing
 * applies message events to the list, so a message or a read receipt just refetches it.
 */
export function useMessagesBadge(enabled: boolean): number {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...conversationsQuery('inbox'),
    enabled,
    select: (data) => data.pages[0]?.unread_conversations ?? 0,
  });
  const refresh = () => {
    if (liveScreens === 0) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
  };
  useRealtimeEvent('message:new', refresh);
  useRealtimeEvent('messages:read', refresh);
  return query.data ?? 0;
}

/**
 * One chat's history. It never refetches by itself (a refetch would drop unsent messages): the
 * Messages screen adds live messages and catches up after a reconnect (`catchUpChat`).
 */
export function useChat(otherId: string) {
  return useInfiniteQuery(chatQuery(otherId));
}

/**
 * Whether the open chat is one of the viewer's message requests; undefined until it is loaded. The
 * app reads a request (and so tells its sender) only once it is accepted. It watches the cached chat
 * without observing the query: the chat pane's own `useChat` loads it, and a second observer would
 * take part in (and could cancel) that fetch.
 */
export function useChatIsRequest(otherId: string | null): boolean | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && otherId && event.query.queryHash === chatHash(otherId)) changed();
      }),
    [queryClient, otherId],
  );
  const read = () =>
    otherId === null
      ? undefined
      : queryClient.getQueryData<Chat>(messageKeys.chat(otherId))?.pages[0]?.is_request;
  return useSyncExternalStore(subscribe, read, read);
}
const chatHash = (otherId: string) => JSON.stringify(messageKeys.chat(otherId));

const chatQuery = (otherId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.chat(otherId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api<ChatPage>(
        chatPath(otherId, `/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
        { signal },
      );
      // A page read before the server stored what is being sent keeps it on screen (messageCache.ts).
      return pageParam ? page : withUnsent(otherId, page);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    meta: { [CATCHES_UP_ITSELF]: true },
    retry: retryServerErrors,
  });

/**
 * What the request bar does once its request is answered. Given to the mutation itself, not to
 * `mutate`: answering takes the bar off the screen, and `mutate`'s callbacks die with it.
 */
export interface RequestAnswered {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

/** Accepts the viewer's message request from this member: it moves to the inbox, read. */
export function useAcceptRequest(otherId: string, answered: RequestAnswered) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(chatPath(otherId, '/request/accept'), { body: {} }),
    onError: answered.onError,
    onSuccess: () => {
      answered.onSuccess();
      setChatIsRequest(queryClient, otherId, false);
      refetchConversations(queryClient);
    },
  });
}

/** Deletes the viewer's message request from this member: gone from their lists and their chat. */
export function useDeleteRequest(otherId: string, answered: RequestAnswered) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(chatPath(otherId, '/request'), { method: 'DELETE' }),
    onError: answered.onError,
    onSuccess: () => {
      answered.onSuccess();
      updateConversations(queryClient, 'requests', (list) => ({
        ...list,
        pages: list.pages.map((page) => ({
          ...page,
          conversations: page.conversations.filter((c) => c.other.id !== otherId),
        })),
      }));
      // What the server now shows the viewer: nothing before the deletion.
      updateChat(queryClient, otherId, (chat) => ({
        pages: chat.pages
          .slice(0, 1)
          .map((page) => ({ ...page, messages: [], next_cursor: null, has_more: false, is_request: false })),
        pageParams: [null],
      }));
      refetchConversations(queryClient);
    },
  });
}

/** Marks what the other member sent the viewer as read (and their message notifications). */
export async function markChatRead(queryClient: QueryClient, otherId: string, viewerId: string) {
  const receipt = await api<ReadReceipt>(chatPath(otherId, '/read'), { body: {} });
  applyReceipt(queryClient, receipt, viewerId);
}

/**
 * Fetches what arrived after the newest stored message (oldest first, asking again while `has_more`)
 * and merges it once. Without a message to start from, or when the server no longer knows it, the
 * newest page replaces the history; unsent messages are kept either way. Read receipts missed
 * meanwhile come from the newest page, asked for only while one of the viewer's messages shows unread.
 */
export async function catchUpChat(queryClient: QueryClient, otherId: string, viewerId: string) {
  const chat = queryClient.getQueryData<Chat>(messageKeys.chat(otherId));
  if (!chat) return;
  const from = newestStoredId(chat);
  if (from) {
    try {
      const arrived: Message[] = [];
      for (let after: string | undefined = from; after; ) {
        const page: MessagePage = await api<MessagePage>(
          chatPath(otherId, `/messages?after=${encodeURIComponent(after)}`),
        );
        arrived.push(...page.messages);
        after = page.has_more ? page.messages.at(-1)?.id : undefined;
      }
      if (arrived.length > 0) {
        updateChat(queryClient, otherId, (current) => arrived.reduce(upsertChatMessage, current));
      }
      await syncReadReceipts(queryClient, otherId, viewerId);
      return;
    } catch (error) {
      // 400: the message to start from is gone; anything else is worth no second request.
      if (!(error instanceof ApiError && error.status === 400)) throw error;
    }
  }
  const newest = await api<ChatPage>(chatPath(otherId, '/messages'));
  updateChat(queryClient, otherId, (current) => {
    const unsent = current.pages.flatMap((page) => page.messages.filter((m) => m.pending));
    return unsent.reduceRight(upsertChatMessage, { pages: [newest], pageParams: [null] } as Chat);
  });
}

async function syncReadReceipts(queryClient: QueryClient, otherId: string, viewerId: string) {
  const chat = queryClient.getQueryData<Chat>(messageKeys.chat(otherId));
  const unreadMine = chat?.pages.some((p) =>
    p.messages.some((m) => isStored(m) && m.sender_id === viewerId && !m.is_read),
  );
  if (!unreadMine) return;
  const newest = await api<MessagePage>(chatPath(otherId, '/messages'));
  // Reading marks everything up to a message: the newest read one of the viewer's says it all.
  const read = newest.messages.find((m) => m.sender_id === viewerId && m.is_read);
  if (read) {
    applyReceipt(
      queryClient,
      { conversation_id: read.conversation_id, reader_id: otherId, up_to_id: read.id },
      viewerId,
    );
  }
}

/** Sends (and retries) messages of one chat, in the order they were written. */
export function useSendMessage(viewerId: string, other: Participant, onFailed: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useCallback(
    (content: string, clientId: string) => {
      const queue = queues.get(other.id) ?? Promise.resolve();
      const next = queue.then(async () => {
        try {
          const stored = await api<Message>(chatPath(other.id, '/messages'), {
            body: { content, client_id: clientId },
          });
          forgetUnsent(other.id, clientId);
          applyStoredMessage(queryClient, stored, viewerId, false);
        } catch (error) {
          const chat = queryClient.getQueryData<Chat>(messageKeys.chat(other.id));
          if (hasStored(chat, clientId)) {
            forgetUnsent(other.id, clientId); // the realtime room delivered it meanwhile
            return;
          }
          // Never a silent loss: the message stays on screen, marked failed with 'Retry', and is told.
          markUnsent(other.id, clientId, 'failed');
          const failed = unsentMessage(other.id, clientId);
          // Over the local copy (same id), or back on screen when a refetch took it off.
          updateChat(queryClient, other.id, (c) =>
            failed ? upsertChatMessage(c, failed) : setPending(c, clientId, 'failed'),
          );
          onFailed(error as Error);
        }
      });
      queues.set(other.id, next);
      return next;
    },
    [queryClient, viewerId, other.id, onFailed],
  );
}
const queues = new Map<string, Promise<void>>();

/** Shows a message at once, marked 'Sending…', before the server has it. */
export function addLocalMessage(
  queryClient: QueryClient,
  viewerId: string,
  otherId: string,
  content: string,
  clientId: string,
) {
  const local: ChatMessage = {
    id: `local-${clientId}`,
    conversation_id: '',
    sender_id: viewerId,
    receiver_id: otherId,
    content,
    created_at: new Date().toISOString(),
    is_read: false,
    client_id: clientId,
    pending: 'sending',
  };
  rememberUnsent(otherId, local);
  updateChat(queryClient, otherId, (chat) => upsertChatMessage(chat, local));
}
