import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { startTestServer } from '@server/test/harness.ts';
import {
  chromiumProcesses,
  guestTimeline,
  type HostSample,
  hostProcessTimes,
  MILESTONES,
  machineJiffies,
  processCpuSeconds,
  sampleGuest,
  sampleHost,
  type Timeline,
} from './circles-probes.ts';
import { createCircle, ensureWebBuild, fakeCameraFile, memberContext } from './circles-setup.ts';
import { BENCH_SECRET, type BenchMember, percentile, round2, seedMembers } from './members.ts';
import { runBench, saveResults } from './results.ts';

const GUEST_COUNTS = (process.env.BENCH_GUESTS ?? '1,4,8').split(',').map(Number);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 10);
/** Time for the senders' bandwidth estimate to ramp up before the window opens. */
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 3);
const VIDEO = process.env.BENCH_VIDEO ?? '320x180@15';
/**
 * sequential: each guest opens the room once the one before has its first frame (the k-th guest joins
 * a host already sending to k-1); together: all open it at once (N pages loading the app on 2 cores).
 */
const ARRIVAL = process.env.BENCH_ARRIVAL === 'together' ? 'together' : 'sequential';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FIRST_FRAME_TIMEOUT_MS = 30_000;
const REPO = path.join(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// ---- One run: a host and N guests -------------------------------------------------------------------

interface RunResult {
  guests: number;
  timelines: Timeline[];
  fps: number[];
  receivedSize: string[];
  framesDropped: number;
  freezes: number;
  host: {
    peersConnected: number;
    rendererCpuPercent: number;
    mainThreadPercent: number;
    /** totalEncodeTime: wall-clock time inside the encoders, so it swells when they wait for a CPU. */
    encodeMsPerSecond: number;
    framesEncodedPerSecond: number;
    uploadKbps: number;
    sent: HostSample['sent'];
  };
  chromiumCpuPercent: Record<string, number>;
  machineCpuPercent: number;
  nodeCpuPercent: number;
}

async function runOnce(
  browser: Browser,
  browserCdp: CDPSession,
  baseUrl: string,
  host: BenchMember,
  guests: BenchMember[],
): Promise<RunResult> {
  const circleId = await createCircle(baseUrl, host, `Bench circle ${guests.length}`);
  const url = `${baseUrl}/faithverse/c/${circleId}`;
  const contexts: BrowserContext[] = [];
  try {
    // The host goes live with the (fake) camera, the circle's default source.
    const hostContext = await memberContext(browser, baseUrl, host);
    contexts.push(hostContext);
    const hostPage = await hostContext.newPage();
    await hostPage.goto(url);
    await hostPage.getByRole('button', { name: 'Go live' }).click();
    await hostPage.getByTestId('local-video').waitFor();
    await hostPage.getByText('Sending to 0 viewers').waitFor();
    const hostCdp = await hostContext.newCDPSession(hostPage);
    await hostCdp.send('Performance.enable', { timeDomain: 'timeTicks' });

    // Each guest page times itself from its own navigation start.
    const guestPages = await Promise.all(
      guests.map(async (guest) => {
        const context = await memberContext(browser, baseUrl, guest);
        contexts.push(context);
        return context.newPage();
      }),
    );
    if (process.env.BENCH_DEBUG) {
      for (const [i, page] of [hostPage, ...guestPages].entries()) {
        page.on('console', (m) => console.log(`[page ${i}] ${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => console.log(`[page ${i}] error: ${e.message}`));
      }
    }
    const arrive = async (page: Page) => {
      await page.goto(url);
      const timeline = await waitFor('a first remote frame', FIRST_FRAME_TIMEOUT_MS, () =>
        guestTimeline(page),
      );
      if (process.env.BENCH_DEBUG) {
        const requests = await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (r) => `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${new URL(r.name).pathname}`,
          ),
        );
        console.log(`guest requests (ms since navigation start):\n  ${requests.join('\n  ')}`);
      }
      return timeline;
    };
    const timelines: Timeline[] = [];
    if (ARRIVAL === 'together') timelines.push(...(await Promise.all(guestPages.map(arrive))));
    else for (const page of guestPages) timelines.push(await arrive(page));
    await hostPage.getByText(`Sending to ${guests.length} viewer`).waitFor();
    await sleep(SETTLE_S * 1000);

    // The window: every counter read at both ends.
    const snapshot = async () => {
      const [guestSamples, hostSample, hostTimes, processes] = await Promise.all([
        Promise.all(guestPages.map(sampleGuest)),
        sampleHost(hostPage),
        hostProcessTimes(hostCdp),
        chromiumProcesses(browserCdp),
      ]);
      // Read together, so Chromium's, this process's and the machine's CPU cover the same window.
      return {
        guestSamples,
        hostSample,
        hostTimes,
        chrome: new Map(processes.map((p) => [p.id, { type: p.type, seconds: processCpuSeconds(p.id) }])),
        machine: machineJiffies(),
        node: process.cpuUsage(),
        wall: performance.now(),
      };
    };
    const before = await snapshot();
    await sleep(WINDOW_S * 1000);
    const after = await snapshot();

    const wallS = (after.wall - before.wall) / 1000;
    const hostS = (after.hostSample.at - before.hostSample.at) / 1000;
    const fps = guestPages.map((_, i) => {
      const a = before.guestSamples[i]!;
      const b = after.guestSamples[i]!;
      return (b.frames - a.frames) / ((b.at - a.at) / 1000);
    });
    // Per process: its CPU in the window (a process born inside the window counts from its start).
    const chromiumCpuPercent: Record<string, number> = {};
    for (const [id, { type, seconds }] of after.chrome) {
      const used = seconds - (before.chrome.get(id)?.seconds ?? 0);
      chromiumCpuPercent[type] = round2((chromiumCpuPercent[type] ?? 0) + (used / wallS) * 100);
    }
    chromiumCpuPercent.total = round2(
      Object.entries(chromiumCpuPercent).reduce((sum, [, percent]) => sum + percent, 0),
    );
    const nodeMicros = after.node.user - before.node.user + (after.node.system - before.node.system);
    return {
      guests: guests.length,
      timelines,
      fps,
      receivedSize: after.guestSamples.map((s) => `${s.width}x${s.height}`),
      framesDropped: after.guestSamples.reduce(
        (sum, s, i) => sum + s.inbound.framesDropped - before.guestSamples[i]!.inbound.framesDropped,
        0,
      ),
      freezes: after.guestSamples.reduce(
        (sum, s, i) => sum + s.inbound.freezeCount - before.guestSamples[i]!.inbound.freezeCount,
        0,
      ),
      host: {
        peersConnected: after.hostSample.peers,
        rendererCpuPercent: ((after.hostTimes.processTime - before.hostTimes.processTime) / wallS) * 100,
        mainThreadPercent: ((after.hostTimes.taskDuration - before.hostTimes.taskDuration) / wallS) * 100,
        encodeMsPerSecond:
          ((after.hostSample.encodeSeconds - before.hostSample.encodeSeconds) / hostS) * 1000,
        framesEncodedPerSecond: (after.hostSample.framesEncoded - before.hostSample.framesEncoded) / hostS,
        uploadKbps: ((after.hostSample.bytesSent - before.hostSample.bytesSent) * 8) / hostS / 1000,
        sent: after.hostSample.sent,
      },
      chromiumCpuPercent,
      machineCpuPercent:
        ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) *
        100 *
        cpus().length,
      nodeCpuPercent: (nodeMicros / 1e6 / wallS) * 100,
    };
  } finally {
    // Guests first, then the host (whose page ends the circle as it goes).
    for (const context of contexts.reverse()) await context.close();
  }
}

// ---- Main -------------------------------------------------------------------------------------------

async function main() {
  ensureWebBuild(REPO);
  // The figures are only as good as the machine is quiet: say how busy it was before we started.
  const idleStart = machineJiffies();
  await sleep(2000);
  const idleEnd = machineJiffies();
  const busyBefore =
    ((idleEnd.busy - idleStart.busy) / (idleEnd.total - idleStart.total)) * 100 * cpus().length;
  if (busyBefore > 20) {
    console.log(`note: other processes used ${Math.round(busyBefore)}% CPU before the run; expect noise`);
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'splikz-circles-bench-'));
  const camera = fakeCameraFile(tmp, VIDEO);
  // No STUN or TURN: every peer is on this machine, and no public server is reachable from here.
  const server = await startTestServer(
    'sqlite',
    { authSecret: BENCH_SECRET, iceServers: [] },
    { webDist: path.join(REPO, 'dist') },
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
      '--autoplay-policy=no-user-gesture-required',
      ...(camera ? [`--use-file-for-fake-video-capture=${camera}`] : []),
    ],
  });
  try {
    const browserCdp = await browser.newBrowserCDPSession();
    const most = Math.max(...GUEST_COUNTS);
    const [host, ...guests] = seedMembers(path.join(server.dataDir, 'splikz.db'), most + 1) as [
      BenchMember,
      ...BenchMember[],
    ];
    const results: RunResult[] = [];
    for (const count of GUEST_COUNTS) {
      const started = Date.now();
      const result = await runOnce(browser, browserCdp, server.baseUrl, host, guests.slice(0, count));
      results.push(result);
      console.log(`  ${count} guest(s): done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }

    const lone = results.find((r) => r.guests === 1);
    const loneFps = lone ? lone.fps.reduce((a, b) => a + b, 0) / lone.fps.length : Number.NaN;
    const runs = results.map((r) => {
      const first = r.timelines.map((t) => t.firstFrame).sort((a, b) => a - b);
      const timelineP50 = Object.fromEntries(
        MILESTONES.map((m) => [
          m,
          round2(
            percentile(
              r.timelines.map((t) => t[m]).sort((a, b) => a - b),
              50,
            ),
          ),
        ]),
      ) as Timeline;
      const minFps = Math.min(...r.fps);
      const limitations = [...new Set(r.host.sent.map((s) => s.limitation))];
      return {
        guests: r.guests,
        firstFrameP50Ms: round2(percentile(first, 50)),
        firstFrameMaxMs: round2(first.at(-1) ?? Number.NaN),
        timelineP50Ms: timelineP50,
        roomJoinedToFrameP50Ms: round2(
          percentile(
            r.timelines.map((t) => t.firstFrame - t.roomJoined).sort((a, b) => a - b),
            50,
          ),
        ),
        fpsMin: round2(minFps),
        fpsMean: round2(r.fps.reduce((a, b) => a + b, 0) / r.fps.length),
        fpsPerGuest: r.fps.map(round2),
        minFpsToLoneFps: round2(minFps / loneFps),
        receivedSize: [...new Set(r.receivedSize)],
        framesDroppedInWindow: r.framesDropped,
        freezesInWindow: r.freezes,
        hostPeersConnected: r.host.peersConnected,
        hostRendererCpuPercent: round2(r.host.rendererCpuPercent),
        hostMainThreadPercent: round2(r.host.mainThreadPercent),
        hostEncodeMsPerSecond: round2(r.host.encodeMsPerSecond),
        hostFramesEncodedPerSecond: round2(r.host.framesEncodedPerSecond),
        hostUploadKbps: round2(r.host.uploadKbps),
        hostSentSize: [...new Set(r.host.sent.map((s) => `${s.width}x${s.height}`))],
        hostEncoder: [...new Set(r.host.sent.map((s) => s.encoder))],
        hostQualityLimitation: limitations,
        chromiumCpuPercent: r.chromiumCpuPercent,
        machineCpuPercent: round2(r.machineCpuPercent),
        nodeCpuPercent: round2(r.nodeCpuPercent),
        // Whatever else ran on the machine meanwhile (it shares the cores with every page).
        otherProcessesCpuPercent: round2(
          Math.max(0, r.machineCpuPercent - (r.chromiumCpuPercent.total ?? 0) - r.nodeCpuPercent),
        ),
      };
    });
    const last = runs.find((r) => r.guests === 8) ?? runs.at(-1);
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, busyBeforeRunPercent: round2(busyBefore) },
      chromium: browser.version(),
      camera: camera
        ? `y4m test pattern ${VIDEO} (ffmpeg testsrc2)`
        : "Chromium's fake camera (page asks 1280x720)",
      arrival: ARRIVAL,
      windowSeconds: WINDOW_S,
      settleSeconds: SETTLE_S,
      loneGuestFps: round2(loneFps),
      runs,
      targets: { firstFrameMaxMs: 2000, minFpsToLoneFpsAt8: 0.8 },
      met: {
        firstFrame: runs.every((r) => r.firstFrameMaxMs < 2000),
        fpsAt8: last ? last.minFpsToLoneFps >= 0.8 : false,
      },
    };

    console.log(
      `\nFaithVerse circle fan-out, host to each guest; camera ${report.camera}; ` +
        `${cpus().length} CPUs; guests arrive ${ARRIVAL}; window ${WINDOW_S} s after ${SETTLE_S} s settle`,
    );
    console.table(
      runs.map((r) => ({
        guests: r.guests,
        'first frame p50 ms': r.firstFrameP50Ms,
        'first frame max ms': r.firstFrameMaxMs,
        'room joined→frame p50 ms': r.roomJoinedToFrameP50Ms,
        'fps min': r.fpsMin,
        'fps mean': r.fpsMean,
        'min/lone': r.minFpsToLoneFps,
        'host renderer CPU %': r.hostRendererCpuPercent,
        'host upload kbit/s': r.hostUploadKbps,
        'chromium CPU %': r.chromiumCpuPercent.total,
        'machine CPU %': r.machineCpuPercent,
        'others CPU %': r.otherProcessesCpuPercent,
      })),
    );
    for (const r of runs) {
      console.log(
        `${r.guests} guest(s), p50 ms since navigation start: ` +
          MILESTONES.map((m) => `${m} ${Math.round(r.timelineP50Ms[m])}`).join(', '),
      );
      console.log(
        `${r.guests} guest(s): received ${r.receivedSize.join(', ')}; host sends ${r.hostSentSize.join(', ')} ` +
          `with ${r.hostEncoder.join(', ')}, limited by ${r.hostQualityLimitation.join(', ')}; ` +
          `encode ${r.hostEncodeMsPerSecond} ms/s, ${r.hostFramesEncodedPerSecond} frames encoded/s; ` +
          `dropped ${r.framesDroppedInWindow}, freezes ${r.freezesInWindow}`,
      );
    }
    console.log(
      `targets: first frame < 2000 ms ${report.met.firstFrame ? 'met' : 'MISSED'}; ` +
        `at ${last?.guests} guests min fps ≥ 0.8 × lone ${report.met.fpsAt8 ? 'met' : 'MISSED'}`,
    );
    saveResults('circles', report);
  } finally {
    await browser.close();
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

runBench(main);
