import type { Message, ReadReceipt, SendMessageInput } from '@common/schemas/messages.ts';
import { isUniqueViolation } from '@server/db/errors.ts';
import type { DB, MessagesTable } from '@server/db/types.ts';
import { HttpError } from '@server/http/errors.ts';
import { BLOCK_MESSAGES, refuseIfBlocked } from '@server/policies/blocks.ts';
import { presentMessage } from '@server/presenters/message.ts';
import { pairOf } from '@server/queries/messages.ts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { markNotificationsRead, notifyOnce } from './notifications.ts';
import { type After, type CommandContext, runCommand } from './run.ts';

export interface SentMessage {
  message: Message;
  /** False when the client_id had been stored before: nothing new was written or should be told. */
  created: boolean;
}

/**
 * Stores a message in one transaction: the conversation row first (created, or its newest message
 * and the receiver's unread count moved on; on PostgreSQL this also locks the pair, so two sends of
 * one conversation take turns), the message, and the receiver's `message` notification, of which
 * there is one per sender while it is unread: a later message only moves it to the top. Once it
 * commits, both members' tabs get the message.
 * The same client_id again returns the stored message (a retry after a lost answer).
 */
export async function sendMessage(
  ctx: CommandContext,
  senderId: string,
  receiverId: string,
  input: SendMessageInput,
): Promise<SentMessage> {
  const { db } = ctx.database;
  const earlier = await findByClientId(db, senderId, input.client_id);
  if (earlier) return { message: sameConversationOrThrow(earlier, receiverId), created: false };
  try {
    const message = await runCommand(ctx, (trx, after) =>
      storeMessage(trx, after, senderId, receiverId, input),
    );
    return { message, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same client_id was stored by a concurrent request; this transaction rolled back.
    const stored = await findByClientId(db, senderId, input.client_id);
    if (!stored) throw error;
    return { message: sameConversationOrThrow(stored, receiverId), created: false };
  }
}

async function storeMessage(
  trx: Transaction<DB>,
  after: After,
  senderId: string,
  receiverId: string,
  input: SendMessageInput,
): Promise<Message> {
  await refuseIfBlocked(trx, senderId, receiverId, BLOCK_MESSAGES.message);
  const { user_a, user_b } = pairOf(senderId, receiverId);
  const receiverUnread = receiverId === user_a ? 'a_unread' : 'b_unread';
  const id = uuidv7();
  const now = new Date().toISOString();
  const conversation = await trx
    .insertInto('conversations')
    .values({
      id: uuidv7(),
      user_a,
      user_b,
      last_message_id: id,
      last_message_at: now,
      [receiverUnread]: 1,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_a', 'user_b']).doUpdateSet({
        last_message_id: id,
        last_message_at: now,
        [receiverUnread]: sql`conversations.${sql.ref(receiverUnread)} + 1`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('messages')
    .values({
      id,
      conversation_id: conversation.id,
      sender_id: senderId,
      receiver_id: receiverId,
      content: input.content,
      client_id: input.client_id,
      is_read: false,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  await notifyOnce(trx, after, { userId: receiverId, fromUserId: senderId, type: 'message' });
  const message = presentMessage(row);
  after.emitToUser([senderId, receiverId], 'message:new', message);
  return message;
}

async function findByClientId(db: Kysely<DB>, senderId: string, clientId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

function sameConversationOrThrow(row: Selectable<MessagesTable>, receiverId: string): Message {
  if (row.receiver_id !== receiverId) {
    throw new HttpError(
      409,
      'client_id_taken',
      'This client_id was already used for another message. Send with a new one.',
    );
  }
  return presentMessage(row);
}

/**
 * The reader opens the conversation: every message the other member sent them so far becomes read,
 * their unread count goes to zero, and the `message` notifications from that member are read too.
 * Both members' tabs hear of it. Returns null when nothing was unread (nothing to tell anyone).
 */
export async function markConversationRead(
  trx: Transaction<DB>,
  after: After,
  readerId: string,
  otherId: string,
): Promise<ReadReceipt | null> {
  const { user_a, user_b, side } = pairOf(readerId, otherId);
  const unreadColumn = side === 'a' ? 'a_unread' : 'b_unread';
  // Updating the pair row first takes its lock on PostgreSQL: a send waits for this to finish.
  const conversation = await trx
    .updateTable('conversations')
    .set({ [unreadColumn]: 0 })
    .where('user_a', '=', user_a)
    .where('user_b', '=', user_b)
    .returning('id')
    .executeTakeFirst();
  if (!conversation) return null;
  const newest = await trx
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversation.id)
    .where('receiver_id', '=', readerId)
    .where('is_read', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const notificationsRead = await markNotificationsRead(trx, after, readerId, {
    fromUserId: otherId,
    type: 'message',
  });
  if (!newest) {
    return notificationsRead > 0
      ? { conversation_id: conversation.id, reader_id: readerId, up_to_id: null }
      : null;
  }
  await trx
    .updateTable('messages')
    .set({ is_read: true })
    .where('conversation_id', '=', conversation.id)
    .where('receiver_id', '=', readerId)
    .where('is_read', '=', false)
    .execute();
  const receipt = { conversation_id: conversation.id, reader_id: readerId, up_to_id: newest.id };
  after.emitToUser([readerId, otherId], 'messages:read', receipt);
  return receipt;
}
