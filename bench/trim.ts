// Our in-browser trimmer (web/media/trimVideo.ts: mediabunny + WebCodecs) against ffmpeg.wasm doing
// the same job (what the product used before), in one headless Chromium: 10 s cut out of a 30 s 1080p
// H.264 + AAC clip. Every clip is probed with Debian's ffprobe, so no figure comes from a broken run.
//
// BENCH_TRIM_RUNS (3) and BENCH_TRIM_WARMUPS (1) set the runs of each; BENCH_TRIM_FFMPEG_RUNS and
// BENCH_TRIM_FFMPEG_WARMUPS override them for ffmpeg.wasm; BENCH_TRIM_PRESET sets libx264's preset
// (its default, medium, when unset).
import { execFileSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { chromiumProcesses, machineJiffies, processCpuSeconds } from './circles-probes.ts';
import { runBench, saveResults } from './results.ts';
import type { FfmpegJob, OursJob, TimedRun, TrimBench } from './trim-pages.ts';

const REPO = path.join(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const envCount = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RUNS = envCount('BENCH_TRIM_RUNS', 3);
const WARMUPS = envCount('BENCH_TRIM_WARMUPS', 1);
const FFMPEG_RUNS = envCount('BENCH_TRIM_FFMPEG_RUNS', RUNS);
const FFMPEG_WARMUPS = envCount('BENCH_TRIM_FFMPEG_WARMUPS', WARMUPS);
const PRESET = process.env.BENCH_TRIM_PRESET ?? '';
const WINDOW = { start: 12, end: 22 };
const MAX_SECONDS = MEDIA_LIMITS.videoSeconds;
const MAX_WIDTH = 1080;
const TARGET_RATIO = 3.5;
const DURATION_SLACK_S = 0.3;

// The same flags as playwright.config.ts gives the e2e suite.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** What the product ran before: re-encode to H.264 at most 1080 wide, AAC 128k, fast start. */
const FFMPEG_ARGS = [
  ...['-ss', String(WINDOW.start), '-i', 'in.mp4', '-t', String(WINDOW.end - WINDOW.start)],
  ...['-vf', `scale='min(${MAX_WIDTH},iw)':-2`, '-c:v', 'libx264', ...(PRESET ? ['-preset', PRESET] : [])],
  ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', 'out.mp4'],
];

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// ---- Fixture and probe ------------------------------------------------------------------------------

/** 30 s, 1920x1080 at 30 fps, H.264 + AAC tone: the clip e2e/trim.spec.ts trims. */
function makeFixture(file: string) {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=1920x1080:rate=30:duration=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=30'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-shortest', file],
  ]);
}

interface ClipProbe {
  duration: number;
  video: string;
  audio: string | null;
}

/** The clip's shape, or a list of what is wrong with it. */
function probeClip(file: string): { probe: ClipProbe; problems: string[] } {
  const out = JSON.parse(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height'],
      ...['-of', 'json', file],
    ]).toString(),
  ) as {
    format: { duration?: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
  const duration = Number(out.format.duration);
  const video = out.streams.find((s) => s.codec_type === 'video');
  const audio = out.streams.find((s) => s.codec_type === 'audio');
  const problems: string[] = [];
  const length = WINDOW.end - WINDOW.start;
  if (!(Math.abs(duration - length) <= DURATION_SLACK_S)) problems.push(`lasts ${duration} s, not ${length}`);
  if (video?.codec_name !== 'h264') problems.push(`video is ${video?.codec_name ?? 'missing'}, not h264`);
  if (!video?.width || video.width > MAX_WIDTH) problems.push(`video is ${video?.width} wide`);
  if (!audio) problems.push('has no audio');
  return {
    probe: {
      duration: round(duration, 3),
      video: `${video?.codec_name} ${video?.width}x${video?.height}`,
      audio: audio?.codec_name ?? null,
    },
    problems,
  };
}

// ---- The page's server ------------------------------------------------------------------------------

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
};

