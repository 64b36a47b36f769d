// Child process of the realtime and messaging benchmarks: opens one Socket.IO connection per member,
// records when each member's 'notifications:changed' arrives, and for the messaging benchmark sends
// the direct messages itself over keep-alive HTTP and times each one from the POST to the receiver's
// 'message:new'. Lives apart from the server so it does not share its event loop.
import { randomUUID } from 'node:crypto';
import type { ServerToClientEvents } from '@common/realtime.ts';
import { io, type Socket } from 'socket.io-client';
import type { BenchMember } from './members.ts';

export type ClientsCommand =
  | { type: 'connect'; baseUrl: string; members: BenchMember[] }
  | {
      type: 'exchange';
      baseUrl: string;
      pairs: Array<[BenchMember, BenchMember]>;
      count: number;
      perSecond: number;
    }
  | { type: 'close' };

export interface ExchangeResult {
  type: 'exchanged';
  /** POST issued → the receiver's socket has the message, ms. */
  deliveryMs: number[];
  /** POST issued → its answer, ms. */
  answerMs: number[];
  failed: Record<string, number>;
  lost: number;
  seconds: number;
}

const sockets: Socket<ServerToClientEvents>[] = [];
const received: Record<string, number[]> = {};
/** client_id of a message in flight → when its POST was issued. */
const inFlight = new Map<string, number>();
const deliveryMs: number[] = [];
let onDelivered: (() => void) | null = null;

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(baseUrl: string, { userId, cookie }: BenchMember) {
  return new Promise<void>((resolve, reject) => {
    const socket: Socket<ServerToClientEvents> = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie, origin: baseUrl },
    });
    sockets.push(socket);
    socket.on('notifications:changed', () => {
      const arrivals = received[userId] ?? [];
      arrivals.push(performance.timeOrigin + now());
      received[userId] = arrivals;
    });
    socket.on('message:new', (message) => {
      // The sender's own tabs get the message too; the receiver's arrival is the one that counts.
      if (message.receiver_id !== userId || !message.client_id) return;
      const sentAt = inFlight.get(message.client_id);
      if (sentAt === undefined) return;
      inFlight.delete(message.client_id);
      deliveryMs.push(now() - sentAt);
      onDelivered?.();
    });
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** Sends `count` messages at `perSecond` (an open loop: a slow answer does not slow the senders). */
async function exchange(command: Extract<ClientsCommand, { type: 'exchange' }>): Promise<ExchangeResult> {
  const answerMs: number[] = [];
  const failed: Record<string, number> = {};
  const sends: Promise<void>[] = [];
  const started = now();
  for (let i = 0; i < command.count; i += 1) {
    const due = started + (i * 1000) / command.perSecond;
    if (due > now()) await sleep(due - now());
    const pair = command.pairs[Math.floor(Math.random() * command.pairs.length)]!;
    const [from, to] = Math.random() < 0.5 ? pair : [pair[1], pair[0]];
    const clientId = randomUUID();
    const sentAt = now();
    inFlight.set(clientId, sentAt);
    sends.push(
      fetch(`${command.baseUrl}/api/conversations/with/${to.userId}/messages`, {
        method: 'POST',
        headers: { cookie: from.cookie, origin: command.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Bench message ${i}`, client_id: clientId }),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 201) answerMs.push(now() - sentAt);
          else {
            inFlight.delete(clientId);
            failed[res.status] = (failed[res.status] ?? 0) + 1;
          }
        },
        () => {
          inFlight.delete(clientId);
          failed.network = (failed.network ?? 0) + 1;
        },
      ),
    );
  }
  await Promise.all(sends);
  const seconds = (now() - started) / 1000;
  // Whatever is stored but not yet delivered gets five more seconds.
  if (inFlight.size > 0) {
    await Promise.race([
      new Promise<void>((resolve) => {
        onDelivered = () => inFlight.size === 0 && resolve();
      }),
      sleep(5000),
    ]);
  }
  return { type: 'exchanged', deliveryMs, answerMs, failed, lost: inFlight.size, seconds };
}

process.on('message', async (command: ClientsCommand) => {
  if (command.type === 'close') {
    for (const socket of sockets) socket.close();
    process.send?.({ type: 'received', received }, () => process.exit(0));
    return;
  }
  if (command.type === 'exchange') {
    process.send?.(await exchange(command));
    return;
  }
  await Promise.all(command.members.map((member) => connect(command.baseUrl, member)));
  process.send?.({ type: 'connected', connected: sockets.length });
});
