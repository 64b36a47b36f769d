/**
 * What the rest of the server tells the realtime layer, after its transaction has committed.
 * The Socket.IO implementation lives in socketServer.ts; tests and scripts may use `silentRealtime`.
 */
export interface Realtime {
  /** The notifications of these members changed: their open tabs refetch the list. */
  notificationsChanged(userIds: string[]): void;
  /** Sign-out, password reset, account deletion: drop the member's sockets; valid ones reconnect. */
  disconnectUser(userId: string): void;
}

export const silentRealtime: Realtime = {
  notificationsChanged: () => {},
  disconnectUser: () => {},
};
