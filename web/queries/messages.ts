import type {
  ConversationPage,
  ConversationSummary,
  Message,
  MessagePage,
  Participant,
  ReadReceipt,
} from '@common/schemas/messages.ts';
import type { ProfilePage } from '@common/schemas/profilePage.ts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
import { CATCHES_UP_ITSELF, onRealtime } from '@web/realtime/socket.ts';
import { useCallback, useEffect } from 'react';
import { retryServerErrors } from './postCache.ts';
import { profilePageKeys } from './profilePage.ts';

/** Direct messages (spec section 2, 'Messages'): the conversation list and one chat per member. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => ['messages', 'conversations'] as const,
  chats: () => ['messages', 'chat'] as const,
  chat: (otherId: string) => ['messages', 'chat', otherId] as const,
};

/** A message as the chat shows it: stored, or still local (being sent, or failed and waiting for Retry). */
export type ChatMessage = Message & { pending?: 'sending' | 'failed' };
export type ChatPage = Omit<MessagePage, 'messages'> & { messages: ChatMessage[] };
/** Pages newest first, each newest first; unsent messages sit on top of the first page. */
export type Chat = InfiniteData<ChatPage, string | null>;
export type Conversations = InfiniteData<ConversationPage, string | null>;

const chatPath = (otherId: string, rest: string) =>
  `/api/conversations/with/${encodeURIComponent(otherId)}${rest}`;

const conversationsQuery = infiniteQueryOptions({
  queryKey: messageKeys.conversations(),
  queryFn: ({ pageParam, signal }) =>
    api<ConversationPage>(
      `/api/conversations${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
      {
        signal,
      },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.next_cursor,
  staleTime: 30_000,
  retry: retryServerErrors,
});

/** The viewer's conversations, newest first, paged. Kept live by the Messages screen's listener. */
export function useConversations() {
  return useInfiniteQuery(conversationsQuery);
}

export type ChatPartner =
  | { state: 'none' | 'self' | 'loading' | 'unknown' }
  | { state: 'error'; error: Error; retry: () => void }
  | { state: 'found'; participant: Participant };

/**
 * The member named by `/messages?to={username}`: from the loaded conversation list when it is
 * there, else from their profile (so a chat opens before any message exists).
 */
export function useChatPartner(username: string | null, viewerUsername: string): ChatPartner {
  const list = useConversations();
  const wanted = username?.toLowerCase() ?? null;
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
  if (!wanted) return { state: 'none' };
  if (self) return { state: 'self' };
  if (fromList) return { state: 'found', participant: fromList.other };
  if (profile.data) {
    const { id, username: name, full_name, avatar_url } = profile.data;
    return { state: 'found', participant: { id, username: name, full_name, avatar_url } };
  }
  if (profile.error instanceof ApiError && profile.error.status === 404) return { state: 'unknown' };
  if (profile.error) return { state: 'error', error: profile.error, retry: () => void profile.refetch() };
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
    ...conversationsQuery,
    enabled,
    select: (data) => data.pages[0]?.unread_conversations ?? 0,
  });
  useEffect(() => {
    const refresh = () => {
      if (liveScreens === 0) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    };
    const stopNew = onRealtime('message:new', refresh);
    const stopRead = onRealtime('messages:read', refresh);
    return () => {
      stopNew();
      stopRead();
    };
  }, [queryClient]);
  return query.data ?? 0;
}

/**
 * One chat's history. It never refetches by itself (a refetch would drop unsent messages): the
 * Messages screen adds live messages and catches up after a reconnect (`catchUpChat`).
 */
export function useChat(otherId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.chat(otherId),
    queryFn: ({ pageParam, signal }) =>
      api<ChatPage>(
        chatPath(otherId, `/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    meta: { [CATCHES_UP_ITSELF]: true },
    retry: retryServerErrors,
  });
}

/**
 * Applies `update` to cached data now, and again when a fetch in flight lands: an infinite query
 * builds a new page onto the pages it started from, which would drop what was applied meanwhile.
 * Every update here is idempotent, so applying it twice is safe.
 */
function updateInfinite<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T) => T) {
  queryClient.setQueryData<T>(queryKey, (data) => (data ? update(data) : data));
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus === 'fetching') {
    void query.promise
      ?.catch(() => undefined)
      .then(() => queryClient.setQueryData<T>(queryKey, (data) => (data ? update(data) : data)));
  }
}

export const updateChat = (queryClient: QueryClient, otherId: string, update: (chat: Chat) => Chat) =>
  updateInfinite(queryClient, messageKeys.chat(otherId), update);

