import type { RoomName, ServerEvent, ServerToClientEvents } from '@common/realtime.ts';

/**
 * What the rest of the server tells the realtime layer: one typed `emit` for every feature, so a new
 * event touches the contract (`common/realtime.ts`) and the code that sends it. Commands record their
 * emits through `runCommand`'s `after`, which calls these once the transaction has committed.
 * The Socket.IO implementation lives in socketServer.ts; tests and scripts may use `silentRealtime`.
 */
export interface Realtime {
  emit<E extends ServerEvent>(
    room: RoomName | RoomName[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * To a room, except the tabs of these members: a circle's host's live-list news does not reach
   * members hidden from them (blocks, both ways).
   */
  emitExcept<E extends ServerEvent>(
    room: RoomName,
    exceptUserIds: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** To every tab of these members (their private rooms). */
  emitToUser<E extends ServerEvent>(
    userIds: string | string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sign-out, password reset, account deletion: drop the member's sockets; valid ones reconnect. */
  disconnectUser(userId: string): void;
  /**
   * Takes every tab of these members out of a room, on every node (lost access: removed from a group,
   * banned, blocked by a circle's host); a circle's Janus handles of those tabs go with it.
   */
  leaveRoom(userIds: string | string[], room: RoomName): void;
}

/**
 * What the streams of the Mastodon client API hear of (issue 53), published on the node where it
 * happened and heard on every node (NodeChannel: the Socket.IO server's Redis adapter).
 */
export type AppStreamEvent =
  | { type: 'post'; action: 'new' | 'update' | 'delete'; postId: string; authorId?: string }
  | { type: 'notifications'; userIds: string[] }
  | { type: 'revoked'; tokenIds: string[] };

/** One message to this node and every other (with Redis), for server-side listeners. */
export interface NodeChannel {
  publish(event: string, payload: unknown): void;
  subscribe(event: string, listener: (payload: unknown) => void): void;
}

export const silentRealtime: Realtime = {
  emit: () => {},
  emitExcept: () => {},
  emitToUser: () => {},
  disconnectUser: () => {},
  leaveRoom: () => {},
};
