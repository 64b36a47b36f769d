import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { CIRCLE_LIMITS } from '@common/schemas/circles.ts';
import { type Browser, type BrowserContext, type CDPSession, chromium } from '@playwright/test';
import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { type JanusTestServer, startJanusInNetns } from '@server/test/janusNetns.ts';
import { type Guest, pageGuest, RtpGuest, waitFor } from './circles-guests.ts';
import {
  chromiumProcesses,
  descendantPids,
  hostProcessTimes,
  machineJiffies,
  processCpuSeconds,
  sampleHost,
  type Timeline,
} from './circles-probes.ts';
import {
  janusTargets,
  MEDIA_PATHS,
  type MediaPath,
  meshTargets,
  type PathOutcome,
  printComparison,
  printPath,
  type RunResult,
  type RunSummary,
  summarize,
} from './circles-report.ts';
import {
  createCircle,
  ensureWebBuild,
  fakeCameraFile,
  fetchCircle,
  janusUnavailableReason,
  memberContext,
  raiseMaxGuests,
} from './circles-setup.ts';
import { BENCH_SECRET, type BenchMember, round2, seedMembers } from './members.ts';
import { runBench, saveResults } from './results.ts';

const GUEST_COUNTS = (process.env.BENCH_GUESTS ?? '1,4,8,16').split(',').map(Number);
const PATHS = (process.env.BENCH_PATHS ?? 'mesh,janus').split(',').map((p) => p.trim()) as MediaPath[];
for (const p of PATHS) {
  if (!MEDIA_PATHS.includes(p)) throw new Error(`BENCH_PATHS takes mesh and janus, not '${p}'`);
}
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 10);
/** Time for the senders' bandwidth estimate to ramp up before the window opens. */
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 3);
const VIDEO = process.env.BENCH_VIDEO ?? '320x180@15';
/**
 * sequential: each guest opens the room once the one before has its first frame (the k-th guest joins
 * a host already sending to k-1); together: all open it at once (N pages loading the app on 2 cores).
 */
const ARRIVAL = process.env.BENCH_ARRIVAL === 'together' ? 'together' : 'sequential';
/**
 * chromium: each guest is a Chromium page (the app as a member runs it); rtp: on the Janus path, each
 * guest is werift in this process (circles-guests.ts), which receives what Janus forwards without
 * decoding it, so 16 guests fit on 2 cores beside the host's page.
 */
