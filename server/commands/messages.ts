import type { Message, ReadReceipt, SendMessageInput } from '@common/schemas/messages.ts';
import { isUniqueViolation } from '@server/db/errors.ts';
import type { DB, MessagesTable } from '@server/db/types.ts';
import { conflict, notFound } from '@server/http/errors.ts';
import { refuseIfHidden } from '@server/policies/blocks.ts';
import { presentMessage } from '@server/presenters/message.ts';
import { mayWriteToInbox, pairOf, sideColumns } from '@server/queries/messages.ts';
import {
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
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
 * Message requests: a conversation the receiver has in their inbox stays there; otherwise it lands
 * in their requests unless they let the sender write to their inbox (`mayWriteToInbox`). A request
 * rings no bell and counts in no badge (a stranger must not be able to demand attention); the
 * Messages screen shows it under 'Message requests'. Writing accepts: the sender's own side is
 * always in their inbox. The sender's answer and live copy are the same either way.
 * The same client_id again returns the stored message (a retry after a lost answer), unless a block
 * came between them since: then it is refused like a new message.
 */
export async function sendMessage(
  ctx: CommandContext,
  senderId: string,
  receiverId: string,
  input: SendMessageInput,
): Promise<SentMessage> {
  const { db } = ctx.database;
  const earlier = await findByClientId(db, senderId, input.client_id);
  if (earlier) {
    // A block since the first send refuses the retry as it would a new message: nothing is told again.
    await refuseIfHidden(db, senderId, receiverId, 'message_member_not_found');
    return { message: await sendAgain(ctx, earlier, receiverId), created: false };
  }
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

/**
 * A retry of a message already stored: the stored message, told to both members again. The node that
 * stored it may have died between its commit and its events (the retry then reaches another node), and
 * a client that missed it would not catch up on a message older than its newest one. Clients keep one
 * copy per id, so a second telling changes nothing for those who heard the first. The receiver hears
 * it as the first send would have told them (in their requests), and not at all once they deleted it.
 */
async function sendAgain(ctx: CommandContext, row: Selectable<MessagesTable>, receiverId: string) {
  const message = sameConversationOrThrow(row, receiverId);
  const { side } = pairOf(row.sender_id, row.receiver_id);
  const receiver = sideColumns(side === 'a' ? 'b' : 'a');
  const conversation = await ctx.database.db
    .selectFrom('conversations')
    .select([`${receiver.request} as in_requests`, `${receiver.clearedUpTo} as cleared_up_to`])
    .where('id', '=', row.conversation_id)
    .executeTakeFirst();
  ctx.realtime.emitToUser([row.sender_id], 'message:new', message);
  if (conversation && !(conversation.cleared_up_to && conversation.cleared_up_to >= row.id)) {
    const copy = conversation.in_requests ? { ...message, in_requests: true } : message;
    ctx.realtime.emitToUser([row.receiver_id], 'message:new', copy);
  }
  return message;
}

async function storeMessage(
  trx: Transaction<DB>,
  after: After,
  senderId: string,
  receiverId: string,
  input: SendMessageInput,
): Promise<Message> {
  // Missing, or hidden from the sender (a block either way, a suspension): a 404, as its profile.
  await refuseIfHidden(trx, senderId, receiverId, 'message_member_not_found');
  const { user_a, user_b, side } = pairOf(senderId, receiverId);
  const receiver = sideColumns(side === 'a' ? 'b' : 'a');
  const sender = sideColumns(side);
  const receiverUnread = receiver.unread;
  const request = !(await mayWriteToInbox(trx, senderId, receiverId));
  // Already in the receiver's inbox (accepted, and not a request they deleted): it stays there.
  const stillRequest = request
    ? sql<boolean>`case when conversations.${sql.ref(receiver.request)} then ${sql.lit(true)}
        when conversations.${sql.ref(receiver.clearedUpTo)} = conversations.last_message_id then ${sql.lit(true)}
        else ${sql.lit(false)} end`
    : sql<boolean>`${sql.lit(false)}`;
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
      [receiver.request]: request,
      [sender.request]: false,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_a', 'user_b']).doUpdateSet({
        last_message_id: id,
        last_message_at: now,
        [receiverUnread]: sql`conversations.${sql.ref(receiverUnread)} + 1`,
        [receiver.request]: stillRequest,
        [sender.request]: false,
      }),
    )
    .returning(['id', `${receiver.request} as in_requests`])
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

  const message = presentMessage(row);
  if (conversation.in_requests) {
    after.emitToUser([senderId], 'message:new', message);
    after.emitToUser([receiverId], 'message:new', { ...message, in_requests: true });
  } else {
    await notifyOnce(trx, after, { userId: receiverId, fromUserId: senderId, type: 'message' });
    after.emitToUser([senderId, receiverId], 'message:new', message);
  }
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
    throw conflict('client_id_taken');
  }
  return presentMessage(row);
}

