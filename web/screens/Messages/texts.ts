import type { MESSAGE_TEXTS } from '@common/schemas/messages.ts';
import { msg } from '@web/i18n/msg.ts';

/**
 * The catalogue keys of the MESSAGE_TEXTS these screens show (common/ cannot mark its texts with msg()).
 * Typed against MESSAGE_TEXTS: a change of wording there fails the type check until it is made here too.
 * Shown with t(MESSAGE_KEYS.…); `requestBanner` and `tooLong` take values, so they are t() calls where shown.
 */
export const MESSAGE_KEYS = {
  sendFailed: msg('Message not sent'),
  noConversations: msg('No conversations yet'),
  noMessages: msg('No messages yet. Say hello!'),
  pickConversation: msg('Select a conversation to start messaging'),
  toSelf: msg('You cannot send a message to yourself.'),
  unknownUsername: msg('There is no member with this username. Check the link, or pick a conversation.'),
  requests: msg('Message requests'),
  noRequests: msg('No message requests'),
  requestsHint: msg(
    "Messages from people who aren't your friends. They won't know you've seen one until you accept it.",
  ),
  accept: msg('Accept'),
  delete: msg('Delete'),
  accepted: msg('Request accepted'),
  deleted: msg('Request deleted'),
  requestFailed: msg('Error'),
} as const satisfies { [K in keyof typeof MESSAGE_TEXTS]?: (typeof MESSAGE_TEXTS)[K] };
