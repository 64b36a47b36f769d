import { CIRCLE_LIMITS, CIRCLE_TEXTS, type Circle } from '@common/schemas/circles.ts';
import { type CircleMember, circleTestServer, makeCircle } from '@server/test/circles.ts';
import { dialects, TestClient } from '@server/test/harness.ts';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';

type Member = CircleMember;

// Starting circles and the host's controls. What each viewer sees: circleVisibility.test.ts; joining:
// circleJoins.test.ts; chat, preview and realtime: circleRoom.test.ts.
describe.each(dialects)('FaithVerse circles (%s)', (dialect) => {
  const { server: testServer, db, member, page } = circleTestServer(dialect);
  const _liveIds = async (viewer: Member, among: string[]) =>
    ((await viewer.client.get('/api/circles/live')).body as Circle[])
      .map((circle) => circle.id)
      .filter((id) => among.includes(id));

  describe('starting a circle', () => {
    it("takes the form's defaults, and the host is its one member", async () => {
      const host = await member('Hannah Host');
      const res = await host.client.post('/api/circles', {
        title: '  Morning Psalms  ',
        faith: 'Christianity',
        topic: '   ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        circle: {
          id: expect.any(String),
          host_id: host.me.id,
          host: {
            id: host.me.id,
            username: host.me.profile.username,
            full_name: 'Hannah Host',
            avatar_url: null,
          },
          title: 'Morning Psalms',
          faith: 'Christianity',
          topic: null,
          visibility: 'public',
          mode: 'live',
          status: 'live',
          source_type: 'camera',
          duration_min: 30,
          allow_preview: true,
          join_by_blessing: true,
          show_store: true,
          allow_donations: true,
          // Listed only once the host's media starts.
          is_listed: false,
          host_heartbeat: null,
          max_guests: CIRCLE_LIMITS.defaultMaxGuests,
          // Decided when it first goes live.
          media: null,
          created_at: expect.any(String),
          member_count: 1,
          // Started outside any group.
          group: null,
        },
        role: 'host',
        access: 'member',
        preview: { available: false, until: null },
        ice_servers: testServer().built.ctx.config.iceServers,
      });
      expect(Date.now() - Date.parse(res.body.circle.created_at)).toBeLessThan(10_000);
      const id = res.body.circle.id;
      expect((await page(host, id)).body).toEqual(res.body);
      const members = await host.client.get(`/api/circles/${id}/members`);
      expect(members.body).toEqual([
        {
          user: expect.objectContaining({ id: host.me.id }),
          role: 'host',
          joined_at: expect.any(String),
          hand_raised: false,
          stage: null,
        },
      ]);
      // Nobody asked anything, and the room is empty of chat.
      expect((await host.client.get(`/api/circles/${id}/requests`)).body).toEqual([]);
      expect((await host.client.get(`/api/circles/${id}/chat`)).body).toEqual([]);
    });

    it('keeps every choice of the form; a scheduled circle is upcoming', async () => {
      const host = await member();
      const circle = await makeCircle(host.client, {
        title: 'Friday study',
        faith: 'Islam',
        topic: '  Surah Al-Kahf ',
        visibility: 'unlisted',
        mode: 'scheduled',
        source_type: 'audio',
        duration_min: 60,
        allow_preview: false,
        join_by_blessing: false,
        show_store: false,
        allow_donations: false,
      });
      expect(circle).toMatchObject({
        title: 'Friday study',
        faith: 'Islam',
        topic: 'Surah Al-Kahf',
        visibility: 'unlisted',
        mode: 'scheduled',
        status: 'upcoming',
        source_type: 'audio',
        duration_min: 60,
        allow_preview: false,
        join_by_blessing: false,
        show_store: false,
        allow_donations: false,
        member_count: 1,
      });
      const exactly = await makeCircle(host.client, {
        title: 't'.repeat(CIRCLE_LIMITS.titleMax),
        topic: null,
      });
      expect(exactly).toMatchObject({ title: 't'.repeat(CIRCLE_LIMITS.titleMax), topic: null });
    });

    it('refuses a circle without a title or faith, or with what the form does not offer, and writes nothing', async () => {
      const authors = [await member(), await member(), await member()];
      const base = { title: 'Vespers', faith: 'Christianity' };
      // [what, the body, the message, the code, the field, the params]
      const cases: Array<[string, unknown, string, string, string?, object?]> = [
        ['no title', { faith: 'Islam' }, CIRCLE_TEXTS.titleRequired, 'circle_title_required', 'title'],
        [
          'a blank title',
          { ...base, title: '   ' },
          CIRCLE_TEXTS.titleRequired,
          'circle_title_required',
          'title',
        ],
        [
          'a title that is not text',
          { ...base, title: 42 },
          CIRCLE_TEXTS.titleRequired,
          'circle_title_required',
          'title',
        ],
        ['no faith', { title: 'Vespers' }, CIRCLE_TEXTS.faithRequired, 'circle_faith_required', 'faith'],
        [
          'a faith not offered',
          { ...base, faith: 'Sports' },
          CIRCLE_TEXTS.faithRequired,
          'circle_faith_required',
          'faith',
        ],
        [
          'a title one too long',
          { ...base, title: 't'.repeat(101) },
          'A title can be at most 100 characters.',
          'circle_title_too_long',
          'title',
          { max: 100 },
        ],
        [
          'a title with NUL',
          { ...base, title: 'Ves\u0000pers' },
          'Text cannot contain NUL characters.',
          'circle_text_nul',
          'title',
        ],
        [
          'a huge title',
          { ...base, title: 'Psalm '.repeat(8_000) },
          'A title can be at most 100 characters.',
          'circle_title_too_long',
          'title',
          { max: 100 },
        ],
        [
          'a topic too long',
          { ...base, topic: 'x'.repeat(101) },
          'A topic can be at most 100 characters.',
          'circle_topic_too_long',
          'topic',
          { max: 100 },
        ],
        [
          'a visibility not offered',
          { ...base, visibility: 'secret' },
          'visibility must be public, unlisted or private.',
          'circle_visibility_invalid',
          'visibility',
        ],
        [
          'a mode not offered',
          { ...base, mode: 'later' },
          'mode must be live or scheduled.',
          'circle_mode_invalid',
          'mode',
        ],
        [
          'a source not offered',
          { ...base, source_type: 'hologram' },
          'source_type must be camera, screen or audio.',
          'circle_source_invalid',
          'source_type',
        ],
        [
          'a duration not offered',
          { ...base, duration_min: 20 },
          'duration_min must be 15, 30, 45 or 60.',
          'circle_duration_invalid',
          'duration_min',
        ],
        [
          'a duration as text',
          { ...base, duration_min: '30' },
          'duration_min must be 15, 30, 45 or 60.',
          'circle_duration_invalid',
          'duration_min',
        ],
        [
          'a flag as text',
          { ...base, allow_preview: 'yes' },
          'allow_preview must be true or false.',
          'not_boolean',
          'allow_preview',
          { name: 'allow_preview' },
        ],
        [
          'the host chosen',
          { ...base, host_id: uuidv7() },
          'Unknown field: host_id.',
          'unknown_field',
          undefined,
          { count: 1, fields: 'host_id' },
        ],
        [
          // Without JANUS_URL the host's browser sends to each guest: 10 at most.
          'more guests than the mesh carries',
          { ...base, max_guests: 500 },
          'Without a media server a circle takes at most 10 guests.',
          'circle_max_guests_mesh',
          undefined,
          { max: 10 },
        ],
        [
          'no guests',
          { ...base, max_guests: 0 },
          'max_guests must be a whole number from 1 to 500.',
          'circle_max_guests_invalid',
          'max_guests',
          undefined,
        ],
        [
          'more than 500 guests',
          { ...base, max_guests: 501 },
          'max_guests must be a whole number from 1 to 500.',
          'circle_max_guests_invalid',
          'max_guests',
          undefined,
        ],
        [
          'a fraction of a guest',
          { ...base, max_guests: 2.5 },
          'max_guests must be a whole number from 1 to 500.',
          'circle_max_guests_invalid',
          'max_guests',
          undefined,
        ],
        [
          'a status',
          { ...base, status: 'live' },
          'Unknown field: status.',
          'unknown_field',
          undefined,
          { count: 1, fields: 'status' },
        ],
        ['a list', [base], 'The request body must be a JSON object.', 'body_not_object'],
      ];
      for (const [i, [label, body, message, code, field, params]] of cases.entries()) {
        const res = await authors[i % authors.length]!.client.post('/api/circles', body);
        expect(res.status, label).toBe(400);
        expect(res.body, label).toEqual({
          error: { code, message, ...(params ? { params } : {}), ...(field ? { field } : {}) },
        });
      }
      const written = await db()
        .selectFrom('faith_circles')
        .select('id')
        .where(
          'host_id',
          'in',
          authors.map((a) => a.me.id),
        )
        .execute();
      expect(written).toEqual([]);
    });

    it('is for signed-in members only', async () => {
      const host = await member();
      const circle = await makeCircle(host.client);
      const anonymous = new TestClient(testServer().baseUrl);
      const before = await db().selectFrom('faith_circles').select('id').execute();
      for (const [method, url] of [
        ['POST', '/api/circles'],
        ['GET', '/api/circles/live'],
        ['GET', `/api/circles/${circle.id}`],
        ['POST', `/api/circles/${circle.id}/join`],
        ['POST', `/api/circles/${circle.id}/requests`],
        ['POST', `/api/circles/${circle.id}/preview`],
        ['GET', `/api/circles/${circle.id}/chat`],
        ['POST', `/api/circles/${circle.id}/chat`],
        ['POST', `/api/circles/${circle.id}/end`],
      ] as const) {
        const body = method === 'POST' ? { title: 'Sneaky', faith: 'Other', content: 'hi' } : undefined;
        const res = await anonymous.request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(401);
      }
      expect(await db().selectFrom('faith_circles').select('id').execute()).toHaveLength(before.length);
      expect((await page(host, circle.id)).body.circle.status).toBe('live');
    });
  });
});