/** A page, its bundle, the fixture and ffmpeg.wasm as published; clips come back with PUT /out/<name>. */
async function serve(pageScript: string, fixture: string, outDir: string): Promise<Server> {
  const packageDir = (name: string) => path.join(REPO, 'node_modules', '@ffmpeg', name, 'dist', 'esm');
  const dirs: Record<string, string> = {
    ffmpeg: packageDir('ffmpeg'),
    util: packageDir('util'),
    core: packageDir('core'),
  };
  const html =
    '<!doctype html><meta charset="utf-8"><title>trim bench</title><script type="module" src="/bench.js"></script>';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, first = '', name = '', ...rest] = url.pathname.split('/');
    const sendFile = (file: string) => {
      if (!existsSync(file)) return response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      createReadStream(file).pipe(response);
    };
    if (request.method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    } else if (request.method === 'GET' && url.pathname === '/bench.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(pageScript);
    } else if (request.method === 'GET' && url.pathname === '/input.mp4') {
      sendFile(fixture);
    } else if (rest.length === 0 && /^[\w.-]+$/.test(name) && !name.startsWith('.')) {
      const dir = dirs[first];
      if (request.method === 'GET' && dir) sendFile(path.join(dir, name));
      else if (request.method === 'PUT' && first === 'out') {
        pipeline(request, createWriteStream(path.join(outDir, name))).then(
          () => response.writeHead(204).end(),
          () => response.writeHead(500).end(),
        );
      } else response.writeHead(404).end();
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function bundlePage(): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(REPO, 'bench', 'trim-pages.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return bundle.outputFiles[0]?.text ?? '';
}

// ---- The trimmer's download -------------------------------------------------------------------------

interface ChunkSize {
  measured: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

const gzipSize = (data: Buffer | Uint8Array) => gzipSync(data, { level: 9 }).length;

/**
 * The lazy chunk that holds TrimDialog (and mediabunny) in dist/, plus the chunks that only it
 * loads, from Vite's manifest; null when there is no build.
 */
function builtTrimmerChunk(): ChunkSize | null {
  const manifestFile = path.join(REPO, 'dist', '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const root = 'media/TrimDialog.tsx';
  if (!manifest[root]) return null;
  const importers = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const imported of chunk.imports ?? [])
      importers.set(imported, [...(importers.get(imported) ?? []), key]);
  }
  // Grow the set by chunks every importer of which is already in it (entries load on their own).
  const owned = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of owned) {
      for (const imported of manifest[key]?.imports ?? []) {
        const chunk = manifest[imported];
        if (owned.has(imported) || !chunk || chunk.isEntry || chunk.isDynamicEntry) continue;
        if ((importers.get(imported) ?? []).every((k) => owned.has(k))) {
          owned.add(imported);
          grew = true;
        }
      }
    }
  }
  const files = [...owned].map((key) => manifest[key]!.file);
  const contents = files.map((file) => readFileSync(path.join(REPO, 'dist', file)));
  return {
    // dist/ is whatever was last built: say when, so a stale build is noticed.
    measured: `dist/ built ${statSync(manifestFile).mtime.toISOString()}: the TrimDialog chunk and the chunks only it imports`,
    files,
    bytes: contents.reduce((sum, c) => sum + c.length, 0),
    gzipBytes: contents.reduce((sum, c) => sum + gzipSize(c), 0),
  };
}

