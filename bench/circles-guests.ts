// The circles bench's guests. pageGuest: a Chromium page running the app, as a member does. RtpGuest,
// for the Janus path at counts a 2-core machine cannot run as pages: a member with their session cookie
// who joins the circle over HTTP, opens a Socket.IO connection and subscribes to the host's feed through
// the app server as a page does (web/screens/FaithVerse/Room/janusRtc.ts: 'subscribe', Janus's offer, an
// answer, candidates), with werift's WebRTC (TypeScript, on npm) in place of Chromium's. It decrypts and
// counts what Janus forwards (a frame is the RTP packet that ends it, from the first key frame on, whose
// size it reads) but decodes nothing, so 16 of them cost the machine little and a frame rate says what
// Janus sent, not how busy the guests' own CPUs were.
import type { AckResult } from '@common/realtime.ts';
import type { MediaSignalAck } from '@common/schemas/circleSignals.ts';
import type { Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { RTCPeerConnection, type RtpPacket } from 'werift';
import { type GuestSample, guestTimeline, sampleGuest, type Timeline } from './circles-probes.ts';
import type { BenchMember } from './members.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A guest as the run sees it: a Chromium page, or an RTP guest. */
export interface Guest {
  arrive(): Promise<Timeline>;
  sample(): Promise<GuestSample>;
}

/** A guest's page: it opens the room, and times itself from its own navigation start. */
export function pageGuest(page: Page, url: string, firstFrameTimeoutMs: number): Guest {
  if (process.env.BENCH_DEBUG) {
    page.on('console', (m) => console.log(`[guest] ${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => console.log(`[guest] error: ${e.message}`));
  }
  return {
    async arrive() {
      await page.goto(url);
      const timeline = await waitFor('a first remote frame', firstFrameTimeoutMs, () => guestTimeline(page));
      if (process.env.BENCH_DEBUG) {
        const requests = await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (r) => `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${new URL(r.name).pathname}`,
          ),
        );
        console.log(`guest requests (ms since navigation start):\n  ${requests.join('\n  ')}`);
      }
      return timeline;
    },
    sample: () => sampleGuest(page),
  };
}

/**
 * The width and height of a VP8 key frame (RFC 7741: the payload descriptor, then the frame's own
 * header, whose key frames carry the start code 9d 01 2a and the size), or null for any other packet.
 */
export function vp8KeyFrameSize(payload: Uint8Array): { width: number; height: number } | null {
  if (payload.length < 1) return null;
  const first = payload[0]!;
  const startOfPartition = (first & 0x10) !== 0 && (first & 0x07) === 0;
  if (!startOfPartition) return null;
  let at = 1;
  if (first & 0x80) {
    const extension = payload[at++]!;
    if (extension & 0x80) at += payload[at]! & 0x80 ? 2 : 1; // picture id, 7 or 15 bits
    if (extension & 0x40) at += 1; // TL0PICIDX
    if (extension & 0x30) at += 1; // TID, Y, KEYIDX
  }
  const frame = payload.subarray(at);
  if (frame.length < 10 || (frame[0]! & 0x01) !== 0) return null; // not a key frame
  if (frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return null;
  return {
    width: (frame[6]! | (frame[7]! << 8)) & 0x3fff,
    height: (frame[8]! | (frame[9]! << 8)) & 0x3fff,
  };
}

/** One guest: joins, subscribes, and counts the frames Janus forwards to it. */
export class RtpGuest {
  private socket: Socket | null = null;
  private pc: RTCPeerConnection | null = null;
  private frames = 0;
  private bytes = 0;
  private size = { width: 0, height: 0 };
  private started = 0;
  private marks: Partial<Timeline> = {};

  constructor(
    private baseUrl: string,
    private member: BenchMember,
    private circleId: string,
    private hostId: string,
    /** The width a page would show the host at (device pixels): the server picks the layer by it. */
    private width = 640,
  ) {}

  private since = () => performance.now() - this.started;

  private ask(signal: Record<string, unknown>): Promise<AckResult<MediaSignalAck>> {
    return this.socket!.timeout(15_000).emitWithAck('circle:media', { ...signal, circle_id: this.circleId });
  }

  /**
   * Joins the circle and waits for the first whole frame; the timeline is in ms since the join began,
   * with the milestones a page has: 'appStarted' is 0, and 'roomJoined' is the socket's connection.
   */
  async arrive(timeoutMs: number): Promise<Timeline> {
    this.started = performance.now();
    this.marks.appStarted = 0;
    const headers = { cookie: this.member.cookie, origin: this.baseUrl };
    const circle = await fetch(`${this.baseUrl}/api/circles/${this.circleId}`, { headers });
    if (circle.status !== 200) throw new Error(`GET the circle: ${circle.status}`);
    this.marks.circleFetched = this.since();
    const joined = await fetch(`${this.baseUrl}/api/circles/${this.circleId}/join`, {
      method: 'POST',
      headers,
    });
    const page = (await joined.json()) as { role?: string };
    if (joined.status !== 200 || page.role !== 'guest') {
      throw new Error(`join: ${joined.status} ${JSON.stringify(page)}`);
    }
    this.marks.joined = this.since();
    this.socket = io(this.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: headers,
    });
    await new Promise<void>((resolve, reject) => {
      this.socket!.once('connect', () => resolve());
      this.socket!.once('connect_error', reject);
    });
    this.marks.roomJoined = this.since();
    const deadline = Date.now() + timeoutMs;
    let offer: AckResult<MediaSignalAck>;
    for (;;) {
      offer = await this.ask({ kind: 'subscribe', user_id: this.hostId, width: this.width });
      if (offer.ok && offer.data.sdp) break;
      if (Date.now() > deadline) throw new Error(`subscribe: ${JSON.stringify(offer)}`);
      await sleep(200);
    }
    this.marks.offerArrived = this.since();
    const pc = new RTCPeerConnection({ iceServers: [] });
    this.pc = pc;
    pc.onTrack.subscribe((track) => {
      if (track.kind !== 'video') return;
      this.marks.videoAttached ??= this.since();
      track.onReceiveRtp.subscribe((rtp: RtpPacket) => this.count(rtp));
    });
    // Candidates found after the answer follow it, as a page's do.
    const late: Array<Record<string, unknown>> = [];
    let answered = false;
    pc.onIceCandidate.subscribe((candidate) => {
      const signal = {
        kind: 'ice',
        role: 'subscriber',
        user_id: this.hostId,
        candidate: candidate ? candidate.toJSON() : null,
      };
      if (answered) void this.ask(signal);
      else late.push(signal);
    });
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.data.sdp! });
    await pc.setLocalDescription(await pc.createAnswer());
    const answer = await this.ask({ kind: 'answer', user_id: this.hostId, sdp: pc.localDescription!.sdp });
    if (!answer.ok) throw new Error(`answer: ${JSON.stringify(answer)}`);
    answered = true;
    for (const signal of late.splice(0)) void this.ask(signal);
    return waitFor('a first frame from Janus', Math.max(0, deadline - Date.now()), async () =>
      this.marks.firstFrame === undefined ? null : (this.marks as Timeline),
    );
  }

  private count(rtp: RtpPacket) {
    this.bytes += rtp.payload.length;
    const size = vp8KeyFrameSize(rtp.payload);
    if (size) this.size = size;
    // A decoder starts at a key frame: frames before the first are not counted, as a page shows none.
    if (!rtp.header.marker || this.size.width === 0) return;
    this.frames += 1;
    this.marks.firstFrame ??= this.since();
  }

  /** What a page's sample says (sampleGuest), from the packets: nothing is decoded, nothing dropped. */
  sample(): GuestSample {
    return {
      at: performance.now(),
      frames: this.frames,
      width: this.size.width,
      height: this.size.height,
      inbound: { framesDecoded: this.frames, framesDropped: 0, freezeCount: 0, bytesReceived: this.bytes },
    };
  }

  async close() {
    await this.pc?.close();
    this.socket?.close();
  }
}