export const updateConversations = (
  queryClient: QueryClient,
  update: (list: Conversations) => Conversations,
) => updateInfinite(queryClient, messageKeys.conversations(), update);

const isStored = (m: ChatMessage) => !m.pending;

/**
 * Puts a message where it belongs: over its earlier copy (same id), or over the local copy that was
 * being sent (same client_id), so a message never shows twice. Stored messages are ordered by id
 * (UUIDv7, so by time); one older than every loaded page is left for paging to bring.
 */
export function upsertChatMessage(cached: Chat, message: ChatMessage): Chat {
  for (const [p, page] of cached.pages.entries()) {
    const i = page.messages.findIndex((m) => m.id === message.id);
    if (i < 0) continue;
    const merged = { ...message, is_read: page.messages[i]!.is_read || message.is_read };
    return withPage(cached, p, replaceAt(page.messages, i, merged));
  }
  const chat = message.client_id ? withoutLocalCopy(cached, message) : cached;
  const first = chat.pages[0];
  if (!first) return chat;
  if (message.pending) return withPage(chat, 0, [message, ...first.messages]);
  for (const [p, page] of chat.pages.entries()) {
    const i = page.messages.findIndex((m) => isStored(m) && m.id < message.id);
    if (i >= 0) return withPage(chat, p, insertAt(page.messages, i, message));
  }
  // Older than everything loaded: it belongs at the very end, if the whole history is loaded.
  const lastIndex = chat.pages.length - 1;
  const last = chat.pages[lastIndex]!;
  if (last.next_cursor !== null) return chat;
  return withPage(chat, lastIndex, [...last.messages, message]);
}

function withoutLocalCopy(chat: Chat, message: ChatMessage): Chat {
  const isCopy = (m: ChatMessage) =>
    m.id !== message.id && m.client_id === message.client_id && m.sender_id === message.sender_id;
  if (!chat.pages.some((page) => page.messages.some(isCopy))) return chat;
  const pages = chat.pages.map((page) =>
    page.messages.some(isCopy) ? { ...page, messages: page.messages.filter((m) => !isCopy(m)) } : page,
  );
  return { ...chat, pages };
}

function withPage(chat: Chat, index: number, messages: ChatMessage[]): Chat {
  const pages = chat.pages.slice();
  pages[index] = { ...pages[index]!, messages };
  return { ...chat, pages };
}
const replaceAt = <T>(list: T[], i: number, item: T) => [...list.slice(0, i), item, ...list.slice(i + 1)];
const insertAt = <T>(list: T[], i: number, item: T) => [...list.slice(0, i), item, ...list.slice(i)];

