import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('admin console: comedy shows (%s)', (dialect) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  let member: Awaited<ReturnType<typeof signedInMember>>;

  const valid = {
    title: 'Late Laughs',
    performer: 'Sam Stand-Up',
    venue: 'The Cellar',
    city: 'Austin',
    show_date: '2026-12-05',
    starts_at: '2026-12-05T20:30:00-06:00',
    ticket_url: 'https://tickets.example.com/late-laughs',
  };
  const findShows = async (date: string) =>
    (await member.client.get(`/api/comedy-shows?date=${date}`)).body.shows;
  const showCount = async () =>
    Number(
      (
        await server.built.ctx.database.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('show_date', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditActions = async () =>
    (await admin.client.get('/api/admin/audit')).body.entries.map((e: { action: string }) => e.action);

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    admin = await signedInMember(server, { name: 'Show Admin' });
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: admin.me.id, role: 'admin' })
      .execute();
    member = await signedInMember(server, { name: 'Show Goer' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('adds, edits and removes a show, which Find Shows reflects, each with an audit line', async () => {
    const created = await admin.client.post('/api/admin/shows', valid);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      ...valid,
      starts_at: '2026-12-06T02:30:00.000Z',
    });
    const id = created.body.id;
    expect(await findShows('2026-12-05')).toEqual([created.body]);
    expect((await admin.client.get('/api/admin/shows')).body.shows).toEqual([created.body]);

    const edited = await admin.client.request('PUT', `/api/admin/shows/${id}`, {
      ...valid,
      title: 'Later Laughs',
      performer: '',
      ticket_url: null,
      show_date: '2026-12-06',
      starts_at: '2026-12-06T21:00:00Z',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Later Laughs', performer: null, ticket_url: null });
    expect(await findShows('2026-12-05')).toEqual([]);
    expect((await findShows('2026-12-06')).map((s: { title: string }) => s.title)).toEqual(['Later Laughs']);

    const removed = await admin.client.request('DELETE', `/api/admin/shows/${id}`);
    expect(removed.status).toBe(200);
    expect(await findShows('2026-12-06')).toEqual([]);
    expect((await admin.client.request('DELETE', `/api/admin/shows/${id}`)).status).toBe(404);
    expect((await admin.client.request('PUT', `/api/admin/shows/${id}`, valid)).status).toBe(404);
    expect((await admin.client.request('DELETE', '/api/admin/shows/bad%20id')).status).toBe(400);

    expect((await auditActions()).slice(0, 3)).toEqual(['show.delete', 'show.update', 'show.create']);
  });

  it("lists the console's shows of a date with members' comedy events starting that day, by time", async () => {
    const entered = (
      await admin.client.post('/api/admin/shows', {
        ...valid,
        title: 'Entered show',
        show_date: '2027-01-09',
        starts_at: '2027-01-09T20:30:00-06:00',
      })
    ).body;
    const event = (at: string, title: string, category = 'comedy') =>
      member.client.post('/api/events', {
        title,
        starts_local: at,
        ends_local: at.replace(/T\d\d/, (h) => `T${String(Number(h.slice(1)) + 1).padStart(2, '0')}`),
        time_zone: 'UTC',
        repeat: 'none',
        category,
        place: 'circle',
      });
    expect((await event('2027-01-09T19:00', 'Open mic')).status).toBe(201);
    expect((await event('2027-01-09T08:00', 'Morning set')).status).toBe(201);
    expect((await event('2027-01-09T09:00', 'A study', 'faith')).status).toBe(201);
    expect((await event('2027-01-10T09:00', 'Next day')).status).toBe(201);
    const shows = (await findShows('2027-01-09')) as Array<{ title: string; starts_at: string }>;
    expect(shows.map((show) => [show.title, show.starts_at])).toEqual([
      ['Morning set', '2027-01-09T08:00:00.000Z'],
      ['Open mic', '2027-01-09T19:00:00.000Z'],
      ['Entered show', entered.starts_at],
    ]);
    expect((await admin.client.request('DELETE', `/api/admin/shows/${entered.id}`)).status).toBe(200);
  });

  it('refuses bad shows with a 400 and changes nothing', async () => {
    const kept = (await admin.client.post('/api/admin/shows', { ...valid, title: 'Kept' })).body;
    const count = await showCount();
    const auditBefore = (await auditActions()).length;
    const bad: Array<Record<string, unknown>> = [
      { ...valid, title: '' },
      { ...valid, title: '   ' },
      { ...valid, venue: undefined },
      { ...valid, city: '' },
      { ...valid, title: 'x'.repeat(121) },
      { ...valid, city: 'y'.repeat(81) },
      { ...valid, title: 'Null\u0000byte' },
      { ...valid, venue: 'Line\nbreak' },
      { ...valid, show_date: '2026-02-30' },
      { ...valid, show_date: 'tomorrow' },
      { ...valid, starts_at: '2026-12-05 20:30' },
      { ...valid, starts_at: '2026-13-05T20:30:00Z' },
      { ...valid, starts_at: '2026-12-05T25:30:00Z' },
      { ...valid, starts_at: 'not a date' },
      { ...valid, starts_at: '2026-12-09T20:30:00Z' },
      { ...valid, ticket_url: 'javascript:alert(1)' },
      { ...valid, ticket_url: 'ftp://example.com/x' },
      { ...valid, ticket_url: 'tickets.example.com' },
      { ...valid, ticket_url: `https://example.com/${'a'.repeat(500)}` },
      { ...valid, title: 42 },
      { ...valid, extra: 'field' },
    ];
    for (const body of bad) {
      const created = await admin.client.post('/api/admin/shows', body);
      expect(created.status, JSON.stringify(body)).toBe(400);
      expect(created.body.error.message).toEqual(expect.any(String));
      const edited = await admin.client.request('PUT', `/api/admin/shows/${kept.id}`, body);
      expect(edited.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await admin.client.request('POST', '/api/admin/shows', undefined, { rawBody: '{"title":' });
    expect(raw.status).toBe(400);
    expect(await showCount()).toBe(count);
    expect(
      (await admin.client.get('/api/admin/shows')).body.shows.find((s: { id: string }) => s.id === kept.id),
    ).toEqual(kept);
    expect((await auditActions()).length).toBe(auditBefore);
  });

  it('pages the show list by offset', async () => {
    for (let i = 1; i <= 3; i += 1) {
      await admin.client.post('/api/admin/shows', {
        ...valid,
        title: `Paged ${i}`,
        show_date: `2027-01-0${i}`,
        starts_at: `2027-01-0${i}T20:00:00Z`,
      });
    }
    const first = (await admin.client.get('/api/admin/shows?limit=2')).body;
    expect(first.shows.map((s: { title: string }) => s.title)).toEqual(['Paged 3', 'Paged 2']);
    const second = (await admin.client.get(`/api/admin/shows?limit=2&cursor=${first.next_cursor}`)).body;
    expect(second.shows[0].title).toBe('Paged 1');
    expect((await admin.client.get('/api/admin/shows?cursor=abc')).status).toBe(400);
  });
});
