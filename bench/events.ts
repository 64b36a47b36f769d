// Benchmark: events (issue 26). With 100,000 events over the next 180 days (a tenth weekly, a tenth in
// groups) and 1,000,000 RSVPs by 20,000 members, plus 20,000 events that ended in the past year, a
// signed-in member reads the first page of Upcoming, of 'Near me' (a point in Chicago, 25 km), of Going
// (they go to 50 events, and went to 200), of Past, Home's next three and 'Find Shows' on a day, each run
// followed by one of GET /api/health, medians of three pairs (target: p99 under 25 ms at 50 connections). SQLite. Prints the
// figures and the query plans of the list queries, and writes bench/results/events.json
// (BENCH_LISTS=Near,Past measures only those lists; BENCH_PROFILE=<folder> writes each list's CPU profile; BENCH_KEEP_DB=<file> keeps a copy of the seeded database, to try queries on). Not part of `npm test`.
import path from 'node:path';
import type { DB } from '@server/db/types.ts';
import { distanceKm } from '@server/places/geo.ts';
import { comedyShowsOn } from '@server/queries/eventFeeds.ts';
import { type EventFilters, listEvents } from '@server/queries/events.ts';
import { soonEvents } from '@server/queries/soonEvents.ts';
import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import Database from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { type LoadResult, measureAgainstHealth, measure as measureLoad } from './load.ts';
import { profiled, runBench, saveResults } from './results.ts';
import { seedFeed, settleWal } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const RSVPS = Number(process.env.BENCH_RSVPS ?? 1_000_000);
const GROUPS = 300;
const GROUP_SIZE = 20;
const VIEWER_GROUPS = 20;
const VIEWER_GOING = 50;
/** Events that have ended, over the past year (a tenth weekly), without RSVPs: what Past walks. */
const PAST_EVENTS = Number(process.env.BENCH_PAST_EVENTS ?? 20_000);
/** Of which the member went to 200, at their last occurrence. */
const VIEWER_PAST_GOING = 200;
const CONNECTIONS = 50;
/** Seconds of each measurement, and how many list-then-health pairs each list gets (as bench/home-feed.ts). */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Events in person are spread over a 300 km square around Chicago, denser towards the middle. */
const CHICAGO = { lat: 41.88, lng: -87.63, km: 25 };
const HALF_KM = 150;

type Figures = LoadResult;

