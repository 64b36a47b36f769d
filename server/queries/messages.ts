import {
  CONVERSATIONS_PAGE_DEFAULT,
  type ConversationPage,
  MESSAGES_CATCH_UP_MAX,
  MESSAGES_PAGE_DEFAULT,
  type Message,
  type Participant,
} from '@common/schemas/messages.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { presentMessage } from '@server/presenters/message.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { type Kysely, sql } from 'kysely';

/** The ordered pair key of a conversation and which side the member is on. */
export function pairOf(userId: string, otherId: string) {
  const [user_a, user_b] = userId < otherId ? [userId, otherId] : [otherId, userId];
  return { user_a, user_b, side: userId === user_a ? ('a' as const) : ('b' as const) };
}

/** The viewer's conversations, newest message first, with the other member and the unread count. */
export async function listConversations(
  db: Kysely<DB>,
  viewerId: string,
  options: { before?: string; limit?: number },
): Promise<ConversationPage> {
  const limit = options.limit ?? CONVERSATIONS_PAGE_DEFAULT;
  const mine = db
    .selectFrom('conversations')
    .select([
      'conversations.id',
      'conversations.last_message_id',
      'conversations.last_message_at',
      sql<string>`case when conversations.user_a = ${viewerId} then conversations.user_b else conversations.user_a end`.as(
        'other_id',
      ),
      sql<number>`case when conversations.user_a = ${viewerId} then conversations.a_unread else conversations.b_unread end`.as(
        'unread',
      ),
    ])
    .where((eb) => eb.or([eb('user_a', '=', viewerId), eb('user_b', '=', viewerId)]));
  let query = db
    .selectFrom(mine.as('c'))
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
    .selectAll('messages');
  if (options.before) {
    const cursor = decodeCursor(options.before, 'the conversations');
    query = query.where(sql<boolean>`(c.last_message_at, c.id) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const [rows, unread] = await Promise.all([
    query
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit + 1)
      .execute(),
    db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) =>
        eb.or([
          eb.and([eb('user_a', '=', viewerId), eb('a_unread', '>', 0)]),
          eb.and([eb('user_b', '=', viewerId), eb('b_unread', '>', 0)]),
        ]),
      )
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
    unread_conversations: Number(unread.n),
  };
}

export async function findParticipant(db: Kysely<DB>, userId: string): Promise<Participant | undefined> {
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
): Promise<{ messages: Message[]; next_cursor: string | null; has_more: boolean }> {
  const { user_a, user_b } = pairOf(viewerId, otherId);
  const conversation = await db
    .selectFrom('conversations')
    .select('id')
    .where('user_a', '=', user_a)
    .where('user_b', '=', user_b)
    .executeTakeFirst();
  if (options.before && options.after) {
    throw badRequest('Ask for messages before or after a point, not both.');
  }
  if (!conversation) {
    if (options.after) throw unknownAfter();
    return { messages: [], next_cursor: null, has_more: false };
  }
  const base = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversation.id);

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
  };
}

const unknownAfter = () =>
  badRequest(
    'after must be the id of a message in this conversation. Reload the conversation.',
    'invalid_cursor',
  );
