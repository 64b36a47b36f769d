import type { ServerToClientEvents } from '@common/realtime.ts';
import { io, type Socket } from 'socket.io-client';
import type { TestClient, TestServer } from './harness.ts';

export type ClientSocket = Socket<ServerToClientEvents>;

/** A Socket.IO client with the member's session cookie (none for `null`), as a browser tab would be. */
export function connectSocket(
  server: TestServer,
  client: TestClient | null,
  origin = server.baseUrl,
): ClientSocket {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  return io(server.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin, ...(cookie ? { cookie } : {}) },
  });
}

export const connected = (socket: ClientSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
