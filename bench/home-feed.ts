// Benchmark: the authenticated first page of the home feed (20 posts with authors, counts, liked and
// prayed by the viewer) at 10,000 and at 1,000,000 posts, with 100,000 members, against GET /api/health,
// for three members: a plain one, one who blocks 50 members and mutes 50 others, and one who has liked
// and prayed for every post on the page. 100 members are suspended and 1,000 have not confirmed their
// email, as on a live site. On SQLite, and on PostgreSQL too when BENCH_DATABASE_URL is set (a server
// where the bench may create a database). Each viewer's feed is measured in a few short runs, each
// followed by a run of /api/health, and the ratio is taken pair by pair (the median is reported): this
// machine's speed drifts too much for a health figure from a minute earlier to divide by. Prints
// figures and writes bench/results/home-feed.json (BENCH_PROFILE=<folder> writes each run's CPU profile).
// Not part of `npm test`.
import path from 'node:path';
import type { DB } from '@server/db/types.ts';
import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { type Kysely, sql } from 'kysely';
import { measure, measureAgainstHealth } from './load.ts';
import { profiled, runBench, saveResults } from './results.ts';
import { seedFeed, seedFeedPostgres } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SMALL = 10_000;
const CONNECTIONS = 50;
/** Seconds of each measurement, and how many feed-then-health pairs each viewer gets. */
const SLICE_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HIDDEN = {
  blocked: 50,
  muted: 50,
  suspended: Number(process.env.BENCH_SUSPENDED ?? 100),
  unconfirmed: Number(process.env.BENCH_UNCONFIRMED ?? 1_000),
};
const VIEWERS = ['plain', 'blocks and mutes', 'liked and prayed'] as const;
/** Posts as issue 51 writes them (mentions, tags, polls: seed.ts richPost); BENCH_PLAIN=1 for the old ones. */
const RICH = !process.env.BENCH_PLAIN;

type Viewer = (typeof VIEWERS)[number];

async function cookieOf(server: TestServer): Promise<{ cookie: string; id: string }> {
  const { client, me } = await signedInMember(server);
  return { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), id: me.id };
}

/** The members whose posts are newest: hiding them changes the first page. */
function recentAuthors(members: string[], total: number, count: number, skip = 0): string[] {
  const found: string[] = [];
  for (let i = total - 1; found.length < count + skip && i >= 0; i -= 1) {
    const id = members[i % members.length]!;
    if (!found.includes(id)) found.push(id);
  }
  return found.slice(skip);
}