/** Without a build: TrimDialog.tsx bundled by esbuild, minus what the app's other chunks hold. */
async function bundledTrimmerChunk(): Promise<ChunkSize> {
  // The app's main chunks hold these (esbuild leaves out a package's subpaths too: react/jsx-runtime).
  const external = ['react', 'react-dom', 'lucide-react', '@common/*', '@web/components/*'];
  const bundle = await build({
    entryPoints: [path.join(REPO, 'web', 'media', 'TrimDialog.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external,
    write: false,
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    measured: `esbuild bundle of web/media/TrimDialog.tsx, minified, without ${external.join(', ')}`,
    files: ['web/media/TrimDialog.tsx'],
    bytes: code.length,
    gzipBytes: gzipSize(code),
  };
}

// ---- Runs -------------------------------------------------------------------------------------------

/** CPU used while a run went on, in % of one core: our Chromium's, and everything else's on the machine. */
interface RunCpu {
  chromiumPercent: number;
  othersPercent: number;
}

/** Starts a CPU window; the function it returns closes it. */
async function cpuWindow(cdp: CDPSession): Promise<() => Promise<RunCpu>> {
  const chromiumSeconds = async () => {
    const processes = await chromiumProcesses(cdp);
    return new Map(processes.map((p) => [p.id, processCpuSeconds(p.id)]));
  };
  const before = { chromium: await chromiumSeconds(), machine: machineJiffies(), wall: performance.now() };
  return async () => {
    const after = { chromium: await chromiumSeconds(), machine: machineJiffies(), wall: performance.now() };
    const wallS = (after.wall - before.wall) / 1000;
    let chromiumS = 0;
    for (const [id, used] of after.chromium) chromiumS += used - (before.chromium.get(id) ?? 0);
    const machineS =
      ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) *
      cpus().length *
      wallS;
    return {
      chromiumPercent: round((chromiumS / wallS) * 100),
      othersPercent: round((Math.max(0, machineS - chromiumS) / wallS) * 100),
    };
  };
}

interface Measured {
  warmups: number;
  runsMs: number[];
  medianMs: number;
  bytes: number[];
  cpu: RunCpu[];
  probes: ClipProbe[];
}

/** Warm-ups then runs of one job; every clip (warm-ups too) must pass the probe. */
async function measure(
  label: string,
  counts: { warmups: number; runs: number },
  context: { outDir: string; cdp: CDPSession },
  run: (upload: string) => Promise<TimedRun>,
): Promise<Measured> {
  const { warmups, runs } = counts;
  const runsMs: number[] = [];
  const bytes: number[] = [];
  const cpu: RunCpu[] = [];
  const probes: ClipProbe[] = [];
  for (let i = 0; i < warmups + runs; i++) {
    const name = `${label}-${i}.mp4`;
    const closeWindow = await cpuWindow(context.cdp);
    const timed = await run(`/out/${name}`);
    const used = await closeWindow();
    const { probe, problems } = probeClip(path.join(context.outDir, name));
    const kind = i < warmups ? 'warm-up' : `run ${i - warmups + 1}`;
    console.log(
      `  ${label} ${kind}: ${seconds(timed.ms)}, ${round(timed.bytes / 1e6, 2)} MB, ` +
        `CPU Chromium ${used.chromiumPercent}% others ${used.othersPercent}%, ${JSON.stringify(probe)}`,
    );
    if (problems.length) throw new Error(`${label} ${kind}: the clip ${problems.join(', ')}`);
    if (i < warmups) continue;
    runsMs.push(round(timed.ms));
    bytes.push(timed.bytes);
    cpu.push(used);
    probes.push(probe);
  }
  return { warmups, runsMs, medianMs: median(runsMs), bytes, cpu, probes };
}

const benchIn = (page: Page) => ({
  ours: (job: OursJob) =>
    page.evaluate((j) => (globalThis as unknown as { trimBench: TrimBench }).trimBench.ours(j), job),
  loadFfmpeg: () =>
    page.evaluate(() => (globalThis as unknown as { trimBench: TrimBench }).trimBench.loadFfmpeg()),
  ffmpeg: (job: FfmpegJob) =>
    page.evaluate((j) => (globalThis as unknown as { trimBench: TrimBench }).trimBench.ffmpeg(j), job),
});

async function openBenchPage(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.log(`  [page] error: ${error.message}`));
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'trimBench' in globalThis);
  return page;
}

// ---- Main -------------------------------------------------------------------------------------------

