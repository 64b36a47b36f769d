import { createServer } from 'node:net';
import { MEMBER_LIMITS } from '@server/http/rateLimit.ts';
import {
  dialects,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { type PlacesFixture, startPlacesFixture } from '@server/test/placesFixture.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const UNREACHABLE = 'The map service could not be reached. Please try again in a minute.';
const GARBLED = 'The map service sent an answer we could not read. Please try again in a minute.';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const search = (client: TestClient, params: Record<string, string>) =>
  client.get(`/api/places?${new URLSearchParams(params)}`);

describe.each(dialects)('places lookup (%s)', (dialect) => {
  let fixture: PlacesFixture;
  let server: TestServer;
  let member: TestClient;
  /** Signed in for the bad-input cases, so they do not use up another member's searches a minute. */
  let checker: TestClient;
  beforeAll(async () => {
    fixture = await startPlacesFixture();
    server = await startTestServer(dialect, {
      nominatimUrl: fixture.nominatimUrl,
      overpassUrl: fixture.overpassUrl,
    });
    member = (await signedInMember(server)).client;
    checker = (await signedInMember(server)).client;
  });
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });
  beforeEach(() => {
    fixture.mode.nominatim = 'ok';
    fixture.mode.overpass = 'ok';
  });

  it('refuses visitors', async () => {
    const res = await search(new TestClient(server.baseUrl), { kind: 'churches', q: 'Springfield' });
    expect(res.status).toBe(401);
    expect(fixture.hits.nominatim).toHaveLength(0);
  });

  it('finds churches near a city, nearest first, with address and OpenStreetMap link', async () => {
    const res = await search(member, { kind: 'churches', q: 'Springfield' });
    expect(res.status).toBe(200);
    expect(res.body.center).toMatchObject({ label: expect.stringContaining('Springfield'), lat: 39.799 });
    expect(res.body.places.map((p: { name: string }) => p.name)).toEqual([
      'Grace Chapel',
      "St. Mary's Church",
      'First Baptist Church',
    ]);
    const [chapel, stMarys, baptist] = res.body.places;
    expect(chapel).toMatchObject({
      id: 'way/2001',
      address: '12 Elm Road, Springfield',
      osm_url: 'https://www.openstreetmap.org/way/2001',
    });
    expect(chapel.distance_km).toBeCloseTo(0.25, 1);
    expect(stMarys).toMatchObject({
      address: '400 Monroe Street, Springfield 62701',
      detail: 'Christian · Roman catholic',
      osm_url: 'https://www.openstreetmap.org/node/1001',
    });
    expect(stMarys.distance_km).toBeCloseTo(1.11, 1);
    expect(baptist).toMatchObject({ address: null, osm_url: 'https://www.openstreetmap.org/node/1003' });

    // Both services were told who asks, with one request each.
    const agent = `Splikz/0.1 (+${server.baseUrl})`;
    expect(fixture.hits.nominatim.map((h) => [h.query, h.userAgent])).toEqual([['Springfield', agent]]);
    expect(fixture.hits.overpass).toHaveLength(1);
    expect(fixture.hits.overpass[0]!.userAgent).toBe(agent);
    expect(fixture.hits.overpass[0]!.query).toMatch(
      /^\[out:json\]\[timeout:10\].*place_of_worship.*around:8000/,
    );
  });

  it('finds restaurants and cafés around the device location without geocoding', async () => {
    const before = fixture.hits.nominatim.length;
    const res = await search(member, { kind: 'restaurants', lat: '45.5', lng: '-73.6' });
    expect(res.status).toBe(200);
    expect(res.body.center).toEqual({ label: 'your location', lat: 45.5, lng: -73.6 });
    expect(res.body.places.map((p: { name: string; detail: string }) => [p.name, p.detail])).toEqual([
      ['Corner Café', 'Café'],
      ["Luigi's Trattoria", 'Restaurant · Italian'],
      ['Krusty Burger', 'Restaurant'],
    ]);
    expect(fixture.hits.nominatim).toHaveLength(before);
    expect(fixture.hits.overpass.at(-1)!.query).toContain('restaurant|cafe');
  });

  it('answers a repeated search from its cache', async () => {
    const nominatim = fixture.hits.nominatim.length;
    const overpass = fixture.hits.overpass.length;
    const first = await search(member, { kind: 'churches', q: 'Shelbyville' });
    const again = await search(member, { kind: 'churches', q: '  shelbyville ' });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(fixture.hits.nominatim.length - nominatim).toBe(1);
    expect(fixture.hits.overpass.length - overpass).toBe(1);
    // Another kind near the same town needs no new geocode.
    expect((await search(member, { kind: 'restaurants', q: 'Shelbyville' })).status).toBe(200);
    expect(fixture.hits.nominatim.length - nominatim).toBe(1);
  });

  it('asks Nominatim at most once a second, however many members search at once', async () => {
    const { client } = await signedInMember(server);
    const before = fixture.hits.nominatim.length;
    const answers = await Promise.all(
      ['Capital City', 'Ogdenville', 'North Haverbrook'].map((q) => search(client, { kind: 'churches', q })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const times = fixture.hits.nominatim.slice(before).map((h) => h.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
  });

  it('tells a member to try again when too many searches wait for their turn', async () => {
    const { client } = await signedInMember(server);
    // The searches before booked Nominatim's next turn up to a second ahead: start once it is free, so
    // the turns fall at 0, 1, 2, 3 (and maybe 4) s of this test's own.
    const { db } = server.built.ctx.database;
    for (;;) {
      const gate = await db
        .selectFrom('job_leases')
        .select('next_run_at')
        .where('name', '=', 'rate:nominatim')
        .executeTakeFirst();
      const nextTurn = gate ? new Date(gate.next_run_at as string).getTime() : 0;
      if (nextTurn <= Date.now()) break;
      await new Promise((resolve) => setTimeout(resolve, nextTurn - Date.now() + 5));
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => search(client, { kind: 'churches', q: `Nowhere ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    // Turns at 0, 1, 2, 3 (and maybe 4) s; the others are not kept waiting longer.
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThanOrEqual(4);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect(busy[0]!.body.error).toEqual({
      code: 'map_busy',
      message: 'The map service is busy right now. Please try again in a few seconds.',
    });
    const notFound = answers.find((a) => a.status === 404)!;
    expect(notFound.body.error.message).toMatch(/^We could not find "Nowhere \d" on the map/);
  });

  it('limits searches by point per member: each new point is a fresh Overpass query', async () => {
    const { client } = await signedInMember(server);
    const { max } = MEMBER_LIMITS.placesNearPoint;
    const overpass = fixture.hits.overpass.length;
    for (let i = 0; i < max; i += 1) {
      const res = await search(client, { kind: 'churches', lat: '12.5', lng: String(30 + i) });
      expect(res.status).toBe(200);
    }
    const limited = await search(client, { kind: 'churches', lat: '12.5', lng: '60' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toContain('wait');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fixture.hits.overpass.length - overpass).toBe(max);
    // Another member is not held back by this one.
    const other = await signedInMember(server);
    expect((await search(other.client, { kind: 'churches', lat: '12.5', lng: '60' })).status).toBe(200);
  });

  it.each([
    [{ q: 'Springfield' }, 'kind must be churches or restaurants.'],
    [{ kind: 'mosques', q: 'Springfield' }, 'kind must be churches or restaurants.'],
    [{ kind: 'churches' }, 'Enter a city or ZIP code, or use your location.'],
    [{ kind: 'churches', q: ' x ' }, 'Enter a city or ZIP code (2 to 100 characters).'],
    [{ kind: 'churches', q: 'y'.repeat(101) }, 'Enter a city or ZIP code (2 to 100 characters).'],
    [{ kind: 'churches', q: 'Spring\u0000field' }, 'The city or ZIP code cannot contain NUL characters.'],
    [{ kind: 'churches', q: 'Springfield', lat: '1', lng: '2' }, 'not both'],
    [{ kind: 'churches', lat: '1' }, 'A location needs both lat and lng.'],
    [{ kind: 'churches', lat: '90.5', lng: '0' }, 'lat must be a number from -90 to 90.'],
    [{ kind: 'churches', lat: '0', lng: '-181' }, 'lng must be a number from -180 to 180.'],
    [{ kind: 'churches', lat: 'north', lng: '0' }, 'lat must be a number from -90 to 90.'],
    [{ kind: 'churches', q: 'Springfield', radius: '99' }, 'Unknown field: radius.'],
  ])('refuses %o with a clear 400', async (params, message) => {
    const res = await search(checker, params as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
  });

  it('refuses a repeated parameter', async () => {
    const res = await checker.get('/api/places?kind=churches&q=Springfield&q=Shelbyville');
    expect(res.status).toBe(400);
  });

  it.each([
    ['nominatim', 'garbage', 502, GARBLED],
    ['nominatim', 'wrong-shape', 502, GARBLED],
    ['nominatim', 'error', 503, UNREACHABLE],
    ['nominatim', 'slow-down', 503, 'The map service is busy right now. Please try again in a few seconds.'],
    ['overpass', 'garbage', 502, GARBLED],
    ['overpass', 'wrong-shape', 502, GARBLED],
    ['overpass', 'error', 503, UNREACHABLE],
  ] as const)('explains a %s answering %s (%i)', async (service, mode, status, message) => {
    const { client } = await signedInMember(server);
    fixture.mode[service] = mode;
    // Geocoding needs a town not cached yet; Overpass gets a point not cached yet.
    const params: Record<string, string> =
      service === 'nominatim'
        ? { kind: 'churches', q: `Brockway ${mode}` }
        : { kind: 'churches', lat: '10.5', lng: String(20 + mode.length) };
    const res = await search(client, params);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    // A failure is not cached: the next try asks again and succeeds.
    fixture.mode[service] = 'ok';
    const retry = await search(client, params);
    expect(retry.status).toBe(service === 'nominatim' ? 404 : 200);
  });
});

describe('places lookup with the map services down', () => {
  let server: TestServer;
  beforeAll(async () => {
    const port = await closedPort();
    server = await startTestServer('sqlite', {
      nominatimUrl: `http://127.0.0.1:${port}`,
      overpassUrl: `http://127.0.0.1:${port}/api/interpreter`,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 503 with a message a person understands, never a 500', async () => {
    const { client } = await signedInMember(server);
    for (const params of [
      { kind: 'churches', q: 'Springfield' } as Record<string, string>,
      { kind: 'restaurants', lat: '39.8', lng: '-89.6' },
    ]) {
      const res = await search(client, params);
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({ code: 'map_unavailable', message: UNREACHABLE });
    }
  });
});
