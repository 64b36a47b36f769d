import type { AckResult } from '@common/realtime.ts';
import { signedInMember, startTestServer, type TestServer } from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { type ClientSocket, connectSocket as connect, connected } from '@server/test/sockets.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_JOIN_LIMIT } from './handlers/rooms.ts';
import { MAX_SOCKETS_PER_MEMBER } from './socketServer.ts';

/** Asks to join the live-circles room and waits for the acknowledgement. */
const joinLiveCircles = (tab: ClientSocket): Promise<AckResult<unknown>> =>
  (tab as unknown as Socket).timeout(2000).emitWithAck('room:join', { room: 'circles:live' });

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
    const alice = await signedInMember(server);
    const bob = await signedInMember(server);
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
    const post = await makePost(alice.client, { content: 'Ping' });
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

    const member = await signedInMember(server);
    const foreign = connect(server, member.client, 'https://evil.example');
    sockets.push(foreign);
    await expect(connected(foreign)).rejects.toThrow();
  });

  it('caps the sockets one member holds at once, and tells the next one to wait', async () => {
    const member = await signedInMember(server);
    const tabs = Array.from({ length: MAX_SOCKETS_PER_MEMBER }, () => connect(server, member.client));
    sockets.push(...tabs);
    await Promise.all(tabs.map(connected));

    const extra = connect(server, member.client);
    sockets.push(extra);
    const refused = (await connected(extra).catch((error: unknown) => error)) as Error & {
      data?: { code: string; retry_after: number };
    };
    expect(refused).toBeInstanceOf(Error);
    expect(refused.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(refused.data).toMatchObject({ code: 'rate_limited' });

    // Another member is not held back, and a closed tab frees a place.
    const other = connect(server, (await signedInMember(server)).client);
    sockets.push(other);
    await connected(other);
    tabs[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    const again = connect(server, member.client);
    sockets.push(again);
    await connected(again);
  });

  it('limits the room joins one member asks for, with an acknowledgement that says to wait', async () => {
    const member = await signedInMember(server);
    const tab = connect(server, member.client);
    sockets.push(tab);
    await connected(tab);
    for (let i = 0; i < ROOM_JOIN_LIMIT.max; i += 1) expect((await joinLiveCircles(tab)).ok).toBe(true);
    const refused = await joinLiveCircles(tab);
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds/),
        params: { count: expect.any(Number) },
      },
    });
    // Counted per member, over all their tabs: a second tab is refused too, another member is not.
    const otherMember = await signedInMember(server);
    const secondTab = connect(server, member.client);
    const otherTab = connect(server, otherMember.client);
    sockets.push(secondTab, otherTab);
    await Promise.all([secondTab, otherTab].map(connected));
    expect((await joinLiveCircles(secondTab)).ok).toBe(false);
    expect((await joinLiveCircles(otherTab)).ok).toBe(true);
  });

  it('drops the sockets of a member who signs out', async () => {
    const member = await signedInMember(server);
    const tab = connect(server, member.client);
    sockets.push(tab);
    await connected(tab);
    const dropped = new Promise<void>((resolve) => tab.once('disconnect', () => resolve()));
    await member.client.post('/api/auth/sign-out');
    await dropped;
  });
});
