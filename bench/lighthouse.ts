// Benchmark: Lighthouse's mobile performance and accessibility scores for /auth (a visitor) and /
// (a signed-in member's home feed with a few posts), on the production build. Lighthouse is fetched
// from the npm registry by npx at a pinned version (it is large and only this bench uses it).
// Targets: performance >= 0.95, accessibility 1.0. Run `npm run build` first. Not part of `npm test`.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { signedInMember, startTestServer } from '@server/test/harness.ts';
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
      copyFileSync(out, path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}.json`));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync('dist/index.html')) throw new Error('no dist/: run "npm run build" first');
  const server = await startTestServer('sqlite', {}, { webDist: path.resolve('dist') });
  try {
    const { client } = await signedInMember(server);
    for (const content of ['Good morning, Splikz!', 'Pray for our choir', 'Fresh bread today']) {
      await client.post('/api/posts', { content });
    }
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const auth = await lighthouse(`${server.baseUrl}/auth`);
    const home = await lighthouse(`${server.baseUrl}/`, { Cookie: cookie });
    const report = {
      date: new Date().toISOString(),
      lighthouse: LIGHTHOUSE,
      auth,
      home,
      targets: { performance: 0.95, accessibility: 1 },
    };
    for (const [name, s] of [
      ['/auth', auth],
      ['/    ', home],
    ] as const) {
      console.log(
        `${name}  performance ${s.performance}  accessibility ${s.accessibility}  (targets >= 0.95, 1.0)${s.failedAudits.length ? `  failed: ${s.failedAudits.join(', ')}` : ''}`,
      );
      console.log(
        `       ${Object.entries(s.metrics)
          .map(([k, v]) => `${k} ${v}`)
          .join('  ')}`,
      );
    }
    saveResults('lighthouse', report);
  } finally {
    await server.close();
  }
}

runBench(main);