function mapChatMessages(chat: Chat, map: (m: ChatMessage) => ChatMessage): Chat {
  let changed = false;
  const pages = chat.pages.map((page) => {
    let pageChanged = false;
    const messages = page.messages.map((m) => {
      const next = map(m);
      if (next !== m) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, messages };
  });
  return changed ? { ...chat, pages } : chat;
}

/** Everything the reader received in that conversation up to `up_to_id` is read. */
const readBy = (receipt: ReadReceipt) => (m: Message) =>
  receipt.up_to_id !== null &&
  m.conversation_id === receipt.conversation_id &&
  m.receiver_id === receipt.reader_id &&
  m.id <= receipt.up_to_id;

export const applyReceiptToChat = (chat: Chat, receipt: ReadReceipt) =>
  mapChatMessages(chat, (m) => (!m.is_read && readBy(receipt)(m) ? { ...m, is_read: true } : m));

/** A local message whose send failed waits for Retry; one that got stored meanwhile stays stored. */
export const setPending = (chat: Chat, clientId: string, pending: 'sending' | 'failed') =>
  mapChatMessages(chat, (m) => (m.pending && m.client_id === clientId ? { ...m, pending } : m));

/** The newest message the server has stored, where a catch-up starts from. */
export function newestStoredId(chat: Chat): string | undefined {
  for (const page of chat.pages) {
    const stored = page.messages.find(isStored);
    if (stored) return stored.id;
  }
  return undefined;
}

function recount(page: ConversationPage, before: number, after: number): ConversationPage {
  const delta = (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
  return delta ? { ...page, unread_conversations: Math.max(0, page.unread_conversations + delta) } : page;
}

/**
 * A message sent or received moves its conversation to the top with it as the last message; one
 * from the other member counts as unread unless `readingNow` (its chat is open). Returns null when the
 * conversation is not loaded and its member unknown: the list must be fetched again.
 */
export function applyMessageToConversations(
  list: Conversations,
  message: Message,
  viewerId: string,
  other: Participant | undefined,
  readingNow: boolean,
): Conversations | null {
  const fromOther = message.sender_id !== viewerId;
  const otherId = fromOther ? message.sender_id : message.receiver_id;
  let found: ConversationSummary | undefined;
  for (const page of list.pages) found ??= page.conversations.find((c) => c.other.id === otherId);
  if (found && found.last_message.id > message.id) return list;
  if (found && found.last_message.id === message.id) {
    const last = { ...message, is_read: found.last_message.is_read || message.is_read };
    return mapConversations(list, (c) => (c === found ? { ...c, last_message: last } : c));
  }
  const participant = found?.other ?? other;
  if (!participant) return null;
  const before = found?.unread_count ?? 0;
  const summary: ConversationSummary = {
    id: message.conversation_id,
    other: participant,
    last_message: message,
    unread_count: before + (fromOther && !readingNow ? 1 : 0),
  };
  const pages = list.pages.map((page, i) => {
    const rest = page.conversations.filter((c) => c.other.id !== otherId);
    const conversations = i === 0 ? [summary, ...rest] : rest;
    return i === 0
      ? recount({ ...page, conversations }, before, summary.unread_count)
      : { ...page, conversations };
  });
  return { ...list, pages };
}

function mapConversations(list: Conversations, map: (c: ConversationSummary) => ConversationSummary) {
  return {
    ...list,
    pages: list.pages.map((page) => ({ ...page, conversations: page.conversations.map(map) })),
  };
}

/** The viewer read a conversation: its unread count goes to zero; read flags follow the receipt. */
export function applyReceiptToConversations(
  list: Conversations,
  receipt: ReadReceipt,
  viewerId: string,
): Conversations {
  const target = list.pages
    .flatMap((page) => page.conversations)
    .find((c) => c.id === receipt.conversation_id);
  if (!target) return list;
  const read = readBy(receipt);
  const zero = receipt.reader_id === viewerId && target.unread_count > 0;
  const lastRead = !target.last_message.is_read && read(target.last_message);
  if (!zero && !lastRead) return list;
  const updated = mapConversations(list, (c) =>
    c === target
      ? {
          ...c,
          unread_count: zero ? 0 : c.unread_count,
          last_message: lastRead ? { ...c.last_message, is_read: true } : c.last_message,
        }
      : c,
  );
  const [first, ...rest] = updated.pages;
  if (!first || !zero) return updated;
  return { ...updated, pages: [recount(first, target.unread_count, 0), ...rest] };
}

/** A read receipt (from the server's answer or the realtime room) reaches every cached copy. */
export function applyReceipt(queryClient: QueryClient, receipt: ReadReceipt, viewerId: string) {
  if (!receipt.conversation_id) return;
  for (const [key] of queryClient.getQueriesData<Chat>({ queryKey: messageKeys.chats() })) {
    updateInfinite<Chat>(queryClient, key, (chat) => applyReceiptToChat(chat, receipt));
  }
  updateConversations(queryClient, (list) => applyReceiptToConversations(list, receipt, viewerId));
}

/** A stored message reaches its chat (if cached) and the conversation list. */
export function applyStoredMessage(
  queryClient: QueryClient,
  message: Message,
  viewerId: string,
  readingNow: boolean,
) {
  const otherId = message.sender_id === viewerId ? message.receiver_id : message.sender_id;
  updateChat(queryClient, otherId, (chat) => upsertChatMessage(chat, message));
  const other = queryClient.getQueryData<Chat>(messageKeys.chat(otherId))?.pages[0]?.other;
  let unknown = false;
  updateConversations(queryClient, (list) => {
    const next = applyMessageToConversations(list, message, viewerId, other, readingNow);
    unknown ||= next === null;
    return next ?? list;
  });
  if (unknown) void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
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
          applyStoredMessage(queryClient, stored, viewerId, false);
        } catch (error) {
          const chat = queryClient.getQueryData<Chat>(messageKeys.chat(other.id));
          const stillLocal = chat?.pages.some((p) =>
            p.messages.some((m) => m.pending && m.client_id === clientId),
          );
          if (!stillLocal) return; // the realtime room delivered it meanwhile
          updateChat(queryClient, other.id, (c) => setPending(c, clientId, 'failed'));
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
  updateChat(queryClient, otherId, (chat) => upsertChatMessage(chat, local));
}
