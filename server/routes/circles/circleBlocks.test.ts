import { rooms } from '@common/realtime.ts';
import { CIRCLE_TEXTS } from '@common/schemas/circles.ts';
import {
  ask,
  type CircleMember,
  circleTestServer,
  goLive,
  letIn,
  makeCircle,
  nextEvent,
  recordEvents,
  settle,
} from '@server/test/circles.ts';
import { dialects } from '@server/test/harness.ts';
import { describe, expect, it } from 'vitest';

// A circle is its host's: a block between the host and a member, either way, hides it from that
// member (not listed, not found, not joinable) and takes them out of it.
describe.each(dialects)('FaithVerse circles and blocks (%s)', (dialect) => {
  const { db, member, page, openTab } = circleTestServer(dialect);

  const block = (from: CircleMember, to: CircleMember) =>
    from.client.request('PUT', `/api/blocks/${to.me.id}`).then((res) => expect(res.status).toBe(200));
  const liveIds = async (viewer: CircleMember) =>
    (await viewer.client.get('/api/circles/live')).body.map((c: { id: string }) => c.id);
  const memberIds = async (viewer: CircleMember, circleId: string) =>
    (await viewer.client.get(`/api/circles/${circleId}/members`)).body.map(
      (m: { user: { id: string } }) => m.user.id,
    );
  /** Every way in to a circle answers as for a circle that does not exist. */
  const expectNotFound = async (viewer: CircleMember, circleId: string) => {
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/join'],
      ['POST', '/requests'],
      ['POST', '/preview'],
      ['GET', '/members'],
      ['GET', '/chat'],
    ] as const) {
      const url = `/api/circles/${circleId}${path}`;
      const res = method === 'GET' ? await viewer.client.get(url) : await viewer.client.post(url);
      expect([path, res.status, res.body.error?.message]).toEqual([path, 404, CIRCLE_TEXTS.notFound]);
    }
  };

  it('hides a live circle from the member its host blocked, and from a member who blocked its host', async () => {
    const host = await member('Hana Host');
    const blockedByHost = await member('Bo Blocked');
    const blockingHost = await member('Bea Blocking');
    const bystander = await member('Ben Bystander');
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    await goLive(host.client, circle.id);
    for (const m of [blockedByHost, blockingHost, bystander]) expect(await liveIds(m)).toContain(circle.id);

    await block(host, blockedByHost);
    await block(blockingHost, host);
    for (const m of [blockedByHost, blockingHost]) {
      expect(await liveIds(m)).not.toContain(circle.id);
      await expectNotFound(m, circle.id);
    }
    // Nobody got in through the refused routes; the host and a bystander see the circle as before.
    expect(await memberIds(host, circle.id)).toEqual([host.me.id]);
    expect(await liveIds(host)).toContain(circle.id);
    expect(await liveIds(bystander)).toContain(circle.id);
    expect((await bystander.client.post(`/api/circles/${circle.id}/join`)).body.role).toBe('guest');

    // An unblock makes it visible again; the member who blocked the host stays blocked.
    expect((await host.client.request('DELETE', `/api/blocks/${blockedByHost.me.id}`)).status).toBe(200);
    expect(await liveIds(blockedByHost)).toContain(circle.id);
    expect((await blockedByHost.client.post(`/api/circles/${circle.id}/join`)).body.role).toBe('guest');
    await expectNotFound(blockingHost, circle.id);
  });

  it('does not tell a member hidden from the host, through the live room, that the circle went live', async () => {
    const host = await member('Lia Live');
    const hidden = await member('Hal Hidden');
    const watcher = await member('Wes Watcher');
    await block(hidden, host);
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    const [hiddenTab, watcherTab] = [await openTab(hidden), await openTab(watcher)];
    for (const tab of [hiddenTab, watcherTab]) {
      expect(await ask(tab, 'room:join', { room: rooms.liveCircles() })).toMatchObject({ ok: true });
    }
    const heard = recordEvents(hiddenTab);
    const listed = nextEvent<{ circle: { id: string } }>(
      watcherTab,
      'circles:live',
      (c) => c.circle.id === circle.id,
    );
    await goLive(host.client, circle.id);
    await listed;
    // A guest joining changes the listed circle (its seats): that news does not reach them either.
    expect((await watcher.client.post(`/api/circles/${circle.id}/join`)).body.role).toBe('guest');
    await settle();
    expect(heard.get('circles:live') ?? []).toEqual([]);
  });

  it('takes a blocked guest out of the host’s circle, off its room, and their request out of another', async () => {
    const host = await member('Hugo Host');
    const guest = await member('Gwen Guest');
    const asker = await member('Abe Asker');
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    const gated = await makeCircle(host.client);
    await letIn(host, guest, circle.id);
    await asker.client.post(`/api/circles/${gated.id}/requests`);
    await guest.client.post(`/api/circles/${gated.id}/requests`);
    expect((await host.client.get(`/api/circles/${gated.id}/requests`)).body).toHaveLength(2);
    const [hostTab, guestTab] = [await openTab(host), await openTab(guest)];
    const room = rooms.circle(circle.id);
    expect(await ask(hostTab, 'room:join', { room })).toMatchObject({ ok: true });
    expect(await ask(guestTab, 'room:join', { room })).toMatchObject({ ok: true });

    const membersChanged = nextEvent(hostTab, 'circle:members');
    // The guest's tab is taken out of the circle's room (and told to look again), not disconnected.
    const guestTold = nextEvent(guestTab, 'circle:members');
    await block(guest, host);
    expect(await membersChanged).toEqual({ circle_id: circle.id });
    expect(await guestTold).toEqual({ circle_id: circle.id });
    expect(guestTab.connected).toBe(true);
    expect(await ask(guestTab, 'room:join', { room })).toMatchObject({ ok: false });
    expect(await memberIds(host, circle.id)).toEqual([host.me.id]);
    expect((await page(host, circle.id)).body.circle.member_count).toBe(1);
    // The request to the other circle is gone; the bystander's is still there.
    const requests = (await host.client.get(`/api/circles/${gated.id}/requests`)).body;
    expect(requests.map((r: { user: { id: string } }) => r.user.id)).toEqual([asker.me.id]);
    // The guest's tab comes back (its session is fine) but the circle's room refuses it.
    const again = await openTab(guest);
    expect(await ask(again, 'room:join', { room })).toMatchObject({ ok: false });
    await expectNotFound(guest, circle.id);
    const seats = await db()
      .selectFrom('faith_circle_members')
      .select('user_id')
      .where('user_id', '=', guest.me.id)
      .execute();
    expect(seats).toEqual([]);
  });

  it('takes the host’s blocked guest out too, and leaves a block between two guests alone', async () => {
    const host = await member('Hal Host');
    const [first, second] = [await member('Fay First'), await member('Sam Second')];
    const circle = await makeCircle(host.client, { join_by_blessing: false });
    await letIn(host, first, circle.id);
    await letIn(host, second, circle.id);
    // Between two guests: the circle is the host's, both stay.
    await block(first, second);
    expect((await memberIds(host, circle.id)).sort()).toEqual([host.me.id, first.me.id, second.me.id].sort());
    expect((await page(second, circle.id)).body.role).toBe('guest');
    // The host blocks a guest: out, and cannot come back.
    await block(host, first);
    expect((await memberIds(host, circle.id)).sort()).toEqual([host.me.id, second.me.id].sort());
    await expectNotFound(first, circle.id);
    expect((await page(second, circle.id)).body.circle.member_count).toBe(2);
  });
});
