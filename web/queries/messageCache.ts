import type {
  ConversationBox,
  ConversationPage,
  ConversationSummary,
  Message,
  MessagePage,
  Participant,
  ReadReceipt,
} from '@common/schemas/messages.ts';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** Direct messages (spec section 2, 'Messages'): the conversation list and one chat per member. */
export const messageKeys = {
  all: ['messages'] as const,
  /** Both lists: the inbox and 'Message requests'. */
  conversations: () => ['messages', 'conversations'] as const,
  conversationList: (box: ConversationBox) => ['messages', 'conversations', box] as const,
  chats: () => ['messages', 'chat'] as const,
  chat: (otherId: string) => ['messages', 'chat', otherId] as const,
};

/** A message as the chat shows it: stored, or still local (being sent, or failed and waiting for Retry). */
export type ChatMessage = Message & { pending?: 'sending' | 'failed' };
export type ChatPage = Omit<MessagePage, 'messages'> & { messages: ChatMessage[] };
/** Pages newest first, each newest first; unsent messages sit on top of the first page. */
export type Chat = InfiniteData<ChatPage, string | null>;
export type Conversations = InfiniteData<ConversationPage, string | null>;

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
  box: ConversationBox,
  update: (list: Conversations) => Conversations,
) => updateInfinite(queryClient, messageKeys.conversationList(box), update);

/** Refetches both lists: which one a conversation belongs to, and the counts, are the server's word. */
export const refetchConversations = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });

/** The first page of the chat says whether it is one of the viewer's message requests. */
export const setChatIsRequest = (queryClient: QueryClient, otherId: string, isRequest: boolean) =>
  updateChat(queryClient, otherId, (chat) => {
    const first = chat.pages[0];
    if (!first || first.is_request === isRequest) return chat;
    return withPage({ ...chat }, 0, first.messages, { is_request: isRequest });
  });

/** Whether a cached list holds the conversation with this member. */
export function listHas(queryClient: QueryClient, box: ConversationBox, otherId: string): boolean {
  const list = queryClient.getQueryData<Conversations>(messageKeys.conversationList(box));
  return Boolean(list?.pages.some((page) => page.conversations.some((c) => c.other.id === otherId)));
}

export const isStored = (m: ChatMessage) => !m.pending;

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

function withPage(chat: Chat, index: number, messages: ChatMessage[], extra: Partial<ChatPage> = {}): Chat {
  const pages = chat.pages.slice();
  pages[index] = { ...pages[index]!, ...extra, messages };
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

/**
 * The messages typed here and not yet stored, per chat (the other member's id) and client_id. A fetch
 * of the chat (a reconnect's catch-up, say) may land after a message was added with a page read before
 * the server stored it: `withUnsent` puts these back onto such a page, so a message being sent or failed
 * never vanishes from the screen, and a failure always has its message to show (useSendMessage).
 */
const unsent = new Map<string, Map<string, ChatMessage>>();

export function rememberUnsent(otherId: string, message: ChatMessage): void {
  if (!message.client_id) return;
  const chat = unsent.get(otherId) ?? new Map<string, ChatMessage>();
  chat.set(message.client_id, message);
  unsent.set(otherId, chat);
}

export function markUnsent(otherId: string, clientId: string, pending: 'sending' | 'failed'): void {
  const message = unsent.get(otherId)?.get(clientId);
  if (message) unsent.get(otherId)!.set(clientId, { ...message, pending });
}

export function forgetUnsent(otherId: string, clientId: string): void {
  unsent.get(otherId)?.delete(clientId);
}

export const unsentMessage = (otherId: string, clientId: string) => unsent.get(otherId)?.get(clientId);

/** Whether the chat holds the server's copy of the message sent with this client_id. */
export const hasStored = (chat: Chat | undefined, clientId: string) =>
  Boolean(chat?.pages.some((page) => page.messages.some((m) => isStored(m) && m.client_id === clientId)));

/** A first page as fetched, with this chat's unsent messages that neither it nor a copy of theirs holds. */
export function withUnsent(otherId: string, page: ChatPage): ChatPage {
  const mine = unsent.get(otherId);
  if (!mine || mine.size === 0) return page;
  const held = new Set(page.messages.flatMap((m) => (m.client_id ? [m.client_id] : [])));
  const missing = [...mine.values()].filter((m) => !held.has(m.client_id!)).reverse();
  return missing.length === 0 ? page : { ...page, messages: [...missing, ...page.messages] };
}

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
 * conversation is not loaded and its member unknown, or when a request is new to the requests list
 * (its count changes): the lists must be fetched again.
 */
export function applyMessageToConversations(
  list: Conversations,
  message: Message,
  viewerId: string,
  other: Participant | undefined,
  readingNow: boolean,
  box: ConversationBox = 'inbox',
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
  if (!participant || (box === 'requests' && !found)) return null;
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
    // Requests count in no badge: only the inbox's unread conversations are counted.
    return i === 0 && box === 'inbox'
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

/**
 * A read receipt (from the server's answer or the realtime room) reaches every cached copy. The
 * viewer reading one of their requests means they accepted it (the app reads a request only then):
 * the lists are fetched again.
 */
export function applyReceipt(queryClient: QueryClient, receipt: ReadReceipt, viewerId: string) {
  if (!receipt.conversation_id) return;
  for (const [key] of queryClient.getQueriesData<Chat>({ queryKey: messageKeys.chats() })) {
    updateInfinite<Chat>(queryClient, key, (chat) => applyReceiptToChat(chat, receipt));
  }
  updateConversations(queryClient, 'inbox', (list) => applyReceiptToConversations(list, receipt, viewerId));
  const requests = queryClient.getQueryData<Conversations>(messageKeys.conversationList('requests'));
  const wasRequest = requests?.pages.some((p) =>
    p.conversations.some((c) => c.id === receipt.conversation_id),
  );
  if (wasRequest && receipt.reader_id === viewerId) refetchConversations(queryClient);
}

/**
 * A stored message reaches its chat (if cached) and the list it belongs in: a message to the viewer
 * flagged `in_requests` goes to 'Message requests', never the inbox; one the viewer wrote goes to the
 * inbox (writing accepts). A conversation that changes lists makes both be fetched again.
 */
export function applyStoredMessage(
  queryClient: QueryClient,
  message: Message,
  viewerId: string,
  readingNow: boolean,
) {
  const fromViewer = message.sender_id === viewerId;
  const otherId = fromViewer ? message.receiver_id : message.sender_id;
  const isRequest = !fromViewer && message.in_requests === true;
  const { in_requests: _, ...stored } = message;
  updateChat(queryClient, otherId, (chat) => upsertChatMessage(chat, stored));
  setChatIsRequest(queryClient, otherId, isRequest);
  const other = queryClient.getQueryData<Chat>(messageKeys.chat(otherId))?.pages[0]?.other;
  const box: ConversationBox = isRequest ? 'requests' : 'inbox';
  // Moved between lists, or a new request (the requests count changes): the server says where.
  let unknown =
    listHas(queryClient, isRequest ? 'inbox' : 'requests', otherId) ||
    (isRequest && !listHas(queryClient, 'requests', otherId));
  updateConversations(queryClient, box, (list) => {
    const next = applyMessageToConversations(list, stored, viewerId, other, readingNow, box);
    unknown ||= next === null;
    return next ?? list;
  });
  if (unknown) refetchConversations(queryClient);
}
