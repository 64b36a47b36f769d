import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Message, MessagePage } from '@common/schemas/messages.ts';
import { signedInMember, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppProcess, type AppSettings, publicUrlOf } from '../../scripts/durability/appProcess.ts';
import { type ChildCommand, childCommand } from '../../scripts/durability/bundle.ts';

// Two app nodes on one PostgreSQL database and one Redis. Node A is a child process killed with SIGKILL
// twice (see KILLS) while a member sends numbered messages through both nodes, retrying a send that got
// no answer on the other node with the same client_id, as the web client behind a load balancer would.
// A real process, so its death is a real one: no close handler runs, its database connections and
// Redis subscriptions just vanish. The receiver's socket is on node B. Each message must be stored once
// and reach the receiver once, in send order: on the socket (plus the catch-up the web client makes
// after a reconnect), on the conversation page and in the database.
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

const MESSAGES = 24;
/**
 * Node A dies while handling the send of these messages: held inside its transaction (the test holds
 * the conversation's row lock, so A's upsert waits on it), and right after its commit (the row is
 * seen), when its answer and realtime event may not have left yet.
 */
const KILLS = new Map<number, 'inside its transaction' | 'once it committed'>([
  [6, 'inside its transaction'],
  [16, 'once it committed'],
]);
/** Node A is back (restarted, on the same port) before this message is sent. */
const BACK_BEFORE = [10, 20];

