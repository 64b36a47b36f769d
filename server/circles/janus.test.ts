import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Circle } from '@common/schemas/circles.ts';
import { ask, goLive, letIn, makeCircle, recordEvents } from '@server/test/circles.ts';
import {
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { type JanusTestServer, janusAvailable, startJanusInNetns } from '@server/test/janusNetns.ts';
import { OFFER } from '@server/test/janusOffer.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';

// The app server against Debian's Janus in a network namespace (server/test/janusNetns.ts), through a
// WebSocket proxy that keeps every message the app sends Janus. Browsers are the e2e tests' part
// (e2e/janus.spec.ts); here a page's offer is written by hand, which Janus answers as it would a
// browser's.

/** Forwards the app's WebSocket to Janus and keeps every message the app sent. */
async function recordingProxy(target: string) {
  const sent: Array<Record<string, unknown>> = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'janus-protocol' });
  server.on('connection', (client) => {
    const upstream = new WebSocket(target, 'janus-protocol');
    const queued: string[] = [];
    upstream.on('open', () => {
      for (const message of queued.splice(0)) upstream.send(message);
    });
    upstream.on('message', (data) => client.send(data.toString()));
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.close());
    client.on('message', (data) => {
      const text = data.toString();
      sent.push(JSON.parse(text));
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else queued.push(text);
    });
    client.on('close', () => upstream.close());
  });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Member = Awaited<ReturnType<typeof signedInMember>>;

