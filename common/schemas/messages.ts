import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { cursorField, fieldRule, limitField, personSchema, text } from './fields.ts';

/** Direct messages: limits, texts and every payload of /api/conversations/*. */
export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGES_PAGE_DEFAULT = 30;
export const MESSAGES_PAGE_MAX = 100;
export const CONVERSATIONS_PAGE_DEFAULT = 20;
export const CONVERSATIONS_PAGE_MAX = 50;
/** How many newer messages one catch-up call (`after=`) returns at most; the client asks again. */
export const MESSAGES_CATCH_UP_MAX = 200;

export const MESSAGE_TEXTS = {
  empty: 'Write a message first.',
  toSelf: 'You cannot send a message to yourself.',
  memberNotFound: 'This member does not exist any more.',
  sendFailed: 'Message not sent',
  noConversations: 'No conversations yet',
  noMessages: 'No messages yet. Say hello!',
  pickConversation: 'Select a conversation to start messaging',
  unknownUsername: 'There is no member with this username. Check the link, or pick a conversation.',
  noRequest: 'There is no message request from this member.',
  requests: 'Message requests',
  noRequests: 'No message requests',
  requestsHint:
    "Messages from people who aren't your friends. They won't know you've seen one until you accept it.",
  requestBanner: (name: string) =>
    `${name} wants to message you. They won't know you've seen this until you accept.`,
  accept: 'Accept',
  delete: 'Delete',
  accepted: 'Request accepted',
  deleted: 'Request deleted',
  requestFailed: 'Error',
} as const;

export const MESSAGE_ERRORS = defineErrors({
  message_empty: MESSAGE_TEXTS.empty,
  message_too_long: 'A message can be at most {{max}} characters.',
  message_to_self: MESSAGE_TEXTS.toSelf,
  message_member_not_found: MESSAGE_TEXTS.memberNotFound,
  message_no_request: MESSAGE_TEXTS.noRequest,
  client_id_required: 'client_id is required.',
  client_id_invalid: 'client_id must be 8-64 letters, digits or dashes.',
  after_not_message_id: 'after must be a message id.',
  box_invalid: 'box must be inbox or requests.',
});
const { rule } = rulesOf(MESSAGE_ERRORS);

const clientIdPattern = /^[0-9a-zA-Z-]{8,64}$/;

export const sendMessageSchema = z.strictObject({
  content: text({
    label: 'The message',
    min: 1,
    max: MESSAGE_MAX_LENGTH,
    multiline: true,
    typeError: fieldRule('content_required'),
    required: rule('message_empty'),
    tooLong: rule('message_too_long', { max: MESSAGE_MAX_LENGTH }),
  }),
  /**
   * Chosen by the client for each message it means to send (a UUID). Sending again with the same
   * id after a lost answer returns the stored message instead of storing a second one.
   */
  client_id: text({ label: 'client_id', max: 64, trim: false, typeError: rule('client_id_required') }).check(
    z.regex(clientIdPattern, rule('client_id_invalid')),
  ),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/**
 * `before`: a cursor from `next_cursor`, pages back into history (newest first).
 * `after`: a message id; returns what came after it, oldest first (catching up after a reconnect).
 */
export const messagesQuerySchema = z.strictObject({
  before: cursorField,
  after: z.optional(
    text({ label: 'after', max: 64, trim: false }).check(
      z.regex(clientIdPattern, rule('after_not_message_id')),
    ),
  ),
  limit: limitField(MESSAGES_PAGE_MAX),
});

/** Which list: the inbox, or 'Message requests' (conversations the viewer has not accepted). */
export const CONVERSATION_BOXES = ['inbox', 'requests'] as const;
export type ConversationBox = (typeof CONVERSATION_BOXES)[number];

export const conversationsQuerySchema = z.strictObject({
  before: cursorField,
  limit: limitField(CONVERSATIONS_PAGE_MAX),
  box: z.optional(z.enum(CONVERSATION_BOXES, rule('box_invalid'))),
});

export const participantSchema = personSchema;
export type Participant = z.infer<typeof participantSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string(),
  receiver_id: z.string(),
  content: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
  client_id: z.nullable(z.string()),
  /**
   * Only on the receiver's live copy (`message:new`) of a message that landed in their 'Message
   * requests'; never in the sender's answer or copy, so the sender cannot tell.
   */
  in_requests: z.optional(z.boolean()),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * GET /api/conversations/with/:userId/messages. With `before` (or nothing): newest first, and
 * `next_cursor` pages further back. With `after`: oldest first, and `has_more` says ask again.
 */
export const messagePageSchema = z.object({
  other: participantSchema,
  messages: z.array(messageSchema),
  next_cursor: z.nullable(z.string()),
  has_more: z.boolean(),
  /** The conversation is in the viewer's 'Message requests' (always false for the one who wrote first). */
  is_request: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  other: participantSchema,
  last_message: messageSchema,
  /** Messages from the other member the viewer has not read. */
  unread_count: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations?box=inbox|requests: newest conversation first. */
export const conversationPageSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  next_cursor: z.nullable(z.string()),
  /** Inbox conversations with at least one unread message, for the header badge (never requests). */
  unread_conversations: z.number(),
  /** How many conversations wait in 'Message requests'. */
  request_count: z.number(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** POST /api/conversations/with/:userId/read: what the viewer just read. */
export const readReceiptSchema = z.object({
  /** Null only in the HTTP answer when the two members have no conversation yet. */
  conversation_id: z.nullable(z.string()),
  reader_id: z.string(),
  /** Every message to the reader up to and including this id is now read. Null: nothing was unread. */
  up_to_id: z.nullable(z.string()),
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;
