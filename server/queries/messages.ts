import {
  CONVERSATIONS_PAGE_DEFAULT,
  type ConversationBox,
  type ConversationPage,
  MESSAGES_CATCH_UP_MAX,
  MESSAGES_PAGE_DEFAULT,
  type MessagePage,
  type Participant,
} from '@common/schemas/messages.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { canSeeMember, notHiddenFrom } from '@server/policies/blocks.ts';
import { presentMessage } from '@server/presenters/message.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { friendshipBetween } from '@server/queries/follows.ts';
import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

/** The ordered pair key of a conversation and which side the member is on. */
export function pairOf(userId: string, otherId: string) {
  const [user_a, user_b] = userId < otherId ? [userId, otherId] : [otherId, userId];
  return { user_a, user_b, side: userId === user_a ? ('a' as const) : ('b' as const) };
}

/** The columns of one side of a conversation row. */
export function sideColumns(side: 'a' | 'b') {
  return {
    unread: side === 'a' ? 'a_unread' : 'b_unread',
    request: side === 'a' ? 'a_request' : 'b_request',
    clearedUpTo: side === 'a' ? 'a_cleared_up_to' : 'b_cleared_up_to',
  } as const;
}

/**
 * Whether a message from the sender lands in the receiver's inbox: they chose 'Everyone', or the two
 * are friends (an accepted friendship). Anyone else's message becomes a request, never a refusal.
 */
export async function mayWriteToInbox(db: Db, senderId: string, receiverId: string): Promise<boolean> {
  const receiver = await db
    .selectFrom('profiles')
    .select('who_can_message')
    .where('id', '=', receiverId)
    .executeTakeFirst();
  if (receiver?.who_can_message === 'everyone') return true;
  return (await friendshipBetween(db, receiverId, senderId)) === 'friends';
}

/**
 * The viewer's conversations, newest message first, with the other member and the unread count:
 * the inbox, or (`box: 'requests'`) those the viewer has not accepted. A request the viewer deleted
 * is gone until a newer message comes; conversations with a member either of them blocked are left
 * out, of the lists and of the counts.
 */
