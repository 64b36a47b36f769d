import type { AckResult } from '@common/realtime.ts';
import { sendEventReminders } from '@server/jobs/eventReminders.ts';
import { goLive, makeCircle, nextEvent } from '@server/test/circles.ts';
import { createTestEvent, rsvp } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, readOutbox, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { type ClientSocket, connected, connectSocket } from '@server/test/sockets.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const HOUR = 3600 * 1000;
/** 'YYYY-MM-DDTHH:mm' in UTC, `ms` from now. */
const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);

type Bell = Array<{ type: string; event: { id: string } | null; post_id: string | null }>;
const bellOf = async (m: GroupTestMember) =>
  (await m.client.get('/api/notifications')).body.notifications as Bell;
const emailOf = async (m: GroupTestMember) =>
  ((await m.client.get('/api/me')).body.email as string).toLowerCase();

const joinRoom = (tab: ClientSocket, room: string) =>
  (tab as unknown as Socket).timeout(2000).emitWithAck('room:join', { room }) as Promise<AckResult<unknown>>;

/** Resolves with what the tab hears of `event` within `ms`: an empty list when nothing came. */
function heardWithin<T>(tab: ClientSocket, event: string, ms: number): Promise<T[]> {
  const heard: T[] = [];
  const listen = (payload: T) => heard.push(payload);
  (tab as unknown as Socket).on(event, listen);
  return new Promise((resolve) =>
    setTimeout(() => {
      (tab as unknown as Socket).off(event, listen);
      resolve(heard);
    }, ms),
  );
}

/**
 * Losing access (issue 49): a member removed from a group, banned by it or blocked gets nothing more
 * of it, in any channel — routes, stored notifications, emails, jobs' recipients, waitlists and realtime
 * rooms — and a banned member is an outsider of a public group too. Each case first shows the member
 * had it, so the test cannot pass for a reason other than the loss.
 */
