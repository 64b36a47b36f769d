// Benchmark: Lighthouse's mobile performance and accessibility scores for /auth (a visitor) and, for a
// signed-in member with a full first page (20 posts by several members, a third with photos, prayer and
// food posts, a conversation), /, /prayer, /food and /messages, on the production build. Lighthouse is
// fetched from the npm registry by npx at a pinned version (it is large and only this bench uses it).
// Targets: /auth performance >= 0.95; / >= 0.90 (aim 0.95) with total blocking time < 200 ms, largest
// contentful paint < 2.5 s, layout shift < 0.05; accessibility 1.0 everywhere. Run `npm run build`
// first. Not part of `npm test`.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { signedInMember, startTestServer, type TestClient, type TestServer } from '@server/test/harness.ts';
import { makePng } from '@server/test/media.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadFile } from '@server/test/uploads.ts';
import { runBench, saveResults } from './results.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

interface Scores {
  performance: number;
  accessibility: number;
  /** First and largest contentful paint, speed index (ms), total blocking time (ms), layout shift. */
  metrics: Record<string, number>;
  failedAudits: string[];
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  speedIndexMs: 'speed-index',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

/** Lighthouse in its own process, waited for without blocking: the app under test runs in this one. */
async function lighthouse(url: string, headers: Record<string, string> = {}): Promise<Scores> {
  const dir = mkdtempSync(path.join(tmpdir(), 'splikz-lh-'));
  const out = path.join(dir, 'report.json');
  try {
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility',
        '--form-factor=mobile',
        `--chrome-flags=${CHROME_FLAGS}`,
        ...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
        // With LIGHTHOUSE_REPORTS, the trace too: what each thread did before the first paint.
        ...(process.env.LIGHTHOUSE_REPORTS ? ['--save-assets'] : []),
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 5 * 60_000,
      },
    );
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const audits = report.audits as Record<
      string,
      { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number }
    >;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, id]) => [
        name,
        Number((audits[id]?.numericValue ?? NaN).toFixed(id === 'cumulative-layout-shift' ? 3 : 0)),
      ]),
    );
    const failedAudits = Object.values(audits)
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map((a) => a.id);
    return {
      performance: report.categories.performance.score,
      accessibility: report.categories.accessibility.score,
      metrics,
      failedAudits,
    };
  } finally {
    // LIGHTHOUSE_REPORTS=<dir> keeps each full report (opportunities, diagnostics) there.
    const keep = process.env.LIGHTHOUSE_REPORTS;
    if (keep && existsSync(out)) {
      mkdirSync(keep, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
      copyFileSync(out, path.join(keep, `${name}.json`));
      const trace = path.join(dir, 'report-0.trace.json');
      if (existsSync(trace)) copyFileSync(trace, path.join(keep, `${name}.trace.json`));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A photo as a phone sends it: 1600 x 1200, uploaded through POST /api/media. */
async function uploadPhoto(server: TestServer, client: TestClient, colour: string): Promise<string> {
  return (await uploadFile(server, client, await makePng(1600, 1200, colour), 'photo.png', 'image/png')).id;
}

/** Four members who write a full first page: 20 posts, every third with a photo, some prayer and food. */
async function fillFeed(server: TestServer, viewer: TestClient, viewerId: string) {
  const writers = [
    viewer,
    ...(await Promise.all([1, 2, 3].map(async () => (await signedInMember(server)).client))),
  ];
  const colours = ['#2e86de', '#e17055', '#00b894', '#6c5ce7'];
  for (let i = 0; i < 24; i += 1) {
    const client = writers[i % writers.length]!;
    const category = i % 5 === 1 ? 'prayer' : i % 5 === 3 ? 'food' : 'general';
    const fields: Record<string, unknown> = {
      content: `Post ${i + 1}: good news from the choir, a loaf of sourdough and a joke about Mondays that we all needed this week.`,
      category,
    };
    if (category === 'prayer') fields.prayer_type = 'petition';
    if (i % 3 === 0) fields.media_id = await uploadPhoto(server, client, colours[i % colours.length]!);
    const post = await makePost(client, fields);
    if (i % 2 === 0) await viewer.request('PUT', `/api/posts/${post.id}/like`);
  }
  // A conversation for /messages.
  await writers[1]!.post(`/api/conversations/with/${viewerId}/messages`, {
    content: 'See you on Sunday?',
    client_id: crypto.randomUUID(),
  });
}

async function main() {
  if (!existsSync('dist/index.html')) throw new Error('no dist/: run "npm run build" first');
  const server = await startTestServer('sqlite', {}, { webDist: path.resolve('dist') });
  try {
    const { client, me } = await signedInMember(server);
    // A returning member: their language is saved (the first visit saves it).
    await client.request('PATCH', '/api/settings/preferences', { language: 'en-US' });
    await fillFeed(server, client, me.id);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // LIGHTHOUSE_PAGES=/,/auth measures only those (a quicker look while working on one screen).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages: Array<[string, Scores]> = [];
    for (const page of ['/auth', '/', '/prayer', '/food', '/messages']) {
      if (only && !only.includes(page)) continue;
      const headers: Record<string, string> = page === '/auth' ? {} : { Cookie: cookie };
      pages.push([page, await lighthouse(`${server.baseUrl}${page}`, headers)]);
    }
    const report = {
      date: new Date().toISOString(),
      lighthouse: LIGHTHOUSE,
      ...Object.fromEntries(pages.map(([page, scores]) => [page === '/' ? 'home' : page.slice(1), scores])),
      targets: {
        auth: { performance: 0.95 },
        home: { performance: 0.9, aim: 0.95, tbtMs: 200, lcpMs: 2500, cls: 0.05 },
        accessibility: 1,
      },
    };
    for (const [name, s] of pages) {
      console.log(
        `${name.padEnd(9)}  performance ${s.performance}  accessibility ${s.accessibility}${s.failedAudits.length ? `  failed: ${s.failedAudits.join(', ')}` : ''}`,
      );
      console.log(
        `           ${Object.entries(s.metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join('  ')}`,
      );
    }
    console.log('targets: /auth >= 0.95; / >= 0.90 (aim 0.95), TBT < 200 ms, LCP < 2500 ms, CLS < 0.05');
    saveResults('lighthouse', report);
  } finally {
    await server.close();
  }
}

runBench(main);
