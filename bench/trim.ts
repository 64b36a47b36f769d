// Our in-browser trimmer (web/media/trimVideo.ts: mediabunny + WebCodecs) against ffmpeg.wasm doing
// the same job (what the product used before), in one headless Chromium: 10 s cut out of a 30 s 1080p
// H.264 + AAC clip. Every clip is probed with Debian's ffprobe, so no figure comes from a broken run.
//
// BENCH_TRIM_RUNS (3) and BENCH_TRIM_WARMUPS (1) set the runs of each; BENCH_TRIM_FFMPEG_RUNS and
// BENCH_TRIM_FFMPEG_WARMUPS override them for ffmpeg.wasm; BENCH_TRIM_PRESET sets libx264's preset
// (its default, medium, when unset).
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { chromiumProcesses, machineJiffies, processCpuSeconds } from './circles-probes.ts';
import { runBench, saveResults } from './results.ts';
import { builtTrimmerChunk, bundledTrimmerChunk } from './trim-chunk.ts';
import type { FfmpegJob, OursJob, TimedRun, TrimBench } from './trim-pages.ts';
import {
  bundlePage,
  type ClipProbe,
  launchChromium,
  makeFixture,
  probeClip,
  round,
  serve,
  serverUrl,
} from './trim-setup.ts';

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
const EXPECTED_CLIP = { seconds: WINDOW.end - WINDOW.start, slackSeconds: 0.3, maxWidth: MAX_WIDTH };

/** What the product ran before: re-encode to H.264 at most 1080 wide, AAC 128k, fast start. */
const FFMPEG_ARGS = [
  ...['-ss', String(WINDOW.start), '-i', 'in.mp4', '-t', String(WINDOW.end - WINDOW.start)],
  ...['-vf', `scale='min(${MAX_WIDTH},iw)':-2`, '-c:v', 'libx264', ...(PRESET ? ['-preset', PRESET] : [])],
  ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', 'out.mp4'],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

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
    const { probe, problems } = probeClip(path.join(context.outDir, name), EXPECTED_CLIP);
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
    const baseUrl = serverUrl(server);
    browser = await launchChromium();
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
