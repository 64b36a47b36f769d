import { rooms } from '@common/realtime.ts';
import {
  type ChatMessage,
  CIRCLE_LIMITS,
  CIRCLE_TEXTS,
  type Circle,
  type LiveChange,
} from '@common/schemas/circles.ts';
import {
  agePreview,
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
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';

type Member = CircleMember;

// The room of a circle: chat, a non-member's preview, the realtime rooms and the followers' bell.
describe.each(dialects)('inside a FaithVerse circle (%s)', (dialect) => {
  const { server: testServer, db, member, page, openTab } = circleTestServer(dialect);
  const chatCount = async (circleId: string) =>
    (await db().selectFrom('faith_circle_chat').select('id').where('circle_id', '=', circleId).execute())
      .length;

  describe('chat', () => {
    it('stores trimmed messages of members, and refuses empty, too long or foreign ones', async () => {
      const host = await member('Hal Host');
      const guest = await member();
      const stranger = await member();
      const circle = await makeCircle(host.client, { join_by_blessing: false });
      await letIn(host, guest, circle.id);

      const sent = await host.client.post(`/api/circles/${circle.id}/chat`, {
        content: '  Peace be with you  ',
      });
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({
        id: expect.any(String),
        circle_id: circle.id,
        user: { id: host.me.id, username: host.me.profile.username, full_name: 'Hal Host', avatar_url: null },
        content: 'Peace be with you',
        created_at: expect.any(String),
      });
      const exactly = 'a'.repeat(CIRCLE_LIMITS.chatMax);
      expect((await guest.client.post(`/api/circles/${circle.id}/chat`, { content: exactly })).status).toBe(
        201,
      );

      const refused: Array<[unknown, string]> = [
        [{ content: '' }, CIRCLE_TEXTS.chatEmpty],
        [{ content: ' \n\t ' }, CIRCLE_TEXTS.chatEmpty],
        [
          { content: 'b'.repeat(CIRCLE_LIMITS.chatMax + 1) },
          'A chat message can be at most 1000 characters.',
        ],
        [{ content: 'amen\u0000' }, 'Text cannot contain NUL characters.'],
        [{}, 'content is required.'],
        [{ content: 7 }, 'content is required.'],
      ];
      for (const [body, message] of refused) {
        const res = await guest.client.post(`/api/circles/${circle.id}/chat`, body);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(res.body.error.message).toBe(message);
      }
      const extra = await guest.client.post(`/api/circles/${circle.id}/chat`, {
        content: 'hi',
        user_id: host.me.id,
      });
      expect(extra.body.error.code).toBe('unknown_field');

      const byStranger = await stranger.client.post(`/api/circles/${circle.id}/chat`, {
        content: 'let me in',
      });
      expect(byStranger.status).toBe(403);
      expect(byStranger.body.error.message).toBe(CIRCLE_TEXTS.notMember);

      const history = (await guest.client.get(`/api/circles/${circle.id}/chat`)).body as ChatMessage[];
      expect(history.map((m) => [m.user.id, m.content])).toEqual([
        [host.me.id, 'Peace be with you'],
        [guest.me.id, exactly],
      ]);
      expect(await chatCount(circle.id)).toBe(2);

      // Once ended, the room reads but takes no more.
      await host.client.post(`/api/circles/${circle.id}/end`);
      const late = await guest.client.post(`/api/circles/${circle.id}/chat`, { content: 'still here?' });
      expect(late.status).toBe(409);
      expect((await guest.client.get(`/api/circles/${circle.id}/chat`)).body).toHaveLength(2);
    });

    it('opens with the last 200 messages, oldest first', async () => {
      const host = await member();
      const circle = await makeCircle(host.client);
      const start = Date.now() - 3600_000;
      const rows = Array.from({ length: 230 }, (_, i) => ({
        id: uuidv7(),
        circle_id: circle.id,
        user_id: host.me.id,
        content: `line ${i + 1}`,
        created_at: new Date(start + i * 1000).toISOString(),
      }));
      await db().insertInto('faith_circle_chat').values(rows).execute();
      await host.client.post(`/api/circles/${circle.id}/chat`, { content: 'newest' });

      const history = (await host.client.get(`/api/circles/${circle.id}/chat`)).body as ChatMessage[];
      expect(history).toHaveLength(CIRCLE_LIMITS.chatHistory);
      expect(history[0]!.content).toBe('line 32');
      expect(history.at(-2)!.content).toBe('line 230');
      expect(history.at(-1)!.content).toBe('newest');
      const times = history.map((m) => Date.parse(m.created_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('answers 404, never 500, for an id that is not a circle', async () => {
      const someone = await member();
      const circle = await makeCircle(someone.client);
      const ids = [
        uuidv7(),
        someone.me.id,
        '%2e%2e',
        '..%2f..%2fhealth',
        'x'.repeat(65),
        'y'.repeat(100),
        '%00',
        'a%00b',
        '%E2%80%AE',
      ];
      const calls = [
        ['GET', ''],
        ['GET', '/members'],
        ['GET', '/chat'],
        ['POST', '/chat'],
        ['POST', '/join'],
        ['POST', '/requests'],
        ['GET', '/requests'],
        ['POST', '/preview'],
        ['POST', '/live'],
        ['POST', '/heartbeat'],
        ['POST', '/end'],
      ] as const;
      for (const id of ids) {
        for (const [method, suffix] of calls) {
          // A body each route takes: the circle is refused, not the body.
          const body =
            method !== 'POST'
              ? undefined
              : suffix === '/chat'
                ? { content: 'hello' }
                : suffix === '/live'
                  ? { source_type: 'camera' }
                  : {};
          const res = await someone.client.request(method, `/api/circles/${id}${suffix}`, body);
          expect(res.status, `${method} ${id.slice(0, 20)}${suffix}`).toBe(404);
          // No such circle, or (an id with a slash) no such route: a 404 either way.
          expect(['circle_not_found', 'not_found']).toContain(res.body.error.code);
        }
      }
      expect((await page(someone, uuidv7())).body.error.message).toBe(CIRCLE_TEXTS.notFound);
      // Past the router's 100 characters Fastify answers itself: a 414, still no query and no 500.
      expect((await page(someone, 'z'.repeat(5000))).status).toBe(414);
      expect(await chatCount(circle.id)).toBe(0);
    });
  });

  describe('preview', () => {
    it('gives a stranger one 10-second look at a live circle that allows it', async () => {
      const host = await member();
      const stranger = await member();
      const circle = await makeCircle(host.client);
      await goLive(host.client, circle.id);
      expect((await page(stranger, circle.id)).body).toMatchObject({
        access: 'request',
        preview: { available: true, until: null },
      });

      const before = Date.now();
      const started = await stranger.client.post(`/api/circles/${circle.id}/preview`);
      const after = Date.now();
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({ role: null, access: 'request', preview: { available: false } });
      const until = Date.parse(started.body.preview.until);
      expect(until).toBeGreaterThanOrEqual(before + CIRCLE_LIMITS.previewMs);
      expect(until).toBeLessThanOrEqual(after + CIRCLE_LIMITS.previewMs);
      expect((await page(stranger, circle.id)).body.preview).toEqual(started.body.preview);

      // Asking again (a reload) keeps the window where it was.
      await agePreview(testServer(), circle.id, stranger.me.id, 4);
      const again = await stranger.client.post(`/api/circles/${circle.id}/preview`);
      expect(again.status).toBe(200);
      expect(Date.parse(again.body.preview.until)).toBeLessThan(Date.now() + CIRCLE_LIMITS.previewMs - 3000);

      // Waiting for the host's answer does not give another look either.
      await stranger.client.post(`/api/circles/${circle.id}/requests`);
      await agePreview(testServer(), circle.id, stranger.me.id, CIRCLE_LIMITS.previewMs / 1000 + 1);
      expect((await page(stranger, circle.id)).body).toMatchObject({
        access: 'pending',
        preview: { available: false, until: null },
      });
      const over = await stranger.client.post(`/api/circles/${circle.id}/preview`);
      expect(over.status).toBe(403);
      expect(over.body.error).toEqual({ code: 'preview_used', message: CIRCLE_TEXTS.previewUsed });
      const rows = await db()
        .selectFrom('faith_circle_previews')
        .select('user_id')
        .where('circle_id', '=', circle.id)
        .execute();
      expect(rows).toEqual([{ user_id: stranger.me.id }]);
    });

    it('has no preview where the circle turns it off, before it is live, where one may join at once, or for its members', async () => {
      const host = await member();
      const stranger = await member();
      const noPreview = await makeCircle(host.client, { allow_preview: false });
      await goLive(host.client, noPreview.id);
      expect((await page(stranger, noPreview.id)).body.preview).toEqual({ available: false, until: null });
      const off = await stranger.client.post(`/api/circles/${noPreview.id}/preview`);
      expect(off.status).toBe(403);
      expect(off.body.error).toEqual({ code: 'no_preview', message: CIRCLE_TEXTS.previewOff });

      const upcoming = await makeCircle(host.client, { mode: 'scheduled' });
      expect((await stranger.client.post(`/api/circles/${upcoming.id}/preview`)).body.error.code).toBe(
        'no_preview',
      );

      const open = await makeCircle(host.client, { join_by_blessing: false });
      await goLive(host.client, open.id);
      const needless = await stranger.client.post(`/api/circles/${open.id}/preview`);
      expect(needless.status).toBe(403);
      expect(needless.body.error).toEqual({
        code: 'preview_not_needed',
        message: CIRCLE_TEXTS.previewNotNeeded,
      });

      const live = await makeCircle(host.client);
      await goLive(host.client, live.id);
      const byHost = await host.client.post(`/api/circles/${live.id}/preview`);
      expect(byHost.status).toBe(409);
      expect(byHost.body.error.code).toBe('already_member');
      const written = await db()
        .selectFrom('faith_circle_previews')
        .select('user_id')
        .where('circle_id', 'in', [noPreview.id, upcoming.id, open.id, live.id])
        .execute();
      expect(written).toEqual([]);
    });
  });

  describe('realtime', () => {
    it("keeps a circle's room to its members, and tells it of chat, members and the end", async () => {
      const host = await member();
      const guest = await member();
      const stranger = await member();
      const circle = await makeCircle(host.client);
      await letIn(host, guest, circle.id);
      const [hostTab, guestTab, strangerTab] = [
        await openTab(host),
        await openTab(guest),
        await openTab(stranger),
      ];
      const room = rooms.circle(circle.id);

      expect(await ask(strangerTab, 'room:join', { room })).toMatchObject({
        ok: false,
        error: { code: 'room_forbidden' },
      });
      expect(await ask(guestTab, 'room:join', { room })).toEqual({ ok: true, data: { room } });
      expect(await ask(hostTab, 'room:join', { room })).toEqual({ ok: true, data: { room } });
      const strangerHeard = recordEvents(strangerTab);

      const chat = nextEvent<ChatMessage>(guestTab, 'circle:chat');
      const sent = await host.client.post(`/api/circles/${circle.id}/chat`, { content: 'Welcome, friends' });
      expect(await chat).toEqual(sent.body);

      const joined = nextEvent(hostTab, 'circle:members');
      const newcomer = await member();
      await letIn(host, newcomer, circle.id);
      expect(await joined).toEqual({ circle_id: circle.id });

      const updated = nextEvent<Circle>(guestTab, 'circle:updated', (c) => c.status === 'ended');
      await host.client.post(`/api/circles/${circle.id}/end`);
      expect(await updated).toMatchObject({ id: circle.id, status: 'ended', is_listed: false });
      await settle();
      expect([...strangerHeard.keys()]).toEqual([]);
    });

    it('tells the live list when a circle goes live and when it ends, never of a private one', async () => {
      const host = await member();
      const watcher = await member();
      const watcherTab = await openTab(watcher);
      expect(await ask(watcherTab, 'room:join', { room: rooms.liveCircles() })).toMatchObject({ ok: true });
      const circle = await makeCircle(host.client);
      const hidden = await makeCircle(host.client, { visibility: 'private' });
      const heard: LiveChange[] = [];
      watcherTab.on('circles:live', (change) => {
        if ([circle.id, hidden.id].includes(change.circle.id)) heard.push(change);
      });

      const listed = nextEvent<LiveChange>(watcherTab, 'circles:live', (c) => c.circle.id === circle.id);
      await goLive(host.client, circle.id);
      expect(await listed).toMatchObject({
        circle: { id: circle.id, status: 'live', is_listed: true },
        listed: true,
      });
      await goLive(host.client, hidden.id);
      await host.client.post(`/api/circles/${hidden.id}/end`);

      const unlisted = nextEvent<LiveChange>(
        watcherTab,
        'circles:live',
        (c) => c.circle.id === circle.id && !c.listed,
      );
      await host.client.post(`/api/circles/${circle.id}/end`);
      expect(await unlisted).toMatchObject({ circle: { id: circle.id, status: 'ended' }, listed: false });
      await settle();
      expect(heard.map((c) => [c.circle.id, c.listed])).toEqual([
        [circle.id, true],
        [circle.id, false],
      ]);
    });

    it('notifies each follower of the host once when a circle first goes live, and no one of a private one', async () => {
      const host = await member('Liv Host');
      const followers = [await member(), await member()];
      const stranger = await member();
      for (const follower of followers) {
        expect((await follower.client.request('PUT', `/api/follows/${host.me.id}`)).status).toBe(200);
      }
      const circleLive = async (viewer: Member) =>
        (
          (await viewer.client.get('/api/notifications')).body.notifications as Array<{ type: string }>
        ).filter((n) => n.type === 'circle_live');
      const followerTabs = [await openTab(followers[0]!), await openTab(followers[1]!)];

      const circle = await makeCircle(host.client);
      // The host's page beats before the camera starts (the browser asks for permission first).
      expect((await host.client.post(`/api/circles/${circle.id}/heartbeat`)).status).toBe(200);
      const bells = followerTabs.map((tab) => nextEvent(tab, 'notifications:changed'));
      await goLive(host.client, circle.id);
      await Promise.all(bells);
      for (const follower of followers) {
        expect(await circleLive(follower)).toEqual([
          {
            id: expect.any(String),
            type: 'circle_live',
            message: CIRCLE_TEXTS.liveNotification,
            post_id: circle.id,
            is_read: false,
            created_at: expect.any(String),
            others: 0,
            from: expect.objectContaining({ id: host.me.id, full_name: 'Liv Host' }),
            // Not a group's circle, nor an event's.
            group: null,
            event: null,
          },
        ]);
      }
      expect(await circleLive(stranger)).toEqual([]);
      expect(await circleLive(host)).toEqual([]);

      // Switching to the screen is not going live again.
      await goLive(host.client, circle.id, 'screen');
      await host.client.post(`/api/circles/${circle.id}/heartbeat`);
      const hidden = await makeCircle(host.client, { visibility: 'private' });
      await goLive(host.client, hidden.id);
      for (const follower of followers) expect(await circleLive(follower)).toHaveLength(1);

      // A later public circle is news again.
      const next = await makeCircle(host.client, { title: 'Evening again' });
      await goLive(host.client, next.id);
      const [latest] = await circleLive(followers[0]!);
      expect(latest).toMatchObject({ post_id: next.id });
      expect(await circleLive(followers[1]!)).toHaveLength(2);
    });
  });
});