describe.each(dialects)('losing access to a group (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });
  const member = (name: string) => groupTestMember(server, name);

  it("treats a member a public group banned as an outsider: its posts, comments, events and the owner's feed", async () => {
    const owner = await member('Ban Owner');
    const banned = await member('Ban Banned');
    const group = await createTestGroup(owner, { name: 'Open Porch', privacy: 'public' });
    await banned.client.post(`/api/groups/${group.slug}/join`);
    const post = await makePost(owner.client, { content: 'Porch news for all', group_id: group.id });
    await owner.client.post(`/api/posts/${post.id}/comments`, { content: 'A word under it' });
    const event = await createTestEvent(owner, { title: 'Porch supper', group_id: group.id });
    const feedIds = async () =>
      ((await banned.client.get(`/api/profiles/${owner.id}/posts`)).body.posts as Array<{ id: string }>).map(
        (p) => p.id,
      );
    const upcomingIds = async () =>
      ((await banned.client.get('/api/events')).body.events as Array<{ id: string }>).map((e) => e.id);
    // Before the ban, as a member; and after leaving, as any outsider of a public group.
    await banned.client.request('DELETE', `/api/groups/${group.slug}/membership`);
    expect((await banned.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await banned.client.get(`/api/posts/${post.id}/comments`)).status).toBe(200);
    expect((await banned.client.get(`/api/events/${event.id}`)).status).toBe(200);
    expect(await feedIds()).toContain(post.id);
    expect(await upcomingIds()).toContain(event.id);

    const ban = await owner.client.request('PUT', `/api/groups/${group.slug}/bans/${banned.id}`);
    expect(ban.status).toBe(200);
    expect((await banned.client.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await banned.client.get(`/api/posts/${post.id}/comments`)).status).toBe(404);
    expect((await banned.client.request('PUT', `/api/posts/${post.id}/like`)).status).toBe(404);
    expect((await banned.client.get(`/api/events/${event.id}`)).status).toBe(404);
    expect((await rsvp(banned, event.id, { answer: 'going' })).status).toBe(404);
    expect(await feedIds()).not.toContain(post.id);
    expect(await upcomingIds()).not.toContain(event.id);
    // Anyone else outside the group still sees all of it.
    const passerby = await member('Ban Passerby');
    expect((await passerby.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect((await passerby.client.get(`/api/events/${event.id}`)).status).toBe(200);
    // Unbanned, the group is open to them again.
    await owner.client.request('DELETE', `/api/groups/${group.slug}/bans/${banned.id}`);
    expect((await banned.client.get(`/api/posts/${post.id}`)).status).toBe(200);
    expect(await upcomingIds()).toContain(event.id);
  });

  it('tells members removed from a private group nothing more of its events: no message, change, reminder, email or spot', async () => {
    const owner = await member('Rm Owner');
    const stays = await member('Rm Stays');
    const goer = await member('Rm Goer');
    const removed = await member('Rm Removed');
    const waiting = await member('Rm Waiting');
    const group = await createTestGroup(owner, { name: 'Quiet Cell', privacy: 'private' });
    for (const m of [stays, goer, removed, waiting]) {
      await m.client.post(`/api/groups/${group.slug}/join`);
      await owner.client.request('POST', `/api/groups/${group.slug}/requests/${m.id}`);
    }
    const event = await createTestEvent(owner, {
      title: 'Cell night',
      group_id: group.id,
      time_zone: 'UTC',
      starts_local: utcLocal(23 * HOUR),
      ends_local: utcLocal(25 * HOUR),
      capacity: 3,
    });
    for (const m of [removed, stays, goer])
      expect((await rsvp(m, event.id, { answer: 'going' })).status).toBe(200);
    expect((await rsvp(waiting, event.id, { answer: 'going' })).body.viewer.answer).toBe('waitlist');
    const sent = await owner.client.post(`/api/events/${event.id}/messages`, { text: 'Bring a chair' });
    expect(sent.status).toBe(204);
    const eventLines = async (m: GroupTestMember) =>
      (await bellOf(m)).filter((n) => n.event?.id === event.id);
    expect((await eventLines(removed)).map((n) => n.type)).toEqual(['event_message']);

    for (const m of [removed, waiting]) {
      const out = await owner.client.request('DELETE', `/api/groups/${group.slug}/members/${m.id}`);
      expect(out.status).toBe(200);
    }
    // What was stored about the group's event before is gone from their bell too.
    expect(await eventLines(removed)).toEqual([]);
    const addresses = [await emailOf(removed), await emailOf(waiting)];

    await owner.client.post(`/api/events/${event.id}/messages`, { text: 'Secret: the key is under the mat' });
    // A seat frees: the only one waiting may not see the event any more, so nobody moves up.
    expect((await rsvp(stays, event.id, { answer: 'not_going' })).status).toBe(200);
    expect(await sendEventReminders(server.built.ctx)).toBeGreaterThanOrEqual(1);
    expect((await owner.client.post(`/api/events/${event.id}/cancel`, { reason: 'Snow' })).status).toBe(200);

    const db = server.built.ctx.database.db;
    const stored = await db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where('user_id', 'in', [removed.id, waiting.id])
      .where('event_id', '=', event.id)
      .execute();
    expect(stored).toEqual([{ user_id: removed.id, type: 'event_message' }]);
    const answer = await db
      .selectFrom('event_rsvps')
      .select('answer')
      .where('event_id', '=', event.id)
      .where('user_id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(answer.answer).toBe('waitlist');
    // Their data export keeps their own answer, but neither the event's title nor its words.
    const exported = (await removed.client.get('/api/settings/data')).body;
    expect(JSON.stringify(exported.notifications)).not.toContain('Bring a chair');
    expect(exported.events.answers).toEqual([expect.objectContaining({ event_id: event.id, title: null })]);
    expect(JSON.stringify(exported)).not.toContain('Cell night');
    // The member who is still going heard every part of it, by bell and by email.
    const goerTypes = (await eventLines(goer)).map((n) => n.type);
    expect(goerTypes).toEqual(expect.arrayContaining(['event_message', 'event_reminder', 'event_cancelled']));
    const goerAddress = await emailOf(goer);
    await expect
      .poll(() => readOutbox(server).filter((m) => m.to === goerAddress && m.text.includes('under the mat')))
      .toHaveLength(1);
    expect(
      readOutbox(server).filter((m) => m.to === goerAddress && /starts in/.test(m.subject)),
    ).toHaveLength(1);
    // The emails went to the goer once the message was sent: none of them, nor a reminder, to those removed.
    const theirs = readOutbox(server).filter((m) => addresses.includes(m.to));
    expect(theirs.filter((m) => m.text.includes('under the mat') || /starts in/.test(m.subject))).toEqual([]);
  });

  it("takes a removed or banned member's open tabs out of the group circle's room at once, seat and all", async () => {
    const host = await member('Cr Host');
    const removed = await member('Cr Removed');
    const banned = await member('Cr Banned');
    const stays = await member('Cr Stays');
    const group = await createTestGroup(host, { name: 'Circle Keepers', privacy: 'public' });
    for (const m of [removed, banned, stays]) await m.client.post(`/api/groups/${group.slug}/join`);
    const circle = await makeCircle(host.client, { group_id: group.id, join_by_blessing: false });
    await goLive(host.client, circle.id);
    const tabs = [removed, banned, stays].map((m) => connectSocket(server, m.client));
    try {
      await Promise.all(tabs.map((tab) => connected(tab)));
      for (const [i, m] of [removed, banned, stays].entries()) {
        expect((await m.client.post(`/api/circles/${circle.id}/join`)).status).toBe(200);
        expect((await joinRoom(tabs[i]!, `circle:${circle.id}`)).ok).toBe(true);
      }
      const [removedTab, bannedTab, staysTab] = tabs as [ClientSocket, ClientSocket, ClientSocket];
      const first = heardWithin<{ content: string }>(removedTab, 'circle:chat', 500);
      await host.client.post(`/api/circles/${circle.id}/chat`, { content: 'Welcome, all' });
      expect((await first).map((m) => m.content)).toEqual(['Welcome, all']);

      // The circle going live was in each member's bell.
      const circleLines = async (m: GroupTestMember) =>
        (await bellOf(m)).filter((n) => n.type === 'circle_live' && n.post_id === circle.id);
      for (const m of [removed, banned, stays]) expect(await circleLines(m)).toHaveLength(1);
      const toldRemoved = nextEvent(removedTab, 'circle:members');
      await host.client.request('DELETE', `/api/groups/${group.slug}/members/${removed.id}`);
      await host.client.request('PUT', `/api/groups/${group.slug}/bans/${banned.id}`);
      await toldRemoved;
      const removedHeard = heardWithin<{ content: string }>(removedTab, 'circle:chat', 600);
      const bannedHeard = heardWithin<{ content: string }>(bannedTab, 'circle:chat', 600);
      const staysHeard = heardWithin<{ content: string }>(staysTab, 'circle:chat', 600);
      await host.client.post(`/api/circles/${circle.id}/chat`, { content: 'Only for the group' });
      expect((await staysHeard).map((m) => m.content)).toEqual(['Only for the group']);
      expect(await removedHeard).toEqual([]);
      expect(await bannedHeard).toEqual([]);
      // Their seats went, so the room refuses them again and the circle's chat is not theirs.
      // Its line left their bells and exports; the member who stays keeps it.
      for (const m of [removed, banned]) {
        expect(await circleLines(m)).toEqual([]);
        const exported = (await m.client.get('/api/settings/data')).body;
        expect(JSON.stringify(exported.notifications)).not.toContain(circle.id);
      }
      expect(await circleLines(stays)).toHaveLength(1);
      expect((await joinRoom(removedTab, `circle:${circle.id}`)).ok).toBe(false);
      expect((await joinRoom(bannedTab, `circle:${circle.id}`)).ok).toBe(false);
      expect((await removed.client.get(`/api/circles/${circle.id}/chat`)).status).toBe(404);
      expect(
        (await banned.client.post(`/api/circles/${circle.id}/chat`, { content: 'Still here?' })).status,
      ).toBe(404);
    } finally {
      for (const tab of tabs) tab.disconnect();
    }
  });
});

// The same loss across two app nodes on one database and one Redis: the tab on the other node leaves too.
const twoNodes = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
describe.skipIf(!twoNodes)('losing access on two app nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    nodeA = await startTestServer('postgres', { redisUrl: process.env.TEST_REDIS_URL });
    nodeB = await startTestServer('sqlite', {
      databaseUrl: nodeA.built.ctx.config.databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
    });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it("drops a request hidden on node A from the member's kept prayer feed on node B at once", async () => {
    const author = await groupTestMember(nodeA, 'Tn Asker');
    const reader = await groupTestMember(nodeA, 'Tn Hider');
    const made = await author.client.post('/api/posts', {
      category: 'prayer',
      prayer_type: 'intercession',
      content: 'Hidden on one node',
      anonymous: true,
    });
    expect(made.status).toBe(201);
    const onB = new TestClient(nodeB.baseUrl);
    for (const [name, value] of reader.client.cookies) onB.cookies.set(name, value);
    const feedOnB = async () =>
      ((await onB.get('/api/posts?category=prayer')).body.posts as Array<{ id: string }>).map((p) => p.id);
    expect(await feedOnB()).toContain(made.body.id);
    expect((await reader.client.request('PUT', `/api/posts/${made.body.id}/hidden`)).status).toBe(200);
    expect(await feedOnB()).not.toContain(made.body.id);
    expect((await reader.client.request('DELETE', `/api/posts/${made.body.id}/hidden`)).status).toBe(200);
    expect(await feedOnB()).toContain(made.body.id);
  });

  it("takes a removed member's tab on node B out of the group circle's room when node A removes them", async () => {
    const host = await groupTestMember(nodeA, 'Tn Host');
    const removed = await groupTestMember(nodeA, 'Tn Removed');
    const group = await createTestGroup(host, { name: 'Two Node Circle', privacy: 'private' });
    await removed.client.post(`/api/groups/${group.slug}/join`);
    await host.client.request('POST', `/api/groups/${group.slug}/requests/${removed.id}`);
    const circle = await makeCircle(host.client, { group_id: group.id, join_by_blessing: false });
    await goLive(host.client, circle.id);
    expect((await removed.client.post(`/api/circles/${circle.id}/join`)).status).toBe(200);
    const onB = new TestClient(nodeB.baseUrl);
    for (const [name, value] of removed.client.cookies) onB.cookies.set(name, value);
    const tab = connectSocket(nodeB, onB);
    try {
      await connected(tab);
      expect((await joinRoom(tab, `circle:${circle.id}`)).ok).toBe(true);
      const first = heardWithin<{ content: string }>(tab, 'circle:chat', 800);
      await host.client.post(`/api/circles/${circle.id}/chat`, { content: 'Across nodes' });
      expect((await first).map((m) => m.content)).toEqual(['Across nodes']);
      const told = nextEvent(tab, 'circle:members');
      await host.client.request('DELETE', `/api/groups/${group.slug}/members/${removed.id}`);
      await told;
      const after = heardWithin<{ content: string }>(tab, 'circle:chat', 800);
      await host.client.post(`/api/circles/${circle.id}/chat`, { content: 'Members only now' });
      expect(await after).toEqual([]);
    } finally {
      tab.disconnect();
    }
  });
});