/** Blocks, mutes, hidden members and the third viewer's likes and prayers, once the posts are in. */
async function shapeViewers(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  members: string[],
  total: number,
  ids: Record<Viewer, string>,
) {
  const now = new Date().toISOString();
  await db.deleteFrom('blocks').execute();
  await db.deleteFrom('mutes').execute();
  await db.deleteFrom('likes').where('user_id', '=', ids['liked and prayed']).execute();
  await db.deleteFrom('prayers').where('user_id', '=', ids['liked and prayed']).execute();
  const blocked = recentAuthors(members, total, HIDDEN.blocked);
  const muted = recentAuthors(members, total, HIDDEN.muted, HIDDEN.blocked);
  await db
    .insertInto('blocks')
    .values(blocked.map((id) => ({ blocker_id: ids['blocks and mutes'], blocked_id: id, created_at: now })))
    .execute();
  await db
    .insertInto('mutes')
    .values(muted.map((id) => ({ muter_id: ids['blocks and mutes'], muted_id: id, created_at: now })))
    .execute();
  // Suspended and unconfirmed members spread over everyone (some of them recent authors).
  const every = (n: number, offset: number) =>
    Array.from({ length: n }, (_, i) => members[(i * 97 + offset) % members.length]!);
  await db
    .updateTable('profiles')
    .set({ suspended_at: now })
    .where('id', 'in', every(HIDDEN.suspended, 1))
    .execute();
  await db
    .updateTable('user')
    .set({ emailVerified: (dialect === 'postgres' ? false : 0) as never })
    .where('id', 'in', every(HIDDEN.unconfirmed, 5))
    .execute();
  const newest = await db.selectFrom('posts').select('id').orderBy('created_at', 'desc').limit(60).execute();
  const viewer = ids['liked and prayed'];
  await db
    .insertInto('likes')
    .values(newest.map((p) => ({ post_id: p.id, user_id: viewer, created_at: now })))
    .execute();
  await db
    .insertInto('prayers')
    .values(newest.map((p) => ({ post_id: p.id, user_id: viewer, created_at: now })))
    .execute();
  await db
    .updateTable('posts')
    .set((eb) => ({ prayed_count: eb('prayed_count', '+', 1) }))
    .where(
      'id',
      'in',
      newest.map((p) => p.id),
    )
    .execute();
  // PostgreSQL's autovacuum keeps statistics; the app never runs ANALYZE on SQLite (with its STAT4
  // statistics, SQLite prepares every statement with a bound indexed value again on each run).
  if (dialect === 'postgres') await sql`analyze`.execute(db);
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const server = await startTestServer(dialect);
  const { db } = server.built.ctx.database;
  const report: Record<string, unknown> = {};
  try {
    const viewers = {} as Record<Viewer, { cookie: string; id: string }>;
    for (const viewer of VIEWERS) viewers[viewer] = await cookieOf(server);
    const ids = Object.fromEntries(VIEWERS.map((v) => [v, viewers[v].id])) as Record<Viewer, string>;
    const feedUrl = `${server.baseUrl}/api/posts?limit=20`;
    let members: string[] = [];
    for (const [label, from, to] of [
      ['small', 0, SMALL],
      ['large', SMALL, POSTS],
    ] as const) {
      const started = Date.now();
      if (dialect === 'sqlite') {
        seedFeed(
          path.join(server.dataDir, 'splikz.db'),
          members,
          from,
          to,
          { members: MEMBERS, posts: POSTS },
          { rich: RICH },
        );
      } else {
        members = await seedFeedPostgres(db, from, to, { members: MEMBERS, posts: POSTS }, undefined, RICH);
      }
      await shapeViewers(db, dialect, members, to, ids);
      const seededIn = Number(((Date.now() - started) / 1000).toFixed(1));
      const load = { connections: CONNECTIONS, durationSeconds: SLICE_S };
      const headers = (viewer: Viewer) => ({ cookie: viewers[viewer].cookie });
      await measure(feedUrl, { ...load, durationSeconds: 3, headers: headers('plain') }); // warm-up
      const row: Record<string, unknown> = { posts: to, seededInSeconds: seededIn };
      console.log(`${dialect}: ${to.toLocaleString('en-US')} posts (seeded in ${seededIn} s)`);
      for (const viewer of VIEWERS) {
        // Each feed figure is divided by a health figure taken just after it.
        const summary = await profiled(`${dialect} ${to} ${viewer}`, () =>
          measureAgainstHealth(feedUrl, `${server.baseUrl}/api/health`, {
            ...load,
            rounds: ROUNDS,
            headers: headers(viewer),
          }),
        );
        row[viewer] = summary;
        console.log(
          `  feed page 1, ${viewer.padEnd(17)} ${summary.requestsPerSecond} req/s   p99 ${summary.p99Ms} ms   ` +
            `health ${summary.healthRequestsPerSecond} req/s (p99 ${summary.healthP99Ms} ms)   ` +
            `ratio ${summary.ratio} (pairs ${summary.ratios.join(', ')})`,
        );
      }
      report[label] = row;
    }
  } finally {
    await server.close();
  }
  return report;
}

async function main() {
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    members: MEMBERS,
    connections: CONNECTIONS,
    hidden: HIDDEN,
    targets: 'ratio >= 0.25 on SQLite, p99 < 25 ms, flat from 10,000 to 1,000,000 posts',
    posts: RICH ? 'a tag and a mention in every 4th post, a poll in every 10th' : 'text only',
    method: `each viewer: ${ROUNDS} pairs of ${SLICE_S} s feed then ${SLICE_S} s health; medians, ratio pair by pair`,
  };
  if (!process.env.BENCH_ONLY_POSTGRES) report.sqlite = await benchDialect('sqlite');
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    report.postgres = await benchDialect('postgres');
  }
  saveResults('home-feed', report);
}

runBench(main);
