// Benchmark: groups (issue 25). With 10,000 groups, 200,000 memberships and 100,000 public posts, a
// member in 30 groups reads a group page's first posts and their home feed (which then holds their
// groups' posts), each run followed by one of GET /api/health and the ratio taken pair by pair (as
// bench/home-feed.ts does); a member in no group reads the home feed for comparison, and /groups (their
// groups and Discover groups, the largest first). SQLite. Prints figures and writes
// bench/results/groups.json (BENCH_PROFILE=<folder> writes each route's CPU profile). Not part of `npm test`.
import path from 'node:path';
import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { measure, measureAgainstHealth } from './load.ts';
import { profiled, runBench, saveResults } from './results.ts';
import { seedFeed, settleWal } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const GROUPS = Number(process.env.BENCH_GROUPS ?? 10_000);
const MEMBERSHIPS = Number(process.env.BENCH_MEMBERSHIPS ?? 200_000);
const VIEWER_GROUPS = 30;
/** Posts in each of the viewer's groups, and in every other group. */
const POSTS_IN_VIEWERS_GROUP = 50;
const POSTS_IN_OTHER_GROUP = 3;
const CONNECTIONS = 50;
/** Seconds of each measurement, and how many route-then-health pairs each route gets (as bench/home-feed.ts). */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const YEAR_MS = 365 * 24 * 3600 * 1000;

async function cookieOf(server: TestServer): Promise<{ cookie: string; id: string }> {
  const { client, me } = await signedInMember(server);
  return { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), id: me.id };
}

/** Groups, memberships and group posts written straight into SQLite; returns the viewer's first group's slug. */
function seedGroups(file: string, members: string[], viewerId: string): string {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = Date.now();
  const group = db.prepare(
    `insert into groups (id, slug, name, description, category, privacy, owner_id, member_count, created_at, last_activity_at)
     values (?, ?, ?, '', ?, ?, ?, ?, ?, ?)`,
  );
  const membership = db.prepare(
    `insert or ignore into group_members (group_id, user_id, standing, role, notify, created_at)
     values (?, ?, 'member', ?, 'off', ?)`,
  );
  const post = db.prepare(
    `insert into posts (id, user_id, category, content, media_type, like_count, comment_count, group_id, created_at, updated_at)
     values (?, ?, ?, ?, 'none', ?, ?, ?, ?, ?)`,
  );
  const categories = ['faith', 'food', 'comedy', 'community'];
  const privacies = ['public', 'private', 'secret'];
  const postCategories = ['general', 'prayer', 'food', 'comedy'];
  const perGroup = Math.max(1, Math.floor(MEMBERSHIPS / GROUPS));
  const ids: string[] = [];
  db.transaction(() => {
    for (let g = 0; g < GROUPS; g += 1) {
      const id = uuidv7();
      ids.push(id);
      const owner = members[(g * 7919) % members.length]!;
      const at = new Date(now - YEAR_MS + Math.floor((g / GROUPS) * YEAR_MS)).toISOString();
      group.run(
        id,
        `bench-group-${g}`,
        `Bench group ${g}`,
        categories[g % 4],
        privacies[g % 3],
        owner,
        perGroup,
        at,
        at,
      );
      membership.run(id, owner, 'owner', at);
      for (let k = 1; k < perGroup; k += 1)
        membership.run(id, members[(g * perGroup + k * 104_729) % members.length], 'member', at);
      if (g < VIEWER_GROUPS) membership.run(id, viewerId, 'member', at);
      const count = g < VIEWER_GROUPS ? POSTS_IN_VIEWERS_GROUP : POSTS_IN_OTHER_GROUP;
      for (let p = 0; p < count; p += 1) {
        // Spread over the year like the public posts, so group posts and public posts interleave.
        const posted = new Date(
          now - YEAR_MS + Math.floor(((p * GROUPS + g) / (count * GROUPS)) * YEAR_MS),
        ).toISOString();
        post.run(
          uuidv7(),
          members[(g * perGroup + p) % members.length],
          postCategories[p % 4],
          `Group post ${p} in group ${g}.`,
          p % 5,
          p % 3,
          id,
          posted,
          posted,
        );
      }
    }
  })();
  db.pragma('optimize');
  settleWal(db);
  db.close();
  return 'bench-group-0';
}

async function main() {
  const server = await startTestServer('sqlite');
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    members: MEMBERS,
    posts: POSTS,
    groups: GROUPS,
    memberships: MEMBERSHIPS,
    viewerGroups: VIEWER_GROUPS,
    connections: CONNECTIONS,
    targets: "at least the home feed's ratio, p99 under 25 ms",
  };
  try {
    const inGroups = await cookieOf(server);
    const inNone = await cookieOf(server);
    const file = path.join(server.dataDir, 'splikz.db');
    const members: string[] = [];
    const started = Date.now();
    seedFeed(file, members, 0, POSTS, { members: MEMBERS, posts: POSTS });
    const slug = seedGroups(file, members, inGroups.id);
    report.seededInSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
    const load = { connections: CONNECTIONS, durationSeconds: DURATION_S };
    const urls = {
      'group page, first posts': [`${server.baseUrl}/api/groups/${slug}/posts?limit=20`, inGroups.cookie],
      'home feed, member in 30 groups': [`${server.baseUrl}/api/posts?limit=20`, inGroups.cookie],
      'home feed, member in no group': [`${server.baseUrl}/api/posts?limit=20`, inNone.cookie],
      // /groups: the member's groups and 'Discover groups', the largest first.
      'Your and Discover groups': [`${server.baseUrl}/api/groups`, inGroups.cookie],
    } as const;
    for (const [url, cookie] of Object.values(urls)) {
      await measure(url, { ...load, durationSeconds: 2, headers: { cookie } }); // warm-up
    }
    console.log(
      `sqlite: ${GROUPS.toLocaleString('en-US')} groups, ${MEMBERSHIPS.toLocaleString('en-US')} memberships`,
    );
    for (const [name, [url, cookie]] of Object.entries(urls)) {
      const result = await profiled(name, () =>
        measureAgainstHealth(url, `${server.baseUrl}/api/health`, {
          ...load,
          rounds: ROUNDS,
          headers: { cookie },
        }),
      );
      report[name] = result;
      console.log(
        `  ${name.padEnd(31)} ${result.requestsPerSecond} req/s   p99 ${result.p99Ms} ms   ` +
          `health ${result.healthRequestsPerSecond} req/s   ratio ${result.ratio} (pairs ${result.ratios.join(', ')})`,
      );
    }
  } finally {
    await server.close();
  }
  saveResults('groups', report);
}

runBench(main);
