// Child process of bench/realtime.ts: opens one Socket.IO connection per cookie and records when
// each member's 'notifications:changed' arrives. Lives apart from the server so it does not share
// its event loop.
import type { ServerToClientEvents } from '@common/realtime.ts';
import { io, type Socket } from 'socket.io-client';

type Message =
  | { type: 'connect'; baseUrl: string; members: Array<{ userId: string; cookie: string }> }
  | { type: 'close' };

const sockets: Socket<ServerToClientEvents>[] = [];
const received: Record<string, number[]> = {};

process.on('message', async (message: Message) => {
  if (message.type === 'close') {
    for (const socket of sockets) socket.close();
    process.send?.({ type: 'received', received }, () => process.exit(0));
    return;
  }
  let connected = 0;
  await Promise.all(
    message.members.map(
      ({ userId, cookie }) =>
        new Promise<void>((resolve, reject) => {
          const socket: Socket<ServerToClientEvents> = io(message.baseUrl, {
            path: '/socket.io',
            transports: ['websocket'],
            reconnection: false,
            extraHeaders: { cookie, origin: message.baseUrl },
          });
          sockets.push(socket);
          socket.on('notifications:changed', () => {
            const arrivals = received[userId] ?? [];
            arrivals.push(performance.timeOrigin + performance.now());
            received[userId] = arrivals;
          });
          socket.once('connect', () => {
            connected += 1;
            resolve();
          });
          socket.once('connect_error', reject);
        }),
    ),
  );
  process.send?.({ type: 'connected', connected });
});
