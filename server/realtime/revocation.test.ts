import { signedInMember, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A revoked session must be refused on every node within a second, and its sockets closed, though
// each node caches sessions (server/auth/sessions.ts).
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)('session revocation across two app nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    const limits = { authRateLimit: { perIp: 1000, perEmail: 100, windowMs: 60_000 } };
    nodeA = await startTestServer('postgres', { ...limits, redisUrl: process.env.TEST_REDIS_URL });
    nodeB = await startTestServer('sqlite', {
      ...limits,
      databaseUrl: nodeA.built.ctx.config.databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
    });
    await Promise.all([nodeA.built.ctx.sessions.ready(), nodeB.built.ctx.sessions.ready()]);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  /** The member's cookie on node B, with B's cache and a socket on B holding the session. */
  async function signedInOnBoth() {
    const member = await signedInMember(nodeA);
    const onB = new TestClient(nodeB.baseUrl);
    for (const [name, value] of member.client.cookies) onB.cookies.set(name, value);
    expect((await onB.get('/api/me')).status).toBe(200);
    expect((await onB.get('/api/me')).status).toBe(200); // now from B's cache
    const socket = connectSocket(nodeB, onB);
    await connected(socket);
    return { member, onB, socket };
  }

  const closed = (socket: ClientSocket) =>
    new Promise<number>((resolve) => {
      const started = Date.now();
      socket.once('disconnect', () => resolve(Date.now() - started));
    });

  async function expectRefusedWithinASecond(
    onB: TestClient,
    socket: ClientSocket,
    revoke: () => Promise<void>,
  ) {
    const socketClosed = closed(socket);
    const started = Date.now();
    await revoke();
    let status = 200;
    while (Date.now() - started < 1000) {
      status = (await onB.get('/api/me')).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
    expect(
      await Promise.race([socketClosed, new Promise((r) => setTimeout(() => r('open'), 1000))]),
    ).not.toBe('open');
    // A new socket with the revoked cookie is refused on B too.
    const again = connectSocket(nodeB, onB);
    await expect(connected(again)).rejects.toThrow(/unauthorized/);
    again.close();
  }

  it('refuses a session signed out on node A on node B at once and closes its socket there', async () => {
    const { member, onB, socket } = await signedInOnBoth();
    try {
      await expectRefusedWithinASecond(onB, socket, async () => {
        expect((await member.client.post('/api/auth/sign-out')).status).toBe(200);
      });
    } finally {
      socket.close();
    }
  });

  it('refuses the session of an account deleted on node A on node B', async () => {
    const { member, onB, socket } = await signedInOnBoth();
    try {
      await expectRefusedWithinASecond(onB, socket, async () => {
        const res = await member.client.post('/api/settings/delete-account', {
          password: member.input.password,
        });
        expect(res.status).toBe(200);
      });
    } finally {
      socket.close();
    }
  });
});
