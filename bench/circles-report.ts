// The figures of bench/circles.ts: one run's raw samples summarised per guest count, each path's
// targets, and the printed tables (each path, then both side by side).
import { type HostSample, MILESTONES, type Timeline } from './circles-probes.ts';
import { percentile, round2 } from './members.ts';

/**
 * The media paths to measure, each with its own app server and browser: mesh (the host's page sends
 * to each guest) and janus (the host's page publishes once to Janus, which forwards to each guest).
 */
export const MEDIA_PATHS = ['mesh', 'janus'] as const;
export type MediaPath = (typeof MEDIA_PATHS)[number];
/** The Janus path's targets (printed beside its figures; the bench does not fail on them). */
const JANUS_TARGETS = { hostUploadAtMostToOneGuest: 1.3, minFpsToLoneFps: 0.9, roomJoinedToFrameP50Ms: 1000 };

export interface RunResult {
  guests: number;
  /** The mesh past its cap of guests, let in by the bench (raiseMaxGuests): the cap it went past. */
  maxGuestsRaisedFrom: number | null;
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
  /** The Janus server's process (the Janus path; null on the mesh). */
  janusCpuPercent: number | null;
  machineCpuPercent: number;
  nodeCpuPercent: number;
}

export interface PathOutcome {
  results: RunResult[];
  /** Guest counts whose run failed (a first frame that never came, a page that timed out). */
  failed: Array<{ guests: number; error: string }>;
  chromium: string;
}

// ---- Figures -----------------------------------------------------------------------------------------

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

export function summarize(results: RunResult[]) {
  const lone = results.find((r) => r.guests === 1);
  const loneFps = lone ? mean(lone.fps) : Number.NaN;
  const loneUpload = lone ? lone.host.uploadKbps : Number.NaN;
  const runs = results.map((r) => {
    const first = ascending(r.timelines.map((t) => t.firstFrame));
    const joinedToFrame = ascending(r.timelines.map((t) => t.firstFrame - t.roomJoined));
    const timelineP50 = Object.fromEntries(
      MILESTONES.map((m) => [m, round2(percentile(ascending(r.timelines.map((t) => t[m])), 50))]),
    ) as Timeline;
    const minFps = Math.min(...r.fps);
    const limitations = [...new Set(r.host.sent.map((s) => s.limitation))];
    const others =
      r.machineCpuPercent - (r.chromiumCpuPercent.total ?? 0) - r.nodeCpuPercent - (r.janusCpuPercent ?? 0);
    return {
      guests: r.guests,
      maxGuestsRaisedFrom: r.maxGuestsRaisedFrom,
      firstFrameP50Ms: round2(percentile(first, 50)),
      firstFrameP95Ms: round2(percentile(first, 95)),
      firstFrameMaxMs: round2(first.at(-1) ?? Number.NaN),
      timelineP50Ms: timelineP50,
      /** Join → first frame: from the page joining the circle's realtime room to its first frame. */
      roomJoinedToFrameP50Ms: round2(percentile(joinedToFrame, 50)),
      roomJoinedToFrameP95Ms: round2(percentile(joinedToFrame, 95)),
      fpsMin: round2(minFps),
      fpsMean: round2(mean(r.fps)),
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
      hostUploadBytesPerSecond: Math.round((r.host.uploadKbps * 1000) / 8),
      /** The host's upload over its upload with one guest. */
      hostUploadToOneGuest: round2(r.host.uploadKbps / loneUpload),
      hostSentSize: [...new Set(r.host.sent.map((s) => `${s.width}x${s.height}`))],
      hostEncoder: [...new Set(r.host.sent.map((s) => s.encoder))],
      hostQualityLimitation: limitations,
      chromiumCpuPercent: r.chromiumCpuPercent,
      janusCpuPercent: r.janusCpuPercent === null ? null : round2(r.janusCpuPercent),
      machineCpuPercent: round2(r.machineCpuPercent),
      nodeCpuPercent: round2(r.nodeCpuPercent),
      // Whatever else ran on the machine meanwhile (it shares the cores with every page).
      otherProcessesCpuPercent: round2(Math.max(0, others)),
    };
  });
  return { loneFps, runs };
}
export type RunSummary = ReturnType<typeof summarize>['runs'][number];

const metWord = (met: boolean) => (met ? 'met' : 'MISSED');

/** The mesh's targets, as before: first frame within 2 s, at 8 guests min fps ≥ 0.8 × a lone guest's. */
export function meshTargets(runs: RunSummary[], failed: PathOutcome['failed']) {
  const last = runs.find((r) => r.guests === 8) ?? runs.at(-1);
  const met = {
    firstFrame: runs.every((r) => r.firstFrameMaxMs < 2000),
    fpsAt8: last ? last.minFpsToLoneFps >= 0.8 : false,
  };
  const line =
    `mesh targets: first frame < 2000 ms ${metWord(met.firstFrame)}; ` +
    `at ${last?.guests} guests min fps ≥ 0.8 × lone ${metWord(met.fpsAt8)}` +
    (failed.length > 0 ? `; failed: ${failed.map((f) => `${f.guests} guests`).join(', ')}` : '');
  return { targets: { firstFrameMaxMs: 2000, minFpsToLoneFpsAt8: 0.8 }, met, line };
}

/**
 * Janus's targets: the host's upload at 16 guests within 1.3 × its upload at 1, every guest at least
 * 0.9 of a lone guest's frame rate, join → first frame p50 under 1 s. A failed count misses them.
 */
