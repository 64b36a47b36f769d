// What the circles bench reads from its pages and from the machine: milestones the pages record about
// themselves (a script injected before the app's), each guest's received frames, the host's sent
// bytes and encoder state, and CPU time of Chromium's processes and of the machine (/proc).
import { readdirSync, readFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';

/** Linux's USER_HZ, the unit of /proc CPU times. */
const CLOCK_TICKS = 100;

// ---- What the pages record about themselves (injected before the app's scripts run) ----------------

export interface PageMarks {
  /** performance.now() (ms since this document's navigation start) of each milestone. */
  pcCreated: number | null;
  videoAttached: number | null;
  firstFrame: number | null;
}

/** A guest's way to its first frame, in ms since the room's navigation start. */
export const MILESTONES = [
  'appStarted', // DOMContentLoaded ended: the app's module scripts have run
  'circleFetched', // GET /api/circles/:id answered
  'joined', // POST /api/circles/:id/join answered (public circle, no approval)
  'roomJoined', // GET /api/circles/:id/members started: the app fetches it once the room is joined
  'offerArrived', // the host's offer arrived (the page made its RTCPeerConnection)
  'videoAttached', // the remote stream was given to the video element (ontrack)
  'firstFrame', // the first remote frame was decoded
] as const;
export type Milestone = (typeof MILESTONES)[number];
export type Timeline = Record<Milestone, number>;

/** The guest's timeline, once its first frame is in (null before). */
export const guestTimeline = (page: Page) =>
  page.evaluate((): Timeline | null => {
    const marks = (window as unknown as { __bench: { marks: PageMarks } }).__bench.marks;
    if (marks.firstFrame === null) return null;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const circle = location.pathname.split('/').at(-1);
    const first = (suffix: string) =>
      resources.find((r) => new URL(r.name).pathname === `/api/circles/${circle}${suffix}`);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      appStarted: navigation.domContentLoadedEventEnd,
      circleFetched: first('')?.responseEnd ?? Number.NaN,
      joined: first('/join')?.responseEnd ?? Number.NaN,
      roomJoined: first('/members')?.startTime ?? Number.NaN,
      offerArrived: marks.pcCreated ?? Number.NaN,
      videoAttached: marks.videoAttached ?? Number.NaN,
      firstFrame: marks.firstFrame,
    };
  });

/**
 * Keeps every RTCPeerConnection the page makes (to read its stats) and watches for the remote video:
 * when it gets its stream, and its first decoded frame (requestVideoFrameCallback, with a 10 ms poll
 * of getVideoPlaybackQuality() as a fallback; the earlier of the two counts).
 */
export function instrumentPage() {
  const marks: PageMarks = { pcCreated: null, videoAttached: null, firstFrame: null };
  const pcs: RTCPeerConnection[] = [];
  (window as unknown as { __bench: unknown }).__bench = { marks, pcs };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      pcs.push(this);
      if (marks.pcCreated === null) marks.pcCreated = performance.now();
    }
  };
  const frame = (at: number) => {
    if (marks.firstFrame === null || at < marks.firstFrame) marks.firstFrame = at;
  };
  let watched: HTMLVideoElement | null = null;
  const poll = setInterval(() => {
    const video = document.querySelector<HTMLVideoElement>('video[data-testid="remote-video"]');
    if (video && video !== watched && video.srcObject) {
      watched = video;
      if (marks.videoAttached === null) marks.videoAttached = performance.now();
      video.requestVideoFrameCallback((now) => frame(now));
    }
    if (video && video.getVideoPlaybackQuality().totalVideoFrames > 0) frame(performance.now());
    if (marks.firstFrame !== null) clearInterval(poll);
  }, 10);
}

export interface GuestSample {
  at: number;
  frames: number;
  width: number;
  height: number;
  inbound: { framesDecoded: number; framesDropped: number; freezeCount: number; bytesReceived: number };
}

