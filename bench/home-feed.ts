// Benchmark: the authenticated first page of the home feed (20 posts with authors, counts and
// liked-by-me) at 10,000 and at 1,000,000 posts, with 100,000 members, against GET /api/health.
// Prints figures and writes bench/results/home-feed.json. Not part of `npm test`.
import path from 'node:path';
import { makeUser, startTestServer } from '@server/test/harness.ts';
import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { measure } from './load.ts';
import { runBench, saveResults } from './results.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SMALL = 10_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Members and posts written straight into SQLite: the API is what we measure, not the seeding. */
function seed(file: string, members: string[], fromPost: number, toPost: number) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const now = Date.now();
  if (fromPost === 0) {
    const user = db.prepare(
      'insert into "user" (id, name, email, emailVerified, image, createdAt, updatedAt) values (?, ?, ?, 1, null, ?, ?)',
    );
    const profile = db.prepare('insert into profiles (id, username, full_name) values (?, ?, ?)');
    db.transaction(() => {
      for (let i = 0; i < MEMBERS; i += 1) {
        const id = uuidv7();
        members.push(id);
        const at = new Date(now - YEAR_MS).toISOString();
        user.run(id, `Member ${i}`, `member${i}@bench.test`, at, at);
        profile.run(id, `member${i}`, `Member ${i}`);
      }
    })();
  }
  const post = db.prepare(
    `insert into posts (id, user_id, category, content, media_type, like_count, comment_count, created_at, updated_at)
     values (?, ?, ?, ?, 'none', ?, ?, ?, ?)`,
  );
  const categories = ['general', 'prayer', 'food', 'comedy'];
  const batch = 50_000;
  for (let start = fromPost; start < toPost; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(start + batch, toPost); i += 1) {
        // Older posts first so that the newest ones are the last written, like a real history.
        const at = new Date(now - YEAR_MS + Math.floor((i / POSTS) * YEAR_MS)).toISOString();
        post.run(
          uuidv7(),
          members[i % members.length],
          categories[i % 4],
          `Post number ${i}: a few words about faith, food and laughter.`,
          i % 7,
          i % 3,
          at,
          at,
        );
      }
    })();
  }
  db.pragma('optimize');
  db.close();
}

async function main() {
  const server = await startTestServer('sqlite');
  try {
    const { client } = await makeUser(server);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const file = path.join(server.dataDir, 'splikz.db');
    const members: string[] = [];
    const feedUrl = `${server.baseUrl}/api/posts?limit=20`;
    const report: Record<string, unknown> = {
      date: new Date().toISOString(),
      members: MEMBERS,
      connections: CONNECTIONS,
    };

    for (const [label, from, to] of [
      ['small', 0, SMALL],
      ['large', SMALL, POSTS],
    ] as const) {
      const started = Date.now();
      seed(file, members, from, to);
      const seededIn = ((Date.now() - started) / 1000).toFixed(1);
      const load = { connections: CONNECTIONS, durationSeconds: DURATION_S };
      await measure(feedUrl, { ...load, durationSeconds: 3, headers: { cookie } }); // warm-up
      const health = await measure(`${server.baseUrl}/api/health`, load);
      const feed = await measure(feedUrl, { ...load, headers: { cookie } });
      const ratio = Number((feed.requestsPerSecond / health.requestsPerSecond).toFixed(3));
      report[label] = { posts: to, seededInSeconds: Number(seededIn), health, feed, ratio };
      console.log(`${to.toLocaleString('en-US')} posts (seeded in ${seededIn} s)`);
      console.log(`  GET /api/health          ${health.requestsPerSecond} req/s   p99 ${health.p99Ms} ms`);
      console.log(`  GET /api/posts (page 1)  ${feed.requestsPerSecond} req/s   p99 ${feed.p99Ms} ms`);
      console.log(`  ratio feed/health        ${ratio} (target >= 0.10; p99 target < 25 ms)`);
    }
    saveResults('home-feed', report);
  } finally {
    await server.close();
  }
}

runBench(main);