async function main() {
  // The figures are only as good as the machine is quiet: say how busy it was before we started.
  const idleStart = machineJiffies();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleEnd = machineJiffies();
  const busyBefore =
    ((idleEnd.busy - idleStart.busy) / (idleEnd.total - idleStart.total)) * 100 * cpus().length;
  if (busyBefore > 20) {
    console.log(`note: other processes used ${Math.round(busyBefore)}% CPU before the run; expect noise`);
  }

  const tmp = mkdtempSync(path.join(tmpdir(), 'splikz-trim-bench-'));
  const fixture = path.join(tmp, 'input.mp4');
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    // First, so a web/ that does not build fails the bench before minutes of runs.
    const chunk = builtTrimmerChunk() ?? (await bundledTrimmerChunk());
    makeFixture(fixture);
    server = await serve(await bundlePage(), fixture, tmp);
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    console.log(
      `trim bench: fixture 30 s 1920x1080 30 fps H.264 + AAC; window ${WINDOW.start}-${WINDOW.end} s`,
    );

    const oursPage = await openBenchPage(browser, baseUrl);
    const context = { outDir: tmp, cdp: await browser.newBrowserCDPSession() };
    const ours = await measure('ours', { warmups: WARMUPS, runs: RUNS }, context, (upload) =>
      benchIn(oursPage).ours({ ...WINDOW, maxSeconds: MAX_SECONDS, upload }),
    );
    await oursPage.close();

    const ffmpegPage = await openBenchPage(browser, baseUrl);
    const { ms: loadMs } = await benchIn(ffmpegPage).loadFfmpeg();
    console.log(`  ffmpeg.wasm load(): ${seconds(loadMs)} (not in the runs)`);
    const ffmpeg = await measure(
      'ffmpeg.wasm',
      { warmups: FFMPEG_WARMUPS, runs: FFMPEG_RUNS },
      context,
      (upload) =>
        benchIn(ffmpegPage).ffmpeg({ args: FFMPEG_ARGS, inputName: 'in.mp4', outputName: 'out.mp4', upload }),
    );
    await ffmpegPage.close();

    const ratio = ffmpeg.medianMs / ours.medianMs;
    const met = ratio >= TARGET_RATIO;
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, busyBeforeRunPercent: round(busyBefore, 2) },
      chromium: browser.version(),
      fixture: '30 s, 1920x1080, 30 fps, H.264 (libx264 ultrafast) + AAC 128k stereo 48 kHz, ffmpeg testsrc',
      window: WINDOW,
      ours: { call: `trimVideo(file, ${JSON.stringify(WINDOW)}, { maxSeconds: ${MAX_SECONDS} })`, ...ours },
      ffmpegWasm: {
        command: `ffmpeg ${FFMPEG_ARGS.join(' ')}`,
        preset: PRESET || 'medium (libx264 default)',
        core: '@ffmpeg/core single-threaded',
        loadMs: round(loadMs),
        timed: 'writeFile + exec + readFile',
        ...ffmpeg,
      },
      ratio: round(ratio, 2),
      target: { oursFasterByAtLeast: TARGET_RATIO },
      met,
      trimmerChunk: chunk,
    };

    const runs = (m: Measured) => `${m.runsMs.map((ms) => seconds(ms)).join(', ')} (${m.warmups} warm-up)`;
    console.log(
      `\nours (trimVideo, mediabunny + WebCodecs): median ${seconds(ours.medianMs)}; runs ${runs(ours)}`,
    );
    console.log(
      `ffmpeg.wasm (libx264 ${report.ffmpegWasm.preset}, AAC 128k): median ${seconds(ffmpeg.medianMs)}; ` +
        `runs ${runs(ffmpeg)}; load() ${seconds(loadMs)} apart`,
    );
    console.log(
      `ratio ffmpeg.wasm / ours: ${report.ratio}× — target ours at least ${TARGET_RATIO}× faster: ${met ? 'PASS' : 'MISS'}`,
    );
    console.log(
      `trimmer chunk: ${round(chunk.gzipBytes / 1024, 1)} KiB gzip (${round(chunk.bytes / 1024, 1)} KiB raw), ` +
        `measured on ${chunk.measured}`,
    );
    saveResults('trim', report);
  } finally {
    await browser?.close();
    server?.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

runBench(main);