/** The guest's decoded frame count (page clock) and its inbound video stats. */
export const sampleGuest = (page: Page) =>
  page.evaluate(async (): Promise<GuestSample> => {
    const bench = (window as unknown as { __bench: { pcs: RTCPeerConnection[] } }).__bench;
    const video = document.querySelector<HTMLVideoElement>('video[data-testid="remote-video"]');
    const inbound = { framesDecoded: 0, framesDropped: 0, freezeCount: 0, bytesReceived: 0 };
    for (const pc of bench.pcs) {
      if (pc.connectionState === 'closed') continue;
      for (const s of (await pc.getStats()).values()) {
        if (s.type !== 'inbound-rtp' || s.kind !== 'video') continue;
        inbound.framesDecoded += s.framesDecoded ?? 0;
        inbound.framesDropped += s.framesDropped ?? 0;
        inbound.freezeCount += s.freezeCount ?? 0;
        inbound.bytesReceived += s.bytesReceived ?? 0;
      }
    }
    return {
      at: performance.now(),
      frames: video ? video.getVideoPlaybackQuality().totalVideoFrames : 0,
      width: video?.videoWidth ?? 0,
      height: video?.videoHeight ?? 0,
      inbound,
    };
  });

export interface HostSample {
  at: number;
  peers: number;
  bytesSent: number;
  framesEncoded: number;
  encodeSeconds: number;
  sent: Array<{ width: number; height: number; fps: number; limitation: string; encoder: string }>;
}

/** The host's outbound stats summed over its peer connections (audio and video bytes, video frames). */
export const sampleHost = (page: Page) =>
  page.evaluate(async (): Promise<HostSample> => {
    const bench = (window as unknown as { __bench: { pcs: RTCPeerConnection[] } }).__bench;
    const sample: HostSample = {
      at: performance.now(),
      peers: 0,
      bytesSent: 0,
      framesEncoded: 0,
      encodeSeconds: 0,
      sent: [],
    };
    for (const pc of bench.pcs) {
      if (pc.connectionState !== 'connected') continue;
      sample.peers += 1;
      for (const s of (await pc.getStats()).values()) {
        if (s.type !== 'outbound-rtp') continue;
        sample.bytesSent += s.bytesSent ?? 0;
        if (s.kind !== 'video') continue;
        sample.framesEncoded += s.framesEncoded ?? 0;
        sample.encodeSeconds += s.totalEncodeTime ?? 0;
        sample.sent.push({
          width: s.frameWidth ?? 0,
          height: s.frameHeight ?? 0,
          fps: s.framesPerSecond ?? 0,
          limitation: s.qualityLimitationReason ?? 'none',
          encoder: s.encoderImplementation ?? '?',
        });
      }
    }
    return sample;
  });

/** CPU seconds of the host page's renderer process and its main thread's task time (CDP Performance). */
export async function hostProcessTimes(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { processTime: value('ProcessTime'), taskDuration: value('TaskDuration') };
}

/** Chromium's processes (browser, renderers, GPU, utilities), from CDP SystemInfo.getProcessInfo. */
export async function chromiumProcesses(cdp: CDPSession): Promise<Array<{ type: string; id: number }>> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number }>;
  };
  return processInfo;
}

/** CPU seconds (user + system) of one process, from /proc; 0 when it has gone. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * Processes this one started, directly or not, whose command is `name` (/proc: comm and parent id).
 * The bench's Janus runs under `ip netns exec`, started by this process.
 */
export function descendantPids(name: string): number[] {
  const parents = new Map<number, { parent: number; comm: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), { parent, comm });
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid)?.parent; at !== undefined && at > 1; at = parents.get(at)?.parent) {
      if (at === process.pid) return true;
    }
    return false;
  };
  return [...parents].filter(([pid, p]) => p.comm === name && descends(pid)).map(([pid]) => pid);
}

/** The whole machine's busy and total jiffies (/proc/stat). */
export function machineJiffies() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}
