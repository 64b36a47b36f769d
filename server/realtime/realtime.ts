import type { Message, ReadReceipt } from '@common/schemas/messages.ts';

/**
 * What the rest of the server tells the realtime layer, after its transaction has committed.
 * The Socket.IO implementation lives in socketServer.ts; tests and scripts may use `silentRealtime`.
 */
export interface Realtime {
  /** The notifications of these members changed: their open tabs refetch the list. */
  notificationsChanged(userIds: string[]): void;
  /** A direct message was stored: its sender's and receiver's tabs get it. */
  messageStored(message: Message): void;
  /** A member read messages of a conversation: both participants' tabs learn it. */
  messagesRead(receipt: ReadReceipt, otherUserId: string): void;
  /** Sign-out, password reset, account deletion: drop the member's sockets; valid ones reconnect. */
  disconnectUser(userId: string): void;
}

export const silentRealtime: Realtime = {
  notificationsChanged: () => {},
  messageStored: () => {},
  messagesRead: () => {},
  disconnectUser: () => {},
};
