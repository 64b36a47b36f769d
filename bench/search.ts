// Benchmark: post search (GET /api/search/posts, issue 51) at 1,000,000 posts and 100,000 members, on
// SQLite (goal: p99 < 50 ms) and on PostgreSQL when BENCH_DATABASE_URL is set (reported). Each post's
// text holds words of every frequency: 'faith' and 'laughter' in every post, mid<n> in 2 %, tag<n> in
// 0.1 %, rare<n> in 10 posts. Each query is asked one request at a time (a member's search box, not a
// crowd), after a warm-up, and its p50 and p99 are reported. Writes bench/results/search.json.
// Not part of `npm test`.
import path from 'node:path';
import { startTestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { median } from './load.ts';
import { runBench, saveResults } from './results.ts';
import { seedFeed, seedFeedPostgres } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const GOAL_P99_MS = 50;

const content = (i: number) =>
  `Post number ${i}: a few words about faith, food and laughter. mid${i % 50} tag${i % 1000} rare${i % 100_000}`;
const contentSql = `'Post number ' || i || ': a few words about faith, food and laughter. mid' || (i % 50) || ' tag' || (i % 1000) || ' rare' || (i % 100000)`;

/** What a member might type, from a word in every post to one in none. */
const QUERIES: Record<string, string> = {
  'in every post': 'faith',
  'two in every post': 'faith laughter',
  'a word in every post and one in 0.1 %': 'laughter tag123',
  'in 2 %': 'mid7',
  'in 0.1 %': 'tag123',
  'in 10 posts': 'rare4242',
  'two, 0.1 % together': 'mid7 tag107',
  'two, never together': 'mid7 tag108',
  'in none': 'nowhereword',
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const server = await startTestServer(dialect);
  const { db } = server.built.ctx.database;
  try {
    // Search is limited per member (120 a minute, routes/search/): the requests go round 40 members.
    const cookies: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const { client } = await signedInMember(server);
      cookies.push([...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    let asked = 0;
    const started = Date.now();
    if (dialect === 'sqlite') {
      seedFeed(
        path.join(server.dataDir, 'splikz.db'),
        [],
        0,
        POSTS,
        { members: MEMBERS, posts: POSTS },
        { content },
      );
    } else {
      await seedFeedPostgres(db, 0, POSTS, { members: MEMBERS, posts: POSTS }, contentSql);
    }
    const seededIn = Number(((Date.now() - started) / 1000).toFixed(1));
    console.log(`${dialect}: ${POSTS.toLocaleString('en-US')} posts (seeded in ${seededIn} s)`);
    const rows: Record<string, unknown> = {};
    for (const [label, q] of Object.entries(QUERIES)) {
      const url = `${server.baseUrl}/api/search/posts?q=${encodeURIComponent(q)}`;
      const ask = async () => {
        const at = performance.now();
        asked += 1;
        const res = await fetch(url, { headers: { cookie: cookies[asked % cookies.length]! } });
        const body = (await res.json()) as { posts: unknown[] };
        if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(body)}`);
        return { ms: performance.now() - at, found: body.posts.length };
      };
      // The first may meet a connection the server closed while the seed ran: it is asked again.
      await ask().catch(() => ask());
      for (let i = 0; i < 20; i += 1) await ask();
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < REQUESTS; i += 1) {
        const answer = await ask();
        times.push(answer.ms);
        found = answer.found;
      }
      times.sort((a, b) => a - b);
      const row = {
        q,
        found,
        p50Ms: Number(median(times).toFixed(1)),
        p99Ms: Number(percentile(times, 99).toFixed(1)),
        maxMs: Number(times.at(-1)!.toFixed(1)),
      };
      rows[label] = row;
      console.log(
        `  ${label} (${q}): ${found} on the page, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, max ${row.maxMs} ms`,
      );
    }
    return { posts: POSTS, members: MEMBERS, seededInSeconds: seededIn, requests: REQUESTS, queries: rows };
  } finally {
    await server.close();
  }
}

runBench(async () => {
  const report: Record<string, unknown> = { goalP99Ms: GOAL_P99_MS };
  report.sqlite = await benchDialect('sqlite');
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    report.postgres = await benchDialect('postgres');
  }
  saveResults('search', report);
});
