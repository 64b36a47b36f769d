import { makeUser, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
    const author = await makeUser(nodeA);
    const fan = await makeUser(nodeA);
    const cookie = [...author.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = io(nodeB.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie, origin: nodeB.baseUrl },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard = new Promise<void>((resolve) => socket.once('notifications:changed', () => resolve()));
      const post = (await author.client.post('/api/posts', { content: 'Across nodes' })).body;
      await fan.client.request('PUT', `/api/posts/${post.id}/like`);
      await heard;
    } finally {
      socket.close();
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
});
