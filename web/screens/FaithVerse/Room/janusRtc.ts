import type { AckResult } from '@common/realtime.ts';
import type { MediaSignalAck, MediaSignalInput } from '@common/schemas/circleSignals.ts';
import type { IceServer } from '@common/schemas/circles.ts';
import { connectedSocket } from '@web/realtime/connection.ts';
import { candidateOf } from './rtc.ts';

/**
 * WebRTC of a circle carried by Janus (issue 29): the host's page sends its media once, to Janus; each
 * guest's page receives it from Janus. Every SDP and candidate goes through the app server
 * (server/realtime/handlers/circleMedia.ts), which holds the Janus session: the page never learns a
 * room id, pin or secret. Candidates gathered before the server has the page's description wait for it.
 */

type Outgoing = Omit<MediaSignalInput, 'circle_id'>;

function sendMedia(circleId: string, signal: Outgoing): Promise<AckResult<MediaSignalAck>> {
  const socket = connectedSocket();
  if (!socket) {
    return Promise.resolve({ ok: false, error: { code: 'offline', message: 'Not connected.' } });
  }
  return new Promise((resolve) => {
    socket
      .timeout(15_000)
      .emit(
        'circle:media',
        { ...signal, circle_id: circleId },
        (error: Error | null, result?: AckResult<MediaSignalAck>) =>
          resolve(
            error || !result ? { ok: false, error: { code: 'timeout', message: 'No answer.' } } : result,
          ),
      );
  });
}

/**
 * Simulcast: three layers of the camera or screen (full, half and quarter size), so that Janus can
 * forward to each guest the one that fits its link and window. Chromium leaves out the layers a small
 * picture cannot make.
 */
const SIMULCAST: RTCRtpEncodingParameters[] = [
  { rid: 'h', active: true, maxBitrate: 1_200_000 },
  { rid: 'm', active: true, maxBitrate: 400_000, scaleResolutionDownBy: 2 },
  { rid: 'l', active: true, maxBitrate: 120_000, scaleResolutionDownBy: 4 },
];

/** One peer connection to Janus, whose candidates wait until the server has our description. */
class JanusLink {
  readonly pc: RTCPeerConnection;
  private queued: Outgoing[] = [];
  private ready = false;

  constructor(
    private circleId: string,
    private role: 'publisher' | 'subscriber',
    iceServers: IceServer[],
    /** A subscriber's publisher. */
    private userId?: string,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.pc.onicecandidate = (event) => {
      const signal: Outgoing = {
        kind: 'ice',
        role: this.role,
        candidate: candidateOf(event.candidate),
        ...(this.userId ? { user_id: this.userId } : {}),
      };
      if (this.ready) void sendMedia(this.circleId, signal);
      else this.queued.push(signal);
    };
  }

  /** The server has our description: the candidates gathered meanwhile follow it. */
  flush() {
    this.ready = true;
    for (const signal of this.queued.splice(0)) void sendMedia(this.circleId, signal);
  }

  close() {
    this.pc.onicecandidate = null;
    this.pc.close();
  }
}

/** The host's side: one connection to Janus, whatever the number of guests. */
export class JanusPublisher {
  private link: JanusLink | null = null;

  constructor(
    private circleId: string,
    private iceServers: IceServer[],
  ) {}

  /** Sends the stream (a new one replaces the old); resolves with the server's refusal, if any. */
  async publish(stream: MediaStream): Promise<string | null> {
    this.close();
    const link = new JanusLink(this.circleId, 'publisher', this.iceServers);
    this.link = link;
    for (const track of stream.getAudioTracks()) {
      link.pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    }
    for (const track of stream.getVideoTracks()) {
      link.pc.addTransceiver(track, { direction: 'sendonly', streams: [stream], sendEncodings: SIMULCAST });
    }
    const offer = await link.pc.createOffer();
    await link.pc.setLocalDescription(offer);
    const result = await sendMedia(this.circleId, { kind: 'publish', sdp: offer.sdp ?? '' });
    if (this.link !== link) return null;
    if (!result.ok || !result.data.sdp) {
      this.close();
      return result.ok ? 'No answer.' : result.error.message;
    }
    await link.pc.setRemoteDescription({ type: 'answer', sdp: result.data.sdp });
    link.flush();
    return null;
  }

  close() {
    if (!this.link) return;
    this.link.close();
    this.link = null;
    void sendMedia(this.circleId, { kind: 'leave', role: 'publisher' });
  }
}

export type SubscribeResult = 'ok' | 'not-ready' | 'refused';

/** A page's subscription to one publisher's feed (the host's or a speaker's): Janus's offer, answered. */
export class JanusSubscriber {
  private link: JanusLink | null = null;

  constructor(
    private circleId: string,
    /** Whose feed. */
    private userId: string,
    private iceServers: IceServer[],
    private onStream: (stream: MediaStream | null) => void,
    /** How wide the page shows this feed, in device pixels: the server picks the simulcast layer. */
    private width: () => number,
  ) {}

  /** The page shows the feed at a new width (a resize, a rotation). */
  resized() {
    if (this.link)
      void sendMedia(this.circleId, { kind: 'layer', user_id: this.userId, width: this.width() });
  }

  get connected(): boolean {
    return this.link?.pc.connectionState === 'connected';
  }

  async subscribe(): Promise<SubscribeResult> {
    const result = await sendMedia(this.circleId, {
      kind: 'subscribe',
      user_id: this.userId,
      width: this.width(),
    });
    if (!result.ok || !result.data.sdp) {
      return !result.ok && ['circle_media_not_ready', 'offline', 'timeout'].includes(result.error.code)
        ? 'not-ready'
        : 'refused';
    }
    this.drop();
    const link = new JanusLink(this.circleId, 'subscriber', this.iceServers, this.userId);
    this.link = link;
    const tracks: MediaStreamTrack[] = [];
    link.pc.ontrack = (event) => {
      if (this.link !== link) return;
      tracks.push(event.track);
      this.onStream(new MediaStream(tracks));
    };
    link.pc.onconnectionstatechange = () => {
      if (this.link === link && ['failed', 'closed'].includes(link.pc.connectionState)) this.onStream(null);
    };
    await link.pc.setRemoteDescription({ type: 'offer', sdp: result.data.sdp });
    const answer = await link.pc.createAnswer();
    await link.pc.setLocalDescription(answer);
    const answered = await sendMedia(this.circleId, {
      kind: 'answer',
      user_id: this.userId,
      sdp: answer.sdp ?? '',
    });
    if (this.link !== link) return 'refused';
    if (!answered.ok) {
      this.drop();
      return 'not-ready';
    }
    link.flush();
    return 'ok';
  }

  /** The server cut the media (or the page stops showing it): the connection closes at once. */
  private drop() {
    this.link?.close();
    this.link = null;
    this.onStream(null);
  }

  close() {
    const had = this.link !== null;
    this.drop();
    if (had) void sendMedia(this.circleId, { kind: 'leave', role: 'subscriber', user_id: this.userId });
  }

  /** The server already let go of this page's handle: close without telling it. */
  ended() {
    this.drop();
  }
}
