import type { AckResult } from '@common/realtime.ts';
import type { Message, ReadReceipt } from '@common/schemas/messages.ts';
import { ROOM_JOIN_LIMIT } from '@server/sockets/handlers/rooms.ts';
import { MAX_SOCKETS_PER_MEMBER } from '@server/sockets/socketServer.ts';
import { signedInMember, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { memberToken } from '@server/test/mastodon.ts';
import { makePost } from '@server/test/posts.ts';
import { connected, connectSocket } from '@server/test/sockets.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

// Two app nodes on one PostgreSQL database and one Redis: they must behave as one.
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)('two app nodes behind one Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    const limits = { authRateLimit: { perIp: 100, perEmail: 3, windowMs: 60_000 } };
    nodeA = await startTestServer('postgres', { ...limits, redisUrl: process.env.TEST_REDIS_URL });
    nodeB = await startTestServer('sqlite', {
      ...limits,
      databaseUrl: nodeA.built.ctx.config.databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
    });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('delivers an event raised on one node to a socket held by the other', async () => {
    const author = await signedInMember(nodeA);
    const fan = await signedInMember(nodeA);
    const authorOnB = new TestClient(nodeB.baseUrl);
    for (const [name, value] of author.client.cookies) authorOnB.cookies.set(name, value);
    const socket = connectSocket(nodeB, authorOnB);
    try {
      await connected(socket);
      const heard = new Promise<void>((resolve) => socket.once('notifications:changed', () => resolve()));
      const post = await makePost(author.client, { content: 'Across nodes' });
      await fan.client.request('PUT', `/api/posts/${post.id}/like`);
      await heard;
    } finally {
      socket.close();
    }
  });

  it("sends a post made on one node to a Mastodon app's stream held by the other (issue 53)", async () => {
    const author = await signedInMember(nodeA);
    const reader = await signedInMember(nodeA);
    const { token } = await memberToken(nodeA, reader.client);
    const ws = new WebSocket(
      `${nodeB.baseUrl.replace('http', 'ws')}/api/v1/streaming?stream=user&access_token=${token}`,
    );
    try {
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      const heard = new Promise<{ event: string; payload: string }>((resolve) =>
        ws.on('message', (data) => {
          const message = JSON.parse(String(data));
          if (message.event === 'update') resolve(message);
        }),
      );
      const post = await makePost(author.client, { content: 'From node A to an app on node B' });
      expect(JSON.parse((await heard).payload).id).toBe(post.id);
    } finally {
      ws.close();
    }
  });

  it('carries a direct message and its read receipt between members on different nodes', async () => {
    const alice = await signedInMember(nodeA);
    const bob = await signedInMember(nodeA);
    // Bob's client talks to node B only, as behind a load balancer that sent him there.
    const bobOnB = new TestClient(nodeB.baseUrl);
    for (const [name, value] of bob.client.cookies) bobOnB.cookies.set(name, value);
    const aliceSocket = connectSocket(nodeA, alice.client);
    const bobSocket = connectSocket(nodeB, bobOnB);
    try {
      await Promise.all([connected(aliceSocket), connected(bobSocket)]);
      const arrived = new Promise<Message>((resolve) => bobSocket.once('message:new', resolve));
      const sent = await alice.client.post(`/api/conversations/with/${bob.me.id}/messages`, {
        content: 'Hello from node A',
        client_id: 'multi-node-0001',
      });
      expect(sent.status).toBe(201);
      expect(await arrived).toMatchObject({ id: sent.body.id, content: 'Hello from node A' });

      const receipt = new Promise<ReadReceipt>((resolve) => aliceSocket.once('messages:read', resolve));
      expect((await bobOnB.post(`/api/conversations/with/${alice.me.id}/read`, {})).status).toBe(200);
      expect(await receipt).toMatchObject({ reader_id: bob.me.id, up_to_id: sent.body.id });
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });

  it('counts rate limits across nodes', async () => {
    const email = `limited.${Date.now()}@example.com`;
    const attempt = (node: TestServer) =>
      new TestClient(node.baseUrl).post('/api/auth/sign-in/email', { email, password: 'wrong-password' });
    expect((await attempt(nodeA)).status).toBe(401);
    expect((await attempt(nodeB)).status).toBe(401);
    expect((await attempt(nodeA)).status).toBe(401);
    const limited = await attempt(nodeB);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });

  it("counts a member's sockets and room joins across nodes", async () => {
    const member = await signedInMember(nodeA);
    const onB = new TestClient(nodeB.baseUrl);
    for (const [name, value] of member.client.cookies) onB.cookies.set(name, value);
    const half = MAX_SOCKETS_PER_MEMBER / 2;
    const tabs = [
      ...Array.from({ length: half }, () => connectSocket(nodeA, member.client)),
      ...Array.from({ length: half }, () => connectSocket(nodeB, onB)),
    ];
    try {
      await Promise.all(tabs.map(connected));
      const extra = connectSocket(nodeA, member.client);
      tabs.push(extra);
      await expect(connected(extra)).rejects.toThrow(/wait/);

      const join = (tab: (typeof tabs)[number]): Promise<AckResult<unknown>> =>
        (tab as unknown as Socket).timeout(2000).emitWithAck('room:join', { room: 'circles:live' });
      for (let i = 0; i < ROOM_JOIN_LIMIT.max; i += 1) expect((await join(tabs[0]!)).ok).toBe(true);
      expect(await join(tabs[half]!)).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    } finally {
      for (const tab of tabs) tab.close();
    }
  });
});
