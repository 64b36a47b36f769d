// Benchmark: the authenticated first page of the home feed (20 posts with authors, counts and
// liked-by-me) at 10,000 and at 1,000,000 posts, with 100,000 members, against GET /api/health.
// Prints figures and writes bench/results/home-feed.json. Not part of `npm test`.
import path from 'node:path';
import { signedInMember, startTestServer } from '@server/test/harness.ts';
import { measure } from './load.ts';
import { runBench, saveResults } from './results.ts';
import { seedFeed } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const SMALL = 10_000;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function main() {
  const server = await startTestServer('sqlite');
  try {
    const { client } = await signedInMember(server);
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
      seedFeed(file, members, from, to, { members: MEMBERS, posts: POSTS });
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