describe.skipIf(!janusAvailable())('circles carried by Janus', () => {
  let janus: JanusTestServer;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let server: TestServer;
  let host: Member;
  let guest: Member;
  let stranger: Member;
  const tabs: ClientSocket[] = [];
  const openTab = async (member: Member) => {
    const tab = connectSocket(server, member.client);
    tabs.push(tab);
    await connected(tab);
    return tab;
  };

  beforeAll(async () => {
    janus = await startJanusInNetns();
    proxy = await recordingProxy(janus.url);
    server = await startTestServer('sqlite', {
      ...GENEROUS_AUTH_LIMITS,
      janus: { urls: [proxy.url], apiSecret: janus.apiSecret, adminKey: janus.adminKey },
    });
    [host, guest, stranger] = [
      await signedInMember(server),
      await signedInMember(server),
      await signedInMember(server),
    ];
  }, 60_000);
  afterAll(async () => {
    for (const tab of tabs) tab.close();
    await server?.close();
    await proxy?.close();
    await janus?.destroy();
  });

  /** A live circle whose host's tab has published (what it hears is kept). */
  const hostPublishing = async () => {
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    await goLive(host.client, circle.id);
    const hostTab = await openTab(host);
    const heard = recordEvents(hostTab);
    const published = await ask(hostTab, 'circle:media', {
      circle_id: circle.id,
      kind: 'publish',
      sdp: OFFER,
    });
    expect(published.ok).toBe(true);
    return { circle, heard };
  };

  const roomOf = (circleId: string) =>
    server.built.ctx.database.db
      .selectFrom('faith_circle_janus_rooms')
      .selectAll()
      .where('circle_id', '=', circleId)
      .executeTakeFirst();

  it('offers up to 500 guests, and a circle going live gets a room no page ever hears of', async () => {
    const options = await host.client.get('/api/circles/options');
    expect(options.body).toEqual({ max_guests_limit: 500, media_server: true });
    const tooMany = await host.client.post('/api/circles', {
      title: 'Vigil',
      faith: 'Christianity',
      max_guests: 501,
    });
    expect(tooMany.body.error.code).toBe('circle_max_guests_invalid');

    const circle = await makeCircle(host.client, { max_guests: 300, join_by_blessing: false });
    expect(circle).toMatchObject({ max_guests: 300, media: null });
    const live = await goLive(host.client, circle.id);
    expect(live.media).toBe('janus');
    const room = (await roomOf(circle.id))!;
    expect(room.server_url).toBe(proxy.url);
    // Random, long and the server's alone.
    expect(room.pin.length).toBeGreaterThanOrEqual(32);
    expect(room.secret.length).toBeGreaterThanOrEqual(32);
    expect(Number(room.room_id)).toBeGreaterThan(0);

    await letIn(host, guest, circle.id);
    const pages = [
      JSON.stringify(live),
      JSON.stringify((await host.client.get(`/api/circles/${circle.id}`)).body),
      JSON.stringify((await guest.client.get(`/api/circles/${circle.id}`)).body),
      JSON.stringify((await guest.client.get('/api/circles/live')).body),
    ];
    const hostTab = await openTab(host);
    const published = await ask(hostTab, 'circle:media', {
      circle_id: circle.id,
      kind: 'publish',
      sdp: OFFER,
    });
    expect(published.ok).toBe(true);
    const answer = (published as { data: { sdp: string } }).data.sdp;
    expect(answer).toMatch(/^v=0\r\n/);
    expect(answer).toContain('a=recvonly');
    pages.push(answer);
    for (const text of pages) {
      for (const secret of [room.room_id, room.pin, room.secret, janus.apiSecret, janus.adminKey]) {
        expect(text).not.toContain(secret);
      }
    }

    // Every request the app sent Janus carries the API secret; the room was made with the admin key.
    expect(proxy.sent.length).toBeGreaterThan(3);
    for (const message of proxy.sent) expect(message.apisecret).toBe(janus.apiSecret);
    const created = proxy.sent.find(
      (m) => (m.body as { request?: string } | undefined)?.request === 'create',
    );
    expect(created?.body).toMatchObject({ admin_key: janus.adminKey, pin: room.pin, secret: room.secret });
  });

  it("only the host publishes; a guest's or a stranger's socket cannot, and a stranger cannot subscribe", async () => {
    const circle = await makeCircle(host.client, { visibility: 'private', allow_preview: false });
    await goLive(host.client, circle.id);
    await letIn(host, guest, circle.id);
    const guestTab = await openTab(guest);
    const strangerTab = await openTab(stranger);
    const handlesBefore = server.built.ctx.janus!.handleCount();
    const publish = { circle_id: circle.id, kind: 'publish', sdp: OFFER };
    expect(await ask(guestTab, 'circle:media', publish)).toMatchObject({
      ok: false,
      error: { code: 'circle_host_only' },
    });
    expect(await ask(strangerTab, 'circle:media', publish)).toMatchObject({
      ok: false,
      error: { code: 'circle_not_member' },
    });
    expect(await ask(strangerTab, 'circle:media', { circle_id: circle.id, kind: 'subscribe' })).toMatchObject(
      {
        ok: false,
        error: { code: 'circle_not_member' },
      },
    );
    // The guest may watch, once the host's media is up (this host's page sent nothing yet).
    expect(await ask(guestTab, 'circle:media', { circle_id: circle.id, kind: 'subscribe' })).toMatchObject({
      ok: false,
      error: { code: 'circle_media_not_ready' },
    });
    // Nothing was attached on Janus for a refused ask.
    expect(server.built.ctx.janus!.handleCount()).toBe(handlesBefore);
    // A width that is not one is refused; a new width for a feed the page does not watch changes nothing.
    expect(
      await ask(guestTab, 'circle:media', {
        circle_id: circle.id,
        kind: 'layer',
        user_id: host.me.id,
        width: -1,
      }),
    ).toMatchObject({ ok: false, error: { code: 'media_width_invalid', field: 'width' } });
    expect(
      await ask(guestTab, 'circle:media', {
        circle_id: circle.id,
        kind: 'layer',
        user_id: host.me.id,
        width: 640,
      }),
    ).toEqual({ ok: true, data: {} });
    // An answer without a session description changes nothing.
    expect(await ask(guestTab, 'circle:media', { circle_id: circle.id, kind: 'answer' })).toMatchObject({
      ok: false,
      error: { code: 'media_sdp_missing' },
    });
  });

  it("a page's Janus handle goes with its socket (sign-out, suspension, a block: each drops the member's sockets)", async () => {
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    await goLive(host.client, circle.id);
    const janusMedia = server.built.ctx.janus!;
    const before = janusMedia.handleCount();
    const hostTab = connectSocket(server, host.client);
    await connected(hostTab);
    expect(
      (await ask(hostTab, 'circle:media', { circle_id: circle.id, kind: 'publish', sdp: OFFER })).ok,
    ).toBe(true);
    expect(janusMedia.handleCount()).toBe(before + 1);
    const detachesBefore = proxy.sent.filter((m) => m.janus === 'detach').length;
    hostTab.close();
    await expect.poll(() => janusMedia.handleCount()).toBe(before);
    await expect.poll(() => proxy.sent.filter((m) => m.janus === 'detach').length).toBe(detachesBefore + 1);
  });

  it('the stage: a raised hand, an invitation, a speaker who publishes, at most 4, and the host taking them off', async () => {
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    await goLive(host.client, circle.id);
    const speakers = [guest, ...(await Promise.all([1, 2, 3, 4].map(() => signedInMember(server))))];
    for (const member of speakers) await letIn(host, member, circle.id);
    const stageOf = async (member: Member) =>
      (
        (await host.client.get(`/api/circles/${circle.id}/members`)).body as Array<Record<string, unknown>>
      ).find((m) => (m.user as { id: string }).id === member.me.id);

    expect((await guest.client.request('PUT', `/api/circles/${circle.id}/hand`)).status).toBe(200);
    expect(await stageOf(guest)).toMatchObject({ hand_raised: true, stage: null });
    // Only the host invites, and not before; a guest cannot publish uninvited.
    const guestTab = await openTab(guest);
    const publish = { circle_id: circle.id, kind: 'publish', sdp: OFFER };
    expect(await ask(guestTab, 'circle:media', publish)).toMatchObject({
      error: { code: 'circle_host_only' },
    });
    const byGuest = await speakers[1]!.client.request(
      'PUT',
      `/api/circles/${circle.id}/stage/${guest.me.id}`,
    );
    expect(byGuest.body.error.code).toBe('circle_host_only');
    expect((await host.client.request('PUT', `/api/circles/${circle.id}/stage/${guest.me.id}`)).status).toBe(
      200,
    );
    expect(await stageOf(guest)).toMatchObject({ hand_raised: false, stage: 'invited' });
    const heard = recordEvents(guestTab);
    expect((await ask(guestTab, 'circle:media', publish)).ok).toBe(true);
    expect(await stageOf(guest)).toMatchObject({ stage: 'on' });

    // Four at most: invited or speaking.
    for (const member of speakers.slice(1, 4)) {
      expect(
        (await host.client.request('PUT', `/api/circles/${circle.id}/stage/${member.me.id}`)).status,
      ).toBe(200);
    }
    const fifth = await host.client.request('PUT', `/api/circles/${circle.id}/stage/${speakers[4]!.me.id}`);
    expect(fifth.status).toBe(409);
    expect(fifth.body.error).toMatchObject({ code: 'stage_full', params: { max: 4 } });

    // The host takes the speaker off: the server detaches their publisher and tells their page.
    const detaches = proxy.sent.filter((m) => m.janus === 'detach').length;
    expect(
      (await host.client.request('DELETE', `/api/circles/${circle.id}/stage/${guest.me.id}`)).status,
    ).toBe(200);
    expect(await stageOf(guest)).toMatchObject({ stage: null });
    await expect
      .poll(() => heard.get('circle:media-ended') ?? [])
      .toEqual([{ circle_id: circle.id, reason: 'access' }]);
    await expect.poll(() => proxy.sent.filter((m) => m.janus === 'detach').length).toBeGreaterThan(detaches);
    // Off stage, no more publishing; a speaker may leave by themself.
    expect(await ask(guestTab, 'circle:media', publish)).toMatchObject({
      error: { code: 'circle_host_only' },
    });
    const self = await speakers[1]!.client.request(
      'DELETE',
      `/api/circles/${circle.id}/stage/${speakers[1]!.me.id}`,
    );
    expect(self.status).toBe(200);
    expect(
      (await host.client.request('DELETE', `/api/circles/${circle.id}/stage/${host.me.id}`)).body.error.code,
    ).toBe('stage_host');
  });

  it("the end destroys the circle's room on Janus", async () => {
    const { circle, heard } = await hostPublishing();
    const ended = await host.client.post(`/api/circles/${circle.id}/end`);
    expect((ended.body as Circle).status).toBe('ended');
    const room = (await roomOf(circle.id))!;
    const destroyed = proxy.sent.filter(
      (m) =>
        (m.body as { request?: string } | undefined)?.request === 'destroy' &&
        String((m.body as { room?: number }).room) === room.room_id,
    );
    expect(destroyed).toHaveLength(1);
    expect(destroyed[0]!.body).toMatchObject({ secret: room.secret });
    // The host's page is told its media ended.
    await expect
      .poll(() => heard.get('circle:media-ended') ?? [])
      .toEqual([{ circle_id: circle.id, reason: 'ended' }]);
  });

  it('a Janus server that stops answering ends its live circles, and new circles use the mesh', async () => {
    const { circle, heard } = await hostPublishing();
    await janus.stop();
    try {
      // The page hears why its media stopped.
      await expect
        .poll(() => heard.get('circle:media-ended') ?? [])
        .toEqual([{ circle_id: circle.id, reason: 'server' }]);
      await expect
        .poll(async () => (await host.client.get(`/api/circles/${circle.id}`)).body.circle.status, {
          timeout: 15_000,
        })
        .toBe('ended');
      // Meant for 300; the host's browser alone carries 10.
      const next = await makeCircle(host.client, { join_by_blessing: false, max_guests: 300 });
      expect(await goLive(host.client, next.id)).toMatchObject({ media: 'mesh', max_guests: 10 });
    } finally {
      await janus.start();
    }
  }, 30_000);
});