export function janusTargets(runs: RunSummary[], failed: PathOutcome['failed']) {
  const t = JANUS_TARGETS;
  const top = runs.find((r) => r.guests === 16) ?? runs.filter((r) => r.guests > 1).at(-1);
  const failedNote = failed.length > 0 ? ` (${failed.map((f) => f.guests).join(', ')} guests failed)` : '';
  const met = {
    hostUpload: top ? top.hostUploadToOneGuest <= t.hostUploadAtMostToOneGuest : null,
    fps: failed.length === 0 && runs.every((r) => r.minFpsToLoneFps >= t.minFpsToLoneFps),
    roomJoinedToFrame:
      failed.length === 0 && runs.every((r) => r.roomJoinedToFrameP50Ms < t.roomJoinedToFrameP50Ms),
  };
  const perCount = (figure: (r: RunSummary) => string) =>
    runs.map((r) => `${r.guests}: ${figure(r)}`).join(', ');
  const line =
    'janus targets: ' +
    (top
      ? `host upload at ${top.guests} guests ≤ ${t.hostUploadAtMostToOneGuest} × at 1 guest: ` +
        `${top.hostUploadToOneGuest}× ${metWord(met.hostUpload === true)}`
      : 'host upload: no run past 1 guest') +
    `; min fps ≥ ${t.minFpsToLoneFps} × lone (${perCount((r) => `${r.minFpsToLoneFps}`)}) ${metWord(met.fps)}` +
    `; join → first frame p50 < ${t.roomJoinedToFrameP50Ms} ms (${perCount((r) => `${Math.round(r.roomJoinedToFrameP50Ms)}`)}) ` +
    `${metWord(met.roomJoinedToFrame)}${failedNote}`;
  return { targets: t, met, line };
}

export function printPath(
  media: MediaPath,
  header: string,
  runs: RunSummary[],
  failed: PathOutcome['failed'],
  targetLine: string,
) {
  console.log(`\n${header}`);
  if (runs.length > 0) {
    console.table(
      runs.map((r) => ({
        guests: r.guests,
        'first frame p50 ms': r.firstFrameP50Ms,
        'first frame max ms': r.firstFrameMaxMs,
        'room joined→frame p50 ms': r.roomJoinedToFrameP50Ms,
        'room joined→frame p95 ms': r.roomJoinedToFrameP95Ms,
        'fps min': r.fpsMin,
        'fps mean': r.fpsMean,
        'min/lone': r.minFpsToLoneFps,
        'host renderer CPU %': r.hostRendererCpuPercent,
        'host upload kbit/s': r.hostUploadKbps,
        'upload/1 guest': r.hostUploadToOneGuest,
        'chromium CPU %': r.chromiumCpuPercent.total,
        ...(media === 'janus' ? { 'janus CPU %': r.janusCpuPercent } : {}),
        'machine CPU %': r.machineCpuPercent,
        'others CPU %': r.otherProcessesCpuPercent,
      })),
    );
  }
  for (const r of runs) {
    console.log(
      `${r.guests} guest(s), p50 ms since navigation start: ` +
        MILESTONES.map((m) => `${m} ${Math.round(r.timelineP50Ms[m])}`).join(', '),
    );
    console.log(
      `${r.guests} guest(s): received ${r.receivedSize.join(', ')}; host sends ${r.hostSentSize.join(', ')} ` +
        `with ${r.hostEncoder.join(', ')}, limited by ${r.hostQualityLimitation.join(', ')}; ` +
        `encode ${r.hostEncodeMsPerSecond} ms/s, ${r.hostFramesEncodedPerSecond} frames encoded/s; ` +
        `dropped ${r.framesDroppedInWindow}, freezes ${r.freezesInWindow}` +
        (r.maxGuestsRaisedFrom !== null
          ? `; past the mesh's cap of ${r.maxGuestsRaisedFrom} guests (raised by the bench)`
          : ''),
    );
  }
  for (const f of failed) console.log(`${f.guests} guest(s): FAILED: ${f.error}`);
  console.log(targetLine);
}

/** Both paths side by side, per guest count (docs/SCALING.md's table). */
export function printComparison(
  guestCounts: number[],
  paths: Partial<Record<MediaPath, { runs: RunSummary[]; failed: PathOutcome['failed'] }>>,
) {
  const cell = (media: MediaPath, guests: number, figure: (r: RunSummary) => number | string) => {
    const p = paths[media];
    const run = p?.runs.find((r) => r.guests === guests);
    if (run) return figure(run);
    return p?.failed.some((f) => f.guests === guests) ? 'failed' : '–';
  };
  console.log('\nmesh | janus, per guest count');
  console.table(
    guestCounts.map((guests) => {
      const row: Record<string, number | string> = { guests };
      const columns: Array<[string, (r: RunSummary) => number | string]> = [
        ['host upload kbit/s', (r) => r.hostUploadKbps],
        ['host CPU %', (r) => r.hostRendererCpuPercent],
        ['min/lone', (r) => r.minFpsToLoneFps],
        ['join→frame p50 ms', (r) => r.roomJoinedToFrameP50Ms],
      ];
      for (const [name, figure] of columns) {
        for (const media of MEDIA_PATHS) row[`${name}, ${media}`] = cell(media, guests, figure);
      }
      return row;
    }),
  );
}

// ---- Main -------------------------------------------------------------------------------------------