/** bench/load.ts's measure, waiting past the run's end for a slow list's queued requests. */
const measure = (
  url: string,
  options: { connections: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<Figures> =>
  measureLoad(url, { ...options, timeoutSeconds: options.durationSeconds + 60, decimals: true });

/** A small seeded generator (mulberry32), so every run seeds the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function cookieOf(server: TestServer): Promise<{ cookie: string; id: string }> {
  const { client, me } = await signedInMember(server);
  return { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), id: me.id };
}

/** Groups, events, their occurrences and RSVPs written straight into SQLite in one transaction. */
function seedEvents(file: string, members: string[], viewerId: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const rand = random(26);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' });
  const group = db.prepare(
    `insert into groups (id, slug, name, description, category, privacy, owner_id, member_count, created_at, last_activity_at)
     values (@id, 'bench-events-group-' || @g, 'Bench group ' || @g, '', @category, @privacy, @owner, ${GROUP_SIZE}, @at, @at)`,
  );
  const membership = db.prepare(
    `insert or ignore into group_members (group_id, user_id, standing, role, notify, created_at)
     values (?, ?, 'member', ?, 'off', ?)`,
  );
  const event = db.prepare(
    `insert into events (id, host_id, group_id, title, description, category, starts_at, ends_at, time_zone,
       repeat, repeat_until, last_ends_at, place, venue, address, lat, lng, created_at, updated_at)
     values (?, ?, ?, ?, '', ?, ?, ?, 'America/Chicago', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const occurrence = db.prepare(
    'insert into event_occurrences (event_id, starts_at, ends_at) values (?, ?, ?)',
  );
  const rsvp = db.prepare(
    `insert or ignore into event_rsvps (event_id, occurrence, user_id, answer, guests, asked_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const categories = ['faith', 'food', 'comedy', 'community'];
  const privacies = ['public', 'private', 'secret'];
  // RSVPs per event: skewed (exponential weights), adding up to exactly RSVPS.
  const weights = Array.from({ length: EVENTS }, () => -Math.log(1 - rand()));
  const total = weights.reduce((a, b) => a + b, 0);
  const perEvent = weights.map((w) => Math.min(members.length - 1, Math.floor((w / total) * RSVPS)));
  for (let e = 0, left = RSVPS - perEvent.reduce((a, b) => a + b, 0); left > 0; e += 1, left -= 1) {
    perEvent[e % EVENTS]! += 1;
  }
  // Triangular offsets: a city's events are closer together than its suburbs'.
  const offsetKm = () => (rand() + rand() - 1) * HALF_KM;
  const cosLat = Math.cos((CHICAGO.lat * Math.PI) / 180);
  const counts = {
    occurrences: 0,
    rsvps: 0,
    weekly: 0,
    inGroups: 0,
    inPerson: 0,
    within25Km: 0,
    past: 0,
    viewerPastGoing: 0,
  };
  const going: string[] = [];
  db.transaction(() => {
    const owners: string[] = [];
    const groupIds: string[] = [];
    for (let g = 0; g < GROUPS; g += 1) {
      const id = uuidv7();
      const owner = members[(g * 7919) % members.length]!;
      const at = iso(now - 90 * DAY_MS);
      groupIds.push(id);
      owners.push(owner);
      group.run({ id, g, category: categories[g % 4], privacy: privacies[g % 3], owner, at });
      membership.run(id, owner, 'owner', at);
      for (let k = 1; k < GROUP_SIZE; k += 1)
        membership.run(id, members[(g * 31 + k * 104_729) % members.length], 'member', at);
      if (g < VIEWER_GROUPS) membership.run(id, viewerId, 'member', at);
    }
    const goingEvery = Math.max(1, Math.floor(EVENTS / VIEWER_GOING));
    for (let e = 0; e < EVENTS; e += 1) {
      const id = uuidv7();
      const times = rand() < 0.1 ? 4 + Math.floor(rand() * 9) : 1;
      const start = Math.ceil((now + HOUR_MS + rand() * 180 * DAY_MS) / (15 * 60_000)) * 15 * 60_000;
      const length = (1 + Math.floor(rand() * 3)) * HOUR_MS;
      const g = rand() < 0.1 ? Math.floor(rand() * GROUPS) : -1;
      const host = g >= 0 ? owners[g]! : members[Math.floor(rand() * members.length)]!;
      const inPerson = rand() < 0.7;
      const point = inPerson
        ? { lat: CHICAGO.lat + offsetKm() / 111, lng: CHICAGO.lng + offsetKm() / (111 * cosLat) }
        : null;
      const last = start + (times - 1) * 7 * DAY_MS;
      const created = iso(now - rand() * 30 * DAY_MS);
      event.run(
        id,
        host,
        g >= 0 ? groupIds[g] : null,
        `Bench event ${e}`,
        categories[e % 4],
        iso(start),
        iso(start + length),
        times > 1 ? 'weekly' : 'none',
        times > 1 ? localDate.format(last) : null,
        iso(last + length),
        inPerson ? 'in_person' : 'circle',
        inPerson ? `Venue ${e}` : null,
        inPerson ? `${e} Main Street` : null,
        point?.lat ?? null,
        point?.lng ?? null,
        created,
        created,
      );
      for (let t = 0; t < times; t += 1) {
        occurrence.run(id, iso(start + t * 7 * DAY_MS), iso(start + t * 7 * DAY_MS + length));
      }
      counts.occurrences += times;
      counts.weekly += times > 1 ? 1 : 0;
      counts.inGroups += g >= 0 ? 1 : 0;
      counts.inPerson += inPerson ? 1 : 0;
      counts.within25Km += point && distanceKm(CHICAGO, point) <= CHICAGO.km ? 1 : 0;
      // RSVPs on the first occurrence, by distinct members (a stride prime to their number).
      const first = Math.floor(rand() * members.length);
      for (let k = 0; k < perEvent[e]!; k += 1) {
        const pick = rand();
        const answer = pick < 0.6 ? 'going' : pick < 0.9 ? 'interested' : 'not_going';
        const asked = iso(Date.parse(created) + rand() * (now - Date.parse(created)));
        const guests = answer === 'going' ? Math.floor(rand() * 3) : 0;
        const user = members[(first + k * 7919) % members.length]!;
        counts.rsvps += rsvp.run(id, iso(start), user, answer, guests, asked, asked).changes;
      }
      if (g < 0 && going.length < VIEWER_GOING && e >= going.length * goingEvery) {
        going.push(id);
        counts.rsvps += rsvp.run(id, iso(start), viewerId, 'going', 0, created, created).changes;
      }
    }
    // Past events, from a generator of their own so the events above stay the same from run to run.
    const pastRand = random(27);
    for (let e = 0; e < PAST_EVENTS; e += 1) {
      const id = uuidv7();
      const times = pastRand() < 0.1 ? 4 + Math.floor(pastRand() * 9) : 1;
      const length = (1 + Math.floor(pastRand() * 3)) * HOUR_MS;
      const last =
        Math.floor((now - length - HOUR_MS - pastRand() * 365 * DAY_MS) / (15 * 60_000)) * 15 * 60_000;
      const start = last - (times - 1) * 7 * DAY_MS;
      const created = iso(start - 30 * DAY_MS);
      event.run(
        id,
        members[Math.floor(pastRand() * members.length)]!,
        null,
        `Past bench event ${e}`,
        categories[e % 4],
        iso(start),
        iso(start + length),
        times > 1 ? 'weekly' : 'none',
        times > 1 ? localDate.format(last) : null,
        iso(last + length),
        'circle',
        null,
        null,
        null,
        null,
        created,
        created,
      );
      for (let t = 0; t < times; t += 1) {
        occurrence.run(id, iso(start + t * 7 * DAY_MS), iso(start + t * 7 * DAY_MS + length));
      }
      // The member went to some: what Going must step over.
      if (e % Math.max(1, Math.floor(PAST_EVENTS / VIEWER_PAST_GOING)) === 0) {
        counts.rsvps += rsvp.run(id, iso(last), viewerId, 'going', 0, created, created).changes;
        counts.viewerPastGoing += 1;
      }
      counts.past += 1;
      counts.occurrences += times;
    }
  })();
  db.pragma('optimize');
  settleWal(db);
  db.close();
  return { ...counts, viewerGoing: going.length };
}

/** The median of five runs, in ms. */
async function medianMs(run: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return Number(times.sort((a, b) => a - b)[2]!.toFixed(1));
}

/**
 * The list's SQL as Kysely sends it (through a logging connection of our own), its plan, its time
 * alone and the time of the whole of listEvents (the list and presentEvents' queries).
 */
async function planOf(file: string, run: (db: Kysely<DB>) => Promise<unknown>) {
  const sqlite = new Database(file, { readonly: true });
  const seen: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') seen.push(event.query);
    },
  });
  const listEventsMs = await medianMs(() => run(db));
  const list = seen.find((q) => q.sql.includes('event_occurrences'))!;
  const params = list.parameters as unknown[];
  const plan = sqlite.prepare(`explain query plan ${list.sql}`).all(...params) as Array<{ detail: string }>;
  const statement = sqlite.prepare(list.sql);
  const queryAloneMs = await medianMs(() => statement.all(...params));
  await db.destroy();
  return { sql: list.sql, plan: plan.map((row) => row.detail), queryAloneMs, listEventsMs };
}

/** Waits until the server is idle again (a slow list leaves up to 50 requests queued): 10 quick answers in a row. */
async function settle(baseUrl: string): Promise<void> {
  for (let quick = 0; quick < 10; ) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/health`);
    quick = performance.now() - started < 10 ? quick + 1 : 0;
  }
}

async function main() {
  const server = await startTestServer('sqlite');
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    ...{
      members: MEMBERS,
      events: EVENTS,
      pastEvents: PAST_EVENTS,
      rsvps: RSVPS,
      groups: GROUPS,
      viewerGroups: VIEWER_GROUPS,
    },
    connections: CONNECTIONS,
    targets: 'p99 under 25 ms at 50 connections',
  };
  try {
    const viewer = await cookieOf(server);
    const file = path.join(server.dataDir, 'splikz.db');
    const members: string[] = [];
    const started = Date.now();
    seedFeed(file, members, 0, 0, { members: MEMBERS, posts: 0 });
    report.seeded = seedEvents(file, members, viewer.id);
    report.seededInSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
    console.log(`seeded in ${report.seededInSeconds} s:`, report.seeded);
    const near = `lat=${CHICAGO.lat}&lng=${CHICAGO.lng}&km=${CHICAGO.km}`;
    const showDay = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    const list = (query: string, filters: EventFilters): [string, (db: Kysely<DB>) => Promise<unknown>] => [
      `/api/events?${query}`,
      (db) => listEvents(db, viewer.id, filters),
    ];
    const lists: Record<string, [string, (db: Kysely<DB>) => Promise<unknown>]> = {
      'Upcoming, first page': list('tab=upcoming&limit=20', { tab: 'upcoming', limit: 20 }),
      'Near me (Chicago, 25 km)': list(`tab=upcoming&${near}&limit=20`, { tab: 'upcoming', near: CHICAGO }),
      'Going (50 events, 200 past)': list('tab=going&limit=20', { tab: 'going', limit: 20 }),
      Past: list('tab=past&limit=20', { tab: 'past', limit: 20 }),
      // Home's 'Upcoming events', on every member's home screen (in 20 groups, going to 50).
      "Home's next three": ['/api/events/soon', (db) => soonEvents(db, viewer.id)],
      // The Comedy Zone's 'Find Shows' on a day three days ahead (UTC).
      'Find Shows (a day)': [
        `/api/comedy-shows?date=${showDay}`,
        (db) => comedyShowsOn(db, viewer.id, showDay, 'UTC'),
      ],
    };
    // BENCH_LISTS=Near,Past measures only the lists whose names start so.
    const only = process.env.BENCH_LISTS?.split(',');
    for (const name of Object.keys(lists)) {
      if (only && !only.some((prefix) => name.startsWith(prefix))) delete lists[name];
    }
    const headers = { cookie: viewer.cookie };
    const load = { connections: CONNECTIONS, durationSeconds: DURATION_S };
    const pages: Record<string, number> = {};
    for (const [name, [route]] of Object.entries(lists)) {
      const answer = await fetch(`${server.baseUrl}${route}`, { headers });
      const body = (await answer.json()) as { events?: unknown[]; shows?: unknown[] };
      const listed = body.events ?? body.shows;
      if (answer.status !== 200 || !listed?.length) {
        throw new Error(`${name}: answered ${answer.status} with ${listed?.length ?? 0} events`);
      }
      pages[name] = listed.length;
      await measure(`${server.baseUrl}${route}`, { ...load, durationSeconds: 2, headers }); // warm-up
      await settle(server.baseUrl);
    }
    report.firstPageLengths = pages;
    console.log(`sqlite: ${EVENTS.toLocaleString('en-US')} events, ${RSVPS.toLocaleString('en-US')} RSVPs`);
    for (const [name, [route]] of Object.entries(lists)) {
      await settle(server.baseUrl);
      const result = await profiled(name, () =>
        measureAgainstHealth(`${server.baseUrl}${route}`, `${server.baseUrl}/api/health`, {
          ...load,
          timeoutSeconds: DURATION_S + 60,
          decimals: true,
          rounds: ROUNDS,
          headers,
        }),
      );
      report[name] = result;
      console.log(
        `  ${name.padEnd(27)} ${result.requestsPerSecond} req/s   p99 ${result.p99Ms} ms   ` +
          `health ${result.healthRequestsPerSecond} req/s   ratio ${result.ratio} (pairs ${result.ratios.join(', ')})` +
          `${result.p99Ms > 25 ? '   p99 OVER 25 ms' : ''}`,
      );
    }
    await settle(server.baseUrl);
    const plans: Record<string, Awaited<ReturnType<typeof planOf>>> = {};
    report.plans = plans;
    for (const [name, [, run]] of Object.entries(lists)) {
      plans[name] = await planOf(file, run);
      const { plan, queryAloneMs, listEventsMs } = plans[name];
      // The policy's per-row lookups (groups, blocks, hidden members) are in the JSON, not printed.
      const steps = plan.filter((step) => / (o|events|r) USING|^SCAN|TEMP B-TREE/.test(step));
      console.log(`  ${name}: the list query alone ${queryAloneMs} ms, listEvents ${listEventsMs} ms`);
      console.log(`    ${steps.join('\n    ')}`);
    }
    if (process.env.BENCH_KEEP_DB)
      await new Database(file, { readonly: true }).backup(process.env.BENCH_KEEP_DB);
  } finally {
    await server.close();
  }
  saveResults('events', report);
}

runBench(main);