/** Polls until `ready` says yes; a test that claims a moment must reach it. */
async function until(what: string, ready: () => Promise<boolean>) {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(2)) {
    if (await ready()) return;
  }
  throw new Error(`never saw ${what}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.skipIf(!enabled)('messages while one of two app nodes restarts', () => {
  let nodeB: TestServer;
  let nodeA: AppProcess | undefined;
  let command: ChildCommand;
  let settingsA: AppSettings;

  const startNodeA = async () => {
    nodeA = await AppProcess.load(command, settingsA);
    await nodeA.start();
  };

  beforeAll(async () => {
    command = await childCommand();
    nodeB = await startTestServer('postgres', {
      redisUrl: process.env.TEST_REDIS_URL,
      authRateLimit: { perIp: 1000, perEmail: 100, windowMs: 60_000 },
    });
    settingsA = {
      port: await freePort(),
      dataDir: mkdtempSync(path.join(tmpdir(), 'splikz-node-a-')),
      // The same secret as node B: a session cookie is good on either node.
      authSecret: nodeB.built.ctx.config.authSecret,
      databaseUrl: nodeB.built.ctx.config.databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
    };
    await startNodeA();
  }, 180_000);

  afterAll(async () => {
    await nodeA?.kill();
    if (settingsA) rmSync(settingsA.dataDir, { recursive: true, force: true });
    await nodeB?.close();
  });

  it('stores and delivers each message exactly once, in send order', { timeout: 180_000 }, async () => {
    const sender = await signedInMember(nodeB);
    const receiver = await signedInMember(nodeB);
    // Friends, so the messages land in the receiver's inbox whatever 'Who can message you' says.
    expect((await sender.client.request('PUT', `/api/follows/${receiver.me.id}`)).status).toBe(200);
    expect((await receiver.client.post(`/api/friend-requests/${sender.me.id}/accept`)).status).toBe(204);
    const senderOnA = new TestClient(publicUrlOf(settingsA.port));
    for (const [name, value] of sender.client.cookies) senderOnA.cookies.set(name, value);
    const chat = `/api/conversations/with/${receiver.me.id}/messages`;
    const tag = Date.now().toString(36);
    const clientId = (i: number) => `restart-${tag}-${String(i).padStart(3, '0')}`;
    const db = nodeB.built.ctx.database.db;
    const retried: string[] = [];
    /** Retries answered 200: the lost send had been stored, and the retry returned it. */
    let foundStored = 0;
    const serverErrors: string[] = [];

    /** One message, sent to `first`, and again (same client_id) to the other node while no answer comes. */
    async function send(i: number, first: 'A' | 'B'): Promise<Message> {
      const body = { content: `#${i}`, client_id: clientId(i) };
      let node = first;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const answer = await (node === 'A' ? senderOnA : sender.client).post(chat, body).catch(() => null);
        if (answer?.status === 200 || answer?.status === 201) {
          if (attempt > 0 && answer.status === 200) foundStored += 1;
          return answer.body as Message;
        }
        if (answer?.status === 429) {
          await sleep(1000 * Number(answer.headers.get('retry-after') ?? 1));
          continue;
        }
        if (answer && answer.status < 500) {
          throw new Error(`send #${i} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        // No answer (the node is down or died mid-request), or a 5xx: the client tries again elsewhere.
        if (answer) serverErrors.push(`#${i} on ${node}: ${answer.status} ${JSON.stringify(answer.body)}`);
        retried.push(`#${i} on ${node}`);
        node = node === 'A' ? 'B' : 'A';
        await sleep(20);
      }
      throw new Error(`send #${i} got no answer from either node`);
    }

    // The receiver has the chat open on node B: its first page, then what the socket brings.
    const opening = await send(0, 'B');
    const firstPage = (await receiver.client.get(`/api/conversations/with/${sender.me.id}/messages`)).body;
    const view = new Map<string, Message>((firstPage as MessagePage).messages.map((m) => [m.id, m]));
    const live = new Set<string>();
    const socket: ClientSocket = connectSocket(nodeB, receiver.client);
    socket.on('message:new', (message) => {
      if (message.sender_id !== sender.me.id) return;
      live.add(message.id);
      view.set(message.id, message); // deduped by id, as messageCache.ts upserts
    });
    await connected(socket);

    const sent: Message[] = [opening];
    let restart: Promise<void> = Promise.resolve();
    try {
      for (let i = 1; i <= MESSAGES; i += 1) {
        if (BACK_BEFORE.includes(i)) await restart;
        const kill = KILLS.get(i);
        if (!kill) {
          sent.push(await send(i, i % 2 === 0 ? 'A' : 'B'));
          continue;
        }
        let sending: Promise<Message> | undefined;
        if (kill === 'inside its transaction') {
          const [user_a, user_b] = [sender.me.id, receiver.me.id].sort();
          await db.transaction().execute(async (trx) => {
            await trx
              .selectFrom('conversations')
              .select('id')
              .where('user_a', '=', user_a)
              .where('user_b', '=', user_b)
              .forUpdate()
              .execute();
            sending = send(i, 'A');
            await until("node A's send waiting on the conversation's lock", async () => {
              const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
              return waiting.rows[0]!.n > 0;
            });
            await nodeA!.kill();
          });
        } else {
          sending = send(i, 'A');
          await until(`message #${i} stored`, async () =>
            Boolean(
              await db
                .selectFrom('messages')
                .select('id')
                .where('sender_id', '=', sender.me.id)
                .where('client_id', '=', clientId(i))
                .executeTakeFirst(),
            ),
          );
          await nodeA!.kill();
        }
        restart = startNodeA();
        sent.push(await sending!);
      }
      await restart;
      // The last event may still be on its way through Redis.
      for (let waited = 0; !live.has(sent.at(-1)!.id) && waited < 3000; waited += 50) await sleep(50);

      // The web client's catch-up after a reconnect: everything after the newest message it holds.
      for (let after: string | undefined = [...view.keys()].sort().at(-1); after; ) {
        const page = (
          await receiver.client.get(`/api/conversations/with/${sender.me.id}/messages?after=${after}`)
        ).body as MessagePage;
        for (const message of page.messages) view.set(message.id, message);
        after = page.has_more ? page.messages.at(-1)?.id : undefined;
      }
    } finally {
      socket.close();
    }
    const expected = sent.map((m) => m.content);
    expect(expected).toEqual(Array.from({ length: MESSAGES + 1 }, (_, i) => `#${i}`));
    expect(serverErrors).toEqual([]);
    console.log(
      `restart delivery: sends retried on the other node: ${retried.join(', ')}; ${foundStored} of those ` +
        `had been stored before the kill; ${live.size} of ${MESSAGES} messages arrived on the socket`,
    );

    // The receiver's view, ordered by id as the chat orders stored messages.
    const shown = [...view.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(shown.map((m) => m.content)).toEqual(expected);
    expect(shown.map((m) => m.id)).toEqual(sent.map((m) => m.id));

    // The conversation page (newest first), from either node.
    for (const client of [receiver.client, senderOnA]) {
      const otherId = client === senderOnA ? receiver.me.id : sender.me.id;
      const page = (await client.get(`/api/conversations/with/${otherId}/messages?limit=100`))
        .body as MessagePage;
      expect(page.messages.map((m) => m.content).reverse()).toEqual(expected);
    }

    // The database: each client_id once.
    const rows = await nodeB.built.ctx.database.db
      .selectFrom('messages')
      .select(['client_id', 'content'])
      .where('sender_id', '=', sender.me.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.content)).toEqual(expected);
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(MESSAGES + 1);
  });
});
