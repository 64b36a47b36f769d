// Benchmark (issue 53): the Mastodon client API's home timeline against the web app's home feed, each
// divided by GET /api/health taken just after it (pairs, medians, as bench/home-feed.ts), at 1,000,000
// posts with 100,000 members on SQLite; then streaming: 2,000 WebSocket streams open on the user
// stream, posts made one after another, and the time from each post's answer to its arrival on every
// stream (p50, p99, max). Targets: Mastodon ratio >= 0.8 x the web feed's ratio; stream delivery p99
// < 100 ms at 2,000 streams. Prints figures and writes bench/results/mastodon-api.json. Not part of
// `npm test`. BENCH_POSTS, BENCH_MEMBERS, BENCH_STREAMS, BENCH_DURATION, BENCH_ROUNDS change the sizes.

import path from 'node:path';
import { startTestServer } from '@server/test/harness.ts';
import { insertToken, memberToken, registerTestApp } from '@server/test/mastodon.ts';
import { signedInMember } from '@server/test/members.ts';
import WebSocket from 'ws';
import { measure, measureAgainstHealth } from './load.ts';
import { runBench, saveResults } from './results.ts';
import { seedFeed } from './seed.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2_000);
const STREAM_POSTS = Number(process.env.BENCH_STREAM_POSTS ?? 20);
const CONNECTIONS = 50;
const SLICE_S = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const server = await startTestServer('sqlite', {
    authRateLimit: { perIp: 100_000, perEmail: 100, windowMs: 60_000 },
  });
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    members: MEMBERS,
    posts: POSTS,
    connections: CONNECTIONS,
    targets:
      'Mastodon home ÷ health >= 0.8 × web feed ÷ health; stream delivery p99 < 100 ms at 2,000 streams',
    method: `${ROUNDS} pairs of ${SLICE_S} s route then ${SLICE_S} s health each; medians, ratio pair by pair`,
  };
  try {
    const reader = await signedInMember(server);
    const { token } = await memberToken(server, reader.client);
    const started = Date.now();
    seedFeed(
      path.join(server.dataDir, 'splikz.db'),
      [],
      0,
      POSTS,
      { members: MEMBERS, posts: POSTS },
      { rich: true },
    );
    report.seededInSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
    console.log(`seeded ${POSTS.toLocaleString('en-US')} posts in ${report.seededInSeconds} s`);

    const load = { connections: CONNECTIONS, durationSeconds: SLICE_S, rounds: ROUNDS };
    if (!process.env.BENCH_SKIP_FEED) {
      const web = {
        url: `${server.baseUrl}/api/posts?limit=20`,
        headers: { cookie: [...reader.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      };
      const app = {
        url: `${server.baseUrl}/api/v1/timelines/home?limit=20`,
        headers: { authorization: `Bearer ${token}` },
      };
      for (const route of [web, app])
        await measure(route.url, { connections: CONNECTIONS, durationSeconds: 3, headers: route.headers });
      const webFeed = await measureAgainstHealth(web.url, `${server.baseUrl}/api/health`, {
        ...load,
        headers: web.headers,
      });
      const appFeed = await measureAgainstHealth(app.url, `${server.baseUrl}/api/health`, {
        ...load,
        headers: app.headers,
      });
      const relative = Number((appFeed.ratio / webFeed.ratio).toFixed(3));
      report.webFeed = webFeed;
      report.mastodonHome = appFeed;
      report.mastodonToWebRatio = relative;
      console.log(
        `web feed       ${webFeed.requestsPerSecond} req/s   p99 ${webFeed.p99Ms} ms   ÷ health ${webFeed.ratio}`,
      );
      console.log(
        `timelines/home ${appFeed.requestsPerSecond} req/s   p99 ${appFeed.p99Ms} ms   ÷ health ${appFeed.ratio}`,
      );
      console.log(`Mastodon ÷ web ${relative} (target >= 0.8)`);
    }

    // Streaming: STREAMS sockets of members who all see the author's posts in their home feeds.
    const author = await signedInMember(server);
    const listeners: Array<{ ws: WebSocket; seen: Map<string, number> }> = [];
    const tokens: string[] = [];
    // One app, as one app on many phones; its tokens are written as /oauth/token writes them (that
    // route is limited per address, and every member here comes from one).
    const app = await registerTestApp(server, { redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' });
    const { db } = server.built.ctx.database;
    for (let i = 0; i < Math.ceil(STREAMS / 10); i += 1) {
      const member = await signedInMember(server);
      tokens.push(await insertToken(db, app.id, member.me.id, 'read'));
    }
    const base = server.baseUrl.replace('http', 'ws');
    for (let i = 0; i < STREAMS; i += 1) {
      // Several streams per member (an app on a phone and one on a laptop), as many as a token may hold.
      const ws = new WebSocket(
        `${base}/api/v1/streaming?stream=user&access_token=${tokens[Math.floor(i / 10) % tokens.length]}`,
      );
      const seen = new Map<string, number>();
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { event: string; payload: string };
        if (message.event === 'update') seen.set(JSON.parse(message.payload).id, performance.now());
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      listeners.push({ ws, seen });
    }
    console.log(`${listeners.length} streams open (${server.built.ctx.appStreams?.size} on the server)`);
    const delays: number[] = [];
    for (let i = 0; i < STREAM_POSTS; i += 1) {
      // From the moment the post is sent: the streams hear of it before its own answer returns.
      const answered = performance.now();
      const res = await author.client.post('/api/posts', { content: `Streamed ${i}` });
      const id = res.body.id as string;
      const until = Date.now() + 10_000;
      while (listeners.some((l) => !l.seen.has(id)) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5));
      for (const l of listeners)
        delays.push(l.seen.has(id) ? Math.max(0, l.seen.get(id)! - answered) : 10_000);
    }
    delays.sort((a, b) => a - b);
    report.streaming = {
      streams: listeners.length,
      posts: STREAM_POSTS,
      deliveries: delays.length,
      p50Ms: Number(percentile(delays, 50).toFixed(1)),
      p99Ms: Number(percentile(delays, 99).toFixed(1)),
      maxMs: Number((delays.at(-1) ?? 0).toFixed(1)),
      missed: delays.filter((d) => d >= 10_000).length,
    };
    console.log('streaming', report.streaming);
    for (const l of listeners) l.ws.close();
  } finally {
    await server.close();
  }
  saveResults('mastodon-api', report);
}

runBench(main);
