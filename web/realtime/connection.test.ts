import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AckResult,
  type ClientToServerEvents,
  REALTIME_PATH,
  type RoomName,
  rooms,
  type ServerToClientEvents,
} from '@common/realtime.ts';
import { Server } from 'socket.io';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { connectedSocket, connectRealtime, onRealtimeConnected, onRealtimeEvent } from './connection.ts';
import { holdRoom, roomState } from './rooms.ts';

// A bare Socket.IO server speaking the contract: it lets anyone into the live-circles list only, and
// records what the client asked, so the client's bookkeeping is tested without the app's server.
let io: Server<ClientToServerEvents, ServerToClientEvents>;
const asked: string[] = [];
/** The transport each new connection opened with. */
const openedWith: string[] = [];
let stop: () => void;

beforeAll(async () => {
  const httpServer = createServer();
  io = new Server(httpServer, { path: REALTIME_PATH });
  io.on('connection', (socket) => {
    openedWith.push(socket.conn.transport.name);
    socket.on('room:join', ({ room }, ack) => {
      asked.push(`join ${room}`);
      if (room !== rooms.liveCircles()) {
        return ack({ ok: false, error: { code: 'forbidden', message: 'You cannot join this room.' } });
      }
      void socket.join(room);
      ack({ ok: true, data: { room } });
    });
    socket.on('room:leave', ({ room }, ack) => {
      asked.push(`leave ${room}`);
      void socket.leave(room);
      ack({ ok: true, data: { room: room as RoomName } } satisfies AckResult<{ room: RoomName }>);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  // What a browser tab has and Node does not: the page's address and <html>.
  const { port } = httpServer.address() as AddressInfo;
  vi.stubGlobal('location', new URL(`http://127.0.0.1:${port}/`));
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
});

afterAll(async () => {
  stop?.();
  vi.unstubAllGlobals();
  await new Promise((resolve) => io.close(resolve));
});

const inRoom = async (room: RoomName) => (await io.in(room).fetchSockets()).length;

test('subscriptions made before the socket exists hear events; rooms are shared, left and re-joined', async () => {
  const heard: string[] = [];
  const stopHearing = onRealtimeEvent('notifications:changed', () => heard.push('changed'));
  const connects: boolean[] = [];
  onRealtimeConnected((reconnect) => connects.push(reconnect));
  // Held before the connection exists: asked for on the first connect.
  const releaseFirst = holdRoom(rooms.liveCircles());
  const releaseForbidden = holdRoom(rooms.circle('c1'));

  stop = connectRealtime();
  await vi.waitFor(() => expect(roomState(rooms.liveCircles()).joined).toBe(true));
  expect(connects).toEqual([false]);
  expect(document.documentElement.dataset.realtime).toBe('connected');
  await vi.waitFor(() => expect(roomState(rooms.circle('c1')).error).toBe('You cannot join this room.'));
  expect(roomState(rooms.circle('c1')).joined).toBe(false);

  io.emit('notifications:changed');
  await vi.waitFor(() => expect(heard).toEqual(['changed']));

  // A second holder shares the membership; the room is left only when both let go.
  const releaseSecond = holdRoom(rooms.liveCircles());
  releaseFirst();
  releaseFirst(); // twice is once
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await inRoom(rooms.liveCircles())).toBe(1);
  expect(asked.filter((a) => a === `join ${rooms.liveCircles()}`)).toHaveLength(1);

  // The server drops the socket: the client reconnects after 1 s and asks for its rooms again.
  io.disconnectSockets();
  await vi.waitFor(() => expect(connectedSocket()).toBeUndefined());
  expect(roomState(rooms.liveCircles()).joined).toBe(false);
  await vi.waitFor(() => expect(roomState(rooms.liveCircles()).joined).toBe(true), { timeout: 5_000 });
  expect(connects).toEqual([false, true]);
  // WebSocket first, every time: a round-robin proxy would send long-polling's next request elsewhere.
  expect(openedWith).toEqual(['websocket', 'websocket']);
  expect(await inRoom(rooms.liveCircles())).toBe(1);

  releaseSecond();
  releaseForbidden();
  await vi.waitFor(async () => expect(await inRoom(rooms.liveCircles())).toBe(0));
  expect(asked.at(-1)).toBe(`leave ${rooms.circle('c1')}`);

  stopHearing();
  io.emit('notifications:changed');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toEqual(['changed']);
});
