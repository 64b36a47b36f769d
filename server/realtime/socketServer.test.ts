import { makeUser, startTestServer, type TestServer } from '@server/test/harness.ts';
import { type ClientSocket, connectSocket as connect, connected } from '@server/test/sockets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('realtime rooms', () => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  it("delivers a notification to its member's tabs only, within a second", async () => {
    const alice = await makeUser(server);
    const bob = await makeUser(server);
    const aliceTabs = [connect(server, alice.client), connect(server, alice.client)];
    const bobTab = connect(server, bob.client);
    sockets.push(...aliceTabs, bobTab);
    await Promise.all([...aliceTabs, bobTab].map(connected));

    let bobHeard = 0;
    bobTab.on('notifications:changed', () => {
      bobHeard += 1;
    });
    const heard = aliceTabs.map(
      (tab) =>
        new Promise<number>((resolve) => {
          const started = Date.now();
          tab.once('notifications:changed', () => resolve(Date.now() - started));
        }),
    );
    const post = (await alice.client.post('/api/posts', { content: 'Ping' })).body;
    await bob.client.request('PUT', `/api/posts/${post.id}/like`);
    const delays = await Promise.all(heard);
    for (const delay of delays) expect(delay).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(bobHeard).toBe(0);
  });

  it('refuses sockets without a session or from another site', async () => {
    const anonymous = connect(server, null);
    sockets.push(anonymous);
    await expect(connected(anonymous)).rejects.toThrow('unauthorized');

    const member = await makeUser(server);
    const foreign = connect(server, member.client, 'https://evil.example');
    sockets.push(foreign);
    await expect(connected(foreign)).rejects.toThrow();
  });

  it('drops the sockets of a member who signs out', async () => {
    const member = await makeUser(server);
    const tab = connect(server, member.client);
    sockets.push(tab);
    await connected(tab);
    const dropped = new Promise<void>((resolve) => tab.once('disconnect', () => resolve()));
    await member.client.post('/api/auth/sign-out');
    await dropped;
  });
});
