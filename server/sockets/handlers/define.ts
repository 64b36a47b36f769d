import type {
  AckData,
  ClientEvent,
  ClientToServerEvents,
  RoomName,
  ServerToClientEvents,
} from '@common/realtime.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { JanusMedia } from '@server/circles/janus.ts';
import type { DB } from '@server/db/types.ts';
import type { WindowCounter } from '@server/http/windowCounter.ts';
import type { Log } from '@server/log.ts';
import type { Kysely } from 'kysely';
import type { Socket } from 'socket.io';
import type { z } from 'zod/mini';

export interface SocketData {
  viewer: Viewer;
}

export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What a handler may use besides its socket. */
export interface HandlerDeps {
  db: Kysely<DB>;
  log: Log;
  /** Per-member counts of costly events (room joins): across nodes with REDIS_URL. */
  counter: WindowCounter;
  /** This node's Janus sessions and handles, with JANUS_URL (issue 29). */
  janus?: JanusMedia | undefined;
}

type Payload<E extends ClientEvent> = Parameters<ClientToServerEvents[E]>[0];

/**
 * One client-to-server event: the schema its payload must pass and what it does. A handler checks
 * the policy of whatever it touches before it joins a room or relays anything; what it returns is
 * the acknowledgement's data, and what it throws (an HttpError) the acknowledgement's error.
 */
export interface EventHandler<E extends ClientEvent> {
  event: E;
  schema: z.ZodMiniType<Payload<E>>;
  handle(socket: AppSocket, input: Payload<E>, deps: HandlerDeps): Promise<AckData<E>>;
}

export function defineHandler<E extends ClientEvent>(handler: EventHandler<E>): EventHandler<E> {
  return handler;
}

/** Rooms the socket is in, as the contract names them (Socket.IO also puts it in its own id's room). */
export function roomsOf(socket: AppSocket): RoomName[] {
  return [...socket.rooms].filter((room) => room !== socket.id) as RoomName[];
}