/** The reader opens their conversation with a member they may see (404 otherwise, as for sending). */
export async function readConversation(
  trx: Transaction<DB>,
  after: After,
  readerId: string,
  otherId: string,
): Promise<ReadReceipt | null> {
  await refuseIfHidden(trx, readerId, otherId, 'message_member_not_found');
  return markConversationRead(trx, after, readerId, otherId);
}

/**
 * The reader opens the conversation: every message the other member sent them so far becomes read,
 * their unread count goes to zero, and the `message` notifications from that member are read too.
 * Both members' tabs hear of it. Returns null when nothing was unread (nothing to tell anyone).
 */
async function markConversationRead(
  trx: Transaction<DB>,
  after: After,
  readerId: string,
  otherId: string,
): Promise<ReadReceipt | null> {
  const { user_a, user_b, side } = pairOf(readerId, otherId);
  const { unread, clearedUpTo } = sideColumns(side);
  // Updating the pair row first takes its lock on PostgreSQL: a send waits for this to finish.
  const conversation = await trx
    .updateTable('conversations')
    .set({ [unread]: 0 })
    .where('user_a', '=', user_a)
    .where('user_b', '=', user_b)
    .returning(['id', `${clearedUpTo} as cleared_up_to`])
    .executeTakeFirst();
  if (!conversation) return null;
  // Messages of a request the reader deleted stay unread: its sender is never told anything of it.
  const cleared = conversation.cleared_up_to
    ? await trx
        .selectFrom('messages')
        .select(['created_at', 'id'])
        .where('id', '=', conversation.cleared_up_to)
        .executeTakeFirst()
    : undefined;
  const afterCleared = sql<SqlBool>`(created_at, id) > (${cleared?.created_at ?? ''}, ${cleared?.id ?? ''})`;
  const newest = await trx
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversation.id)
    .where('receiver_id', '=', readerId)
    .where('is_read', '=', false)
    .$if(Boolean(cleared), (qb) => qb.where(afterCleared))
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
    .$if(Boolean(cleared), (qb) => qb.where(afterCleared))
    .execute();
  const receipt = { conversation_id: conversation.id, reader_id: readerId, up_to_id: newest.id };
  after.emitToUser([readerId, otherId], 'messages:read', receipt);
  return receipt;
}

/**
 * The viewer's side of their conversation with this member while it is a request: not accepted, and
 * not deleted (a deleted one stays deleted until a newer message).
 */
function pendingRequest(viewerId: string, otherId: string) {
  const { user_a, user_b, side } = pairOf(viewerId, otherId);
  const columns = sideColumns(side);
  const where = (eb: ExpressionBuilder<DB, 'conversations'>) =>
    eb.and([
      eb('user_a', '=', user_a),
      eb('user_b', '=', user_b),
      sql<SqlBool>`${sql.ref(columns.request)} = ${sql.lit(true)}`,
      eb.or([eb(columns.clearedUpTo, 'is', null), eb(columns.clearedUpTo, '!=', eb.ref('last_message_id'))]),
    ]);
  return { columns, where };
}

/**
 * Accepting a message request moves the conversation to the viewer's inbox and reads it, which
 * tells the sender as any read does (they see 'Read', never that it was a request).
 */
export async function acceptMessageRequest(
  trx: Transaction<DB>,
  after: After,
  viewerId: string,
  otherId: string,
): Promise<void> {
  await refuseIfHidden(trx, viewerId, otherId, 'message_member_not_found');
  const { columns, where } = pendingRequest(viewerId, otherId);
  const accepted = await trx
    .updateTable('conversations')
    .set({ [columns.request]: false })
    .where(where)
    .executeTakeFirst();
  if (Number(accepted.numUpdatedRows) === 0) throw notFound('message_no_request');
  await markConversationRead(trx, after, viewerId, otherId);
}

/**
 * Deleting a message request removes the conversation for the viewer only: they see nothing up to
 * its newest message, and it leaves their lists. The sender keeps theirs and is told nothing (the
 * messages stay unread for them); a later message from them opens a new request.
 */
export async function deleteMessageRequest(
  trx: Transaction<DB>,
  viewerId: string,
  otherId: string,
): Promise<void> {
  await refuseIfHidden(trx, viewerId, otherId, 'message_member_not_found');
  const { columns, where } = pendingRequest(viewerId, otherId);
  const deleted = await trx
    .updateTable('conversations')
    .set((eb) => ({ [columns.clearedUpTo]: eb.ref('last_message_id'), [columns.unread]: 0 }))
    .where(where)
    .executeTakeFirst();
  if (Number(deleted.numUpdatedRows) === 0) throw notFound('message_no_request');
}