const GUEST_KIND = process.env.BENCH_GUEST_KIND === 'rtp' ? 'rtp' : 'chromium';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FIRST_FRAME_TIMEOUT_MS = 30_000;
const REPO = path.join(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The circle went live on another path than the one measured: every figure would be mislabelled. */
class MediaPathMismatch extends Error {}

// ---- One run: a host and N guests -------------------------------------------------------------------

async function runOnce(
  browser: Browser,
  browserCdp: CDPSession,
  server: TestServer,
  media: MediaPath,
  host: BenchMember,
  guests: BenchMember[],
): Promise<RunResult> {
  const baseUrl = server.baseUrl;
  // A new circle each run: its media path is decided when it first goes live. Janus circles take up to
  // 500 guests when asked; the mesh takes 10 at most (raised below when the run wants more).
  const circleId = await createCircle(
    baseUrl,
    host,
    `Bench circle ${media} ${guests.length}`,
    media === 'janus' && guests.length > CIRCLE_LIMITS.defaultMaxGuests ? { max_guests: guests.length } : {},
  );
  const url = `${baseUrl}/faithverse/c/${circleId}`;
  const contexts: BrowserContext[] = [];
  const rtpGuests: RtpGuest[] = [];
  try {
    // The host goes live with the (fake) camera, the circle's default source.
    const hostContext = await memberContext(browser, baseUrl, host);
    contexts.push(hostContext);
    const hostPage = await hostContext.newPage();
    await hostPage.goto(url);
    await hostPage.getByRole('button', { name: 'Go live' }).click();
    await hostPage.getByTestId('local-video').waitFor();
    await hostPage.getByText('Sending to 0 viewers').waitFor();
    // The server chose the circle's path as it went live: it must be the one measured.
    const live = await waitFor('the circle to go live', 15_000, async () => {
      const circle = await fetchCircle(baseUrl, host, circleId);
      return circle.status === 'live' && circle.media !== null ? circle : null;
    });
    if (live.media !== media) {
      throw new MediaPathMismatch(
        `the ${media} path's circle went live with media '${live.media}'` +
          (media === 'janus' ? ' (no Janus server answered the app server?)' : ' (the server has Janus?)'),
      );
    }
    // The mesh past its cap (10): let the run's guests in anyway, to show what the cap prevents.
    let maxGuestsRaisedFrom: number | null = null;
    if (media === 'mesh' && live.max_guests < guests.length) {
      raiseMaxGuests(path.join(server.dataDir, 'splikz.db'), circleId, guests.length);
      maxGuestsRaisedFrom = live.max_guests;
    }
    // Through Janus, guests subscribe once the host's page publishes: wait for its connection to Janus.
    if (media === 'janus') {
      await waitFor("the host's connection to Janus", 15_000, async () =>
        (await sampleHost(hostPage)).peers > 0 ? true : null,
      );
    }
    if (process.env.BENCH_DEBUG) {
      hostPage.on('console', (m) => console.log(`[host] ${m.type()}: ${m.text()}`));
      hostPage.on('pageerror', (e) => console.log(`[host] error: ${e.message}`));
    }
    const hostCdp = await hostContext.newCDPSession(hostPage);
    await hostCdp.send('Performance.enable', { timeDomain: 'timeTicks' });

    // Each guest page times itself from its own navigation start; an RTP guest from its join.
    const guestSide: Guest[] =
      GUEST_KIND === 'rtp' && media === 'janus'
        ? guests.map((guest) => {
            const rtp = new RtpGuest(baseUrl, guest, circleId, host.userId);
            rtpGuests.push(rtp);
            return { arrive: () => rtp.arrive(FIRST_FRAME_TIMEOUT_MS), sample: async () => rtp.sample() };
          })
        : await Promise.all(
            guests.map(async (guest) => {
              const context = await memberContext(browser, baseUrl, guest);
              contexts.push(context);
              return pageGuest(await context.newPage(), url, FIRST_FRAME_TIMEOUT_MS);
            }),
          );
    const timelines: Timeline[] = [];
    if (ARRIVAL === 'together') timelines.push(...(await Promise.all(guestSide.map((g) => g.arrive()))));
    else for (const guest of guestSide) timelines.push(await guest.arrive());
    await hostPage.getByText(`Sending to ${guests.length} viewer`).waitFor();
    await sleep(SETTLE_S * 1000);

    // The window: every counter read at both ends.
    const janusPids = media === 'janus' ? descendantPids('janus') : [];
    const snapshot = async () => {
      const [guestSamples, hostSample, hostTimes, processes] = await Promise.all([
        Promise.all(guestSide.map((g) => g.sample())),
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
        janus: janusPids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
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
    const fps = guestSide.map((_, i) => {
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
      maxGuestsRaisedFrom,
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
      janusCpuPercent: janusPids.length > 0 ? ((after.janus - before.janus) / wallS) * 100 : null,
      machineCpuPercent:
        ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) *
        100 *
        cpus().length,
      nodeCpuPercent: (nodeMicros / 1e6 / wallS) * 100,
    };
  } finally {
    // Guests first, then the host (whose page ends the circle as it goes).
    await Promise.all(rtpGuests.map((guest) => guest.close()));
    for (const context of contexts.reverse()) await context.close();
  }
}

// ---- One path: its app server, its browser, a run per guest count -----------------------------------

function browserArgs(media: MediaPath, camera: string | null): string[] {
  return [
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
    // Janus ignores mDNS candidates: the pages offer their veth address as it is.
    ...(media === 'janus' ? ['--disable-features=WebRtcHideLocalIpsWithMdns'] : []),
    ...(camera ? [`--use-file-for-fake-video-capture=${camera}`] : []),
  ];
}

async function runPath(
  media: MediaPath,
  camera: string | null,
  janus: JanusTestServer | null,
): Promise<PathOutcome> {
  // No STUN or TURN: every peer is on this machine, and no public server is reachable from here.
  const server = await startTestServer(
    'sqlite',
    {
      authSecret: BENCH_SECRET,
      iceServers: [],
      ...(janus
        ? { janus: { urls: [janus.url], apiSecret: janus.apiSecret, adminKey: janus.adminKey } }
        : {}),
    },
    { webDist: path.join(REPO, 'dist') },
  );
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: browserArgs(media, camera),
    });
    const browserCdp = await browser.newBrowserCDPSession();
    const most = Math.max(...GUEST_COUNTS);
    const [host, ...guests] = seedMembers(path.join(server.dataDir, 'splikz.db'), most + 1) as [
      BenchMember,
      ...BenchMember[],
    ];
    const outcome: PathOutcome = { results: [], failed: [], chromium: browser.version() };
    for (const count of GUEST_COUNTS) {
      const started = Date.now();
      const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      try {
        const result = await runOnce(browser, browserCdp, server, media, host, guests.slice(0, count));
        outcome.results.push(result);
        console.log(`  ${media}, ${count} guest(s): done in ${took()}`);
      } catch (error) {
        if (error instanceof MediaPathMismatch) throw error;
        // One count failing (the mesh at 16 on 2 cores) keeps the others' figures.
        const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        outcome.failed.push({ guests: count, error: message });
        console.log(`  ${media}, ${count} guest(s): FAILED after ${took()}: ${message}`);
      }
    }
    return outcome;
  } finally {
    await browser?.close();
    await server.close();
  }
}

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
  const cameraText = camera
    ? `y4m test pattern ${VIDEO} (ffmpeg testsrc2)`
    : "Chromium's fake camera (page asks 1280x720)";
  // Janus in a network namespace of its own, started once for every Janus circle of the run.
  const janusSkipped = PATHS.includes('janus') ? janusUnavailableReason() : null;
  if (janusSkipped) console.log(`janus: skipped, this machine cannot start Janus: ${janusSkipped}`);
  let janus: JanusTestServer | null = null;
  try {
    if (PATHS.includes('janus') && !janusSkipped) janus = await startJanusInNetns();
    const outcomes: Partial<Record<MediaPath, PathOutcome>> = {};
    for (const media of PATHS) {
      if (media === 'janus' && !janus) continue;
      outcomes[media] = await runPath(media, camera, media === 'janus' ? janus : null);
    }

    const setting =
      `camera ${cameraText}; ${cpus().length} CPUs; guests arrive ${ARRIVAL}; ` +
      `Janus guests are ${GUEST_KIND === 'rtp' ? 'werift RTP receivers (no decoding)' : 'Chromium pages'}; ` +
      `window ${WINDOW_S} s after ${SETTLE_S} s settle`;
    const paths: Record<string, object> = {};
    const summaries: Partial<Record<MediaPath, { runs: RunSummary[]; failed: PathOutcome['failed'] }>> = {};
    for (const media of PATHS) {
      const outcome = outcomes[media];
      if (!outcome) {
        paths[media] = { skipped: janusSkipped };
        continue;
      }
      const { loneFps, runs } = summarize(outcome.results);
      const { targets, met, line } =
        media === 'mesh' ? meshTargets(runs, outcome.failed) : janusTargets(runs, outcome.failed);
      const header =
        media === 'mesh'
          ? `FaithVerse circle fan-out, mesh: the host's page to each guest; ${setting}`
          : `FaithVerse circle fan-out, Janus: the host's page publishes once, Janus forwards to each guest; ${setting}`;
      printPath(media, header, runs, outcome.failed, line);
      summaries[media] = { runs, failed: outcome.failed };
      paths[media] = { loneGuestFps: round2(loneFps), runs, failed: outcome.failed, targets, met };
    }
    if (Object.keys(summaries).length > 1) printComparison(GUEST_COUNTS, summaries);

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, busyBeforeRunPercent: round2(busyBefore) },
      chromium: Object.values(outcomes)[0]?.chromium ?? null,
      camera: cameraText,
      arrival: ARRIVAL,
      janusGuests: GUEST_KIND,
      windowSeconds: WINDOW_S,
      settleSeconds: SETTLE_S,
      guestCounts: GUEST_COUNTS,
      paths,
    };
    saveResults('circles', report);
    // Every figure is kept and printed; a count that failed still fails the run, as a timeout always did.
    const failed = Object.entries(outcomes).flatMap(([media, o]) =>
      o.failed.map((f) => `${media} ${f.guests}`),
    );
    if (failed.length > 0) {
      console.log(
        `\n${failed.length} run(s) failed (${failed.join(', ')} guests); the others' figures are saved`,
      );
      process.exitCode = 1;
    }
  } finally {
    await janus?.destroy();
    rmSync(tmp, { recursive: true, force: true });
  }
}

runBench(main);
