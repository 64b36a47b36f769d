// Benchmark: the Daily Spotlight job at 100,000 members and 1,000,000 posts: how long it takes, and
// the home feed's p99 while it runs against without it (target: under 1.5 times). better-sqlite3
// answers on the event loop, so the job reads in chunks and yields between them (queries/spotlight.ts).
// Prints figures and writes bench/results/spotlight.json. Not part of `npm test`.
import path from 'node:path';
import { spotlightDate } from '@common/schemas/spotlight.ts';
import { storeSpotlight } from '@server/jobs/dailySpotlight.ts';
import { readSpotlight } from '@server/queries/spotlight.ts';
import { signedInMember, startTestServer } from '@server/test/harness.ts';
import { measure } from './load.ts';
import { runBench, saveResults } from './results.ts';
import { seedFeed } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
// Enough to keep the server busy without saturating it: the latency members usually see.
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

async function main() {
  const server = await startTestServer('sqlite');
  try {
    const { client } = await signedInMember(server);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const started = Date.now();
    seedFeed(path.join(server.dataDir, 'splikz.db'), [], 0, POSTS, { members: MEMBERS, posts: POSTS });
    const seededIn = Number(((Date.now() - started) / 1000).toFixed(1));
    const ctx = server.built.ctx;
    const feedUrl = `${server.baseUrl}/api/posts?limit=20`;
    const load = { connections: CONNECTIONS, durationSeconds: DURATION_S, headers: { cookie } };

    // The job alone.
    await storeSpotlight(ctx); // warm-up: the pages of the posts table into the cache
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await storeSpotlight(ctx);
      runs.push(Math.round(performance.now() - t));
    }
    const ranked = await readSpotlight(ctx.database.db, spotlightDate());
    if (ranked.length !== 10) throw new Error(`the spotlight ranked ${ranked.length} creators, not 10`);
    const jobMs = [...runs].sort((a, b) => a - b)[1]!;

    // The feed without the job, then with the job running again and again for the whole measurement.
    await measure(feedUrl, { ...load, durationSeconds: 3 }); // warm-up
    const quiet = await measure(feedUrl, load);
    let busy = true;
    let during = 0;
    const jobLoop = (async () => {
      while (busy) {
        await storeSpotlight(ctx);
        during += 1;
      }
    })();
    const loaded = await measure(feedUrl, load);
    busy = false;
    await jobLoop;
    const ratio = Number((loaded.p99Ms / Math.max(1, quiet.p99Ms)).toFixed(2));

    const report = {
      date: new Date().toISOString(),
      members: MEMBERS,
      posts: POSTS,
      seededInSeconds: seededIn,
      job: { runsMs: runs, medianMs: jobMs, runsDuringLoad: during },
      feed: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        quiet,
        whileJobRuns: loaded,
        p99Ratio: ratio,
      },
    };
    console.log(
      `${MEMBERS.toLocaleString('en-US')} members, ${POSTS.toLocaleString('en-US')} posts (seeded in ${seededIn} s)`,
    );
    console.log(`  spotlight job             ${jobMs} ms (runs ${runs.join(', ')} ms)`);
    console.log(`  feed p99 without the job  ${quiet.p99Ms} ms   ${quiet.requestsPerSecond} req/s`);
    console.log(
      `  feed p99 while it runs    ${loaded.p99Ms} ms   ${loaded.requestsPerSecond} req/s   (${during} runs)`,
    );
    console.log(`  ratio                     ${ratio} (target < 1.5)`);
    saveResults('spotlight', report);
  } finally {
    await server.close();
  }
}

runBench(main);