export async function listConversations(
  db: Kysely<DB>,
  viewerId: string,
  options: { before?: string; limit?: number; box?: ConversationBox },
): Promise<ConversationPage> {
  const limit = options.limit ?? CONVERSATIONS_PAGE_DEFAULT;
  const mySide = (a: string, b: string) =>
    sql`case when conversations.user_a = ${viewerId} then conversations.${sql.ref(a)} else conversations.${sql.ref(b)} end`;
  const mine = db
    .selectFrom('conversations')
    .select([
      'conversations.id',
      'conversations.last_message_id',
      'conversations.last_message_at',
      mySide('user_b', 'user_a').as('other_id'),
      mySide('a_unread', 'b_unread').as('unread'),
      mySide('a_request', 'b_request').as('is_request'),
      mySide('a_cleared_up_to', 'b_cleared_up_to').as('cleared_up_to'),
    ])
    .where((eb) => eb.or([eb('user_a', '=', viewerId), eb('user_b', '=', viewerId)]));
  const shown = sql<SqlBool>`(c.cleared_up_to is null or c.cleared_up_to <> c.last_message_id)`;
  const visible = db.selectFrom(mine.as('c')).where(notHiddenFrom(viewerId, 'c.other_id'));
  const wantRequests = options.box === 'requests';
  let query = visible
    .innerJoin('messages', 'messages.id', 'c.last_message_id')
    .innerJoin('profiles', 'profiles.id', 'c.other_id')
    .select([
      'c.id as conversation_id',
      'c.last_message_at',
      'c.unread',
      'profiles.id as other_id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ])
    .selectAll('messages')
    .where(sql<SqlBool>`c.is_request = ${sql.lit(wantRequests)}`)
    .where(shown);
  if (options.before) {
    const cursor = decodeCursor(options.before, 'the conversations');
    query = query.where(sql<boolean>`(c.last_message_at, c.id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const [rows, counts] = await Promise.all([
    query
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit + 1)
      .execute(),
    visible
      .select([
        sql<number>`coalesce(sum(case when c.is_request = ${sql.lit(false)} and c.unread > 0 then 1 else 0 end), 0)`.as(
          'unread',
        ),
        sql<number>`coalesce(sum(case when c.is_request = ${sql.lit(true)} and ${shown} then 1 else 0 end), 0)`.as(
          'requests',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    conversations: page.map((row) => ({
      id: row.conversation_id,
      other: {
        id: row.other_id,
        username: row.username,
        full_name: row.full_name,
        avatar_url: row.avatar_url,
      },
      last_message: presentMessage(row),
      unread_count: Number(row.unread),
    })),
    next_cursor:
      rows.length > limit && last
        ? encodeCursor({ created_at: last.last_message_at, id: last.conversation_id })
        : null,
    unread_conversations: Number(counts.unread),
    request_count: Number(counts.requests),
  };
}

/**
 * The other member of a conversation the viewer opens, or undefined when there is none for them:
 * missing, or hidden from the viewer (a block either way, a suspension: policies/blocks.ts).
 */
export async function findParticipant(
  db: Kysely<DB>,
  viewerId: string,
  userId: string,
): Promise<Participant | undefined> {
  if (!(await canSeeMember(db, viewerId, userId))) return undefined;
  return db
    .selectFrom('profiles')
    .select(['id', 'username', 'full_name', 'avatar_url'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * A page of the conversation between the viewer and another member. Newest first, paging back with
 * `before`; or, with `after` (a message id of this conversation), what came after it, oldest first.
 */
export async function pageMessages(
  db: Kysely<DB>,
  viewerId: string,
  otherId: string,
  options: { before?: string; after?: string; limit?: number },
): Promise<Omit<MessagePage, 'other'>> {
  const { user_a, user_b, side } = pairOf(viewerId, otherId);
  const mine = sideColumns(side);
  const conversation = await db
    .selectFrom('conversations')
    .select([
      'id',
      'last_message_id',
      `${mine.request} as is_request`,
      `${mine.clearedUpTo} as cleared_up_to`,
    ])
    .where('user_a', '=', user_a)
    .where('user_b', '=', user_b)
    .executeTakeFirst();
  if (options.before && options.after) {
    throw badRequest('before_and_after');
  }
  if (!conversation) {
    if (options.after) throw unknownAfter();
    return { messages: [], next_cursor: null, has_more: false, is_request: false };
  }
  // A deleted request: what came before the deletion is gone for the viewer (not for the sender).
  const cleared = conversation.cleared_up_to
    ? await db
        .selectFrom('messages')
        .select(['created_at', 'id'])
        .where('id', '=', conversation.cleared_up_to)
        .executeTakeFirst()
    : undefined;
  const is_request =
    Boolean(conversation.is_request) && conversation.cleared_up_to !== conversation.last_message_id;
  let base = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversation.id);
  if (cleared) {
    base = base.where(sql<boolean>`(created_at, id) > (${cleared.created_at}, ${cleared.id})`);
  }

  if (options.after) {
    const limit = Math.min(options.limit ?? MESSAGES_CATCH_UP_MAX, MESSAGES_CATCH_UP_MAX);
    const from = await db
      .selectFrom('messages')
      .select(['created_at', 'id'])
      .where('id', '=', options.after)
      .where('conversation_id', '=', conversation.id)
      .executeTakeFirst();
    if (!from) throw unknownAfter();
    const rows = await base
      .where(sql<boolean>`(created_at, id) > (${from.created_at}, ${from.id})`)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit + 1)
      .execute();
    return {
      messages: rows.slice(0, limit).map(presentMessage),
      next_cursor: null,
      has_more: rows.length > limit,
      is_request,
    };
  }

  const limit = options.limit ?? MESSAGES_PAGE_DEFAULT;
  let query = base;
  if (options.before) {
    const cursor = decodeCursor(options.before, 'the conversation');
    query = query.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = rows.length > limit;
  return {
    messages: page.map(presentMessage),
    next_cursor: more && last ? encodeCursor(last) : null,
    has_more: more,
    is_request,
  };
}

const unknownAfter = () => badRequest('unknown_after');
