import type { AckResult } from '@common/realtime.ts';
import type { Signal, SignalInput } from '@common/schemas/circleSignals.ts';
import type { IceServer } from '@common/schemas/circles.ts';
import { connectedSocket } from '@web/realtime/connection.ts';

/**
 * WebRTC of a circle: the host sends its camera, screen or microphone to each guest over its own
 * peer connection (DESIGN section 2); offers, answers and ICE candidates go through the server,
 * which relays them to the addressed member only (server/realtime/handlers/circles.ts). Every page
 * has a random peer id, so a member's other tabs ignore what is not theirs.
 */

export function newPeerId(): string {
  return crypto.randomUUID();
}

type Outgoing = Omit<SignalInput, 'circle_id' | 'from_peer'>;

/** Sends one signal; resolves false when there is no connection or the server refused it. */
function sendSignal(circleId: string, fromPeer: string, signal: Outgoing): Promise<boolean> {
  const socket = connectedSocket();
  if (!socket) return Promise.resolve(false);
  return new Promise((resolve) => {
    socket
      .timeout(10_000)
      .emit(
        'circle:signal',
        { ...signal, circle_id: circleId, from_peer: fromPeer },
        (error: Error | null, result?: AckResult<{ delivered: true }>) =>
          resolve(!error && result?.ok === true),
      );
  });
}

/** A gathered candidate as the server's schema takes it; null says gathering is complete. */
export function candidateOf(candidate: RTCIceCandidate | null): SignalInput['candidate'] {
  if (!candidate) return null;
  const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
  return { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment };
}

/** Candidates that arrive before the description they belong to wait for it. */
class PeerLink {
  readonly pc: RTCPeerConnection;
  private pending: RTCIceCandidateInit[] = [];
  constructor(iceServers: IceServer[]) {
    this.pc = new RTCPeerConnection({ iceServers });
  }
  async setRemote(description: RTCSessionDescriptionInit) {
    await this.pc.setRemoteDescription(description);
    for (const candidate of this.pending.splice(0)) await this.pc.addIceCandidate(candidate).catch(() => {});
  }
  async addCandidate(candidate: RTCIceCandidateInit | null | undefined) {
    if (!candidate) return;
    if (!this.pc.remoteDescription) this.pending.push(candidate);
    else await this.pc.addIceCandidate(candidate).catch(() => {});
  }
  close() {
    this.pc.close();
  }
}

const MAX_TABS_PER_GUEST = 3;

interface GuestPeer {
  link: PeerLink;
  userId: string;
  peer: string;
  previewUntil: string | null;
  cutoff?: ReturnType<typeof setTimeout>;
}

/** The host's side: one outgoing connection per guest (or previewer), all fed by one stream. */
export class HostBroadcaster {
  private stream: MediaStream | null = null;
  private guests = new Map<string, GuestPeer>();
  /** Guests that asked before there was anything to send: they get an offer when media starts. */
  private waiting = new Map<string, { userId: string; peer: string; previewUntil: string | null }>();
  readonly peerId = newPeerId();

  constructor(
    private circleId: string,
    private iceServers: IceServer[],
    private onGuestsChanged: (count: number) => void = () => {},
  ) {}

  /** A new stream (or none): every guest gets a new offer with it. */
  setStream(stream: MediaStream | null) {
    this.stream = stream;
    const everyone = [...this.guests.values()].map(({ userId, peer, previewUntil }) => ({
      userId,
      peer,
      previewUntil,
    }));
    for (const key of [...this.guests.keys()]) this.drop(key);
    if (!stream) return;
    for (const guest of [...everyone, ...this.waiting.values()]) {
      void this.offerTo(guest.userId, guest.peer, guest.previewUntil);
    }
    this.waiting.clear();
  }

  async onSignal(signal: Signal) {
    if (signal.to_peer && signal.to_peer !== this.peerId) return;
    const key = `${signal.from_user_id}:${signal.from_peer}`;
    if (signal.kind === 'request-offer') {
      const previewUntil = signal.preview_until ?? null;
      if (!this.stream)
        this.waiting.set(key, { userId: signal.from_user_id, peer: signal.from_peer, previewUntil });
      else await this.offerTo(signal.from_user_id, signal.from_peer, previewUntil);
      return;
    }
    const guest = this.guests.get(key);
    if (!guest) return;
    if (signal.kind === 'answer' && signal.sdp)
      await guest.link.setRemote({ type: 'answer', sdp: signal.sdp });
    if (signal.kind === 'ice') await guest.link.addCandidate(signal.candidate);
  }

  private async offerTo(userId: string, peer: string, previewUntil: string | null) {
    const stream = this.stream;
    if (!stream) return;
    const key = `${userId}:${peer}`;
    this.drop(key);
    // A member's tabs get a connection each, up to a few: a page asking again and again with new
    // peer ids cannot make the host's browser open connection after connection.
    const theirs = [...this.guests.entries()].filter(([, guest]) => guest.userId === userId);
    for (const [oldKey] of theirs.slice(0, Math.max(0, theirs.length - (MAX_TABS_PER_GUEST - 1))))
      this.drop(oldKey);
    const link = new PeerLink(this.iceServers);
    const guest: GuestPeer = { link, userId, peer, previewUntil };
    this.guests.set(key, guest);
    this.onGuestsChanged(this.guests.size);
    for (const track of stream.getTracks()) link.pc.addTrack(track, stream);
    link.pc.onicecandidate = (event) => {
      void sendSignal(this.circleId, this.peerId, {
        kind: 'ice',
        to_user_id: userId,
        to_peer: peer,
        candidate: candidateOf(event.candidate),
      });
    };
    link.pc.onconnectionstatechange = () => {
      if (['failed', 'closed'].includes(link.pc.connectionState) && this.guests.get(key) === guest)
        this.drop(key);
    };
    // A previewer's connection ends with the preview, whatever their page does.
    if (previewUntil) {
      guest.cutoff = setTimeout(() => this.drop(key), Math.max(0, Date.parse(previewUntil) - Date.now()));
    }
    const offer = await link.pc.createOffer();
    await link.pc.setLocalDescription(offer);
    const sent = await sendSignal(this.circleId, this.peerId, {
      kind: 'offer',
      to_user_id: userId,
      to_peer: peer,
      sdp: offer.sdp ?? '',
    });
    if (!sent && this.guests.get(key) === guest) this.drop(key);
  }

  private drop(key: string) {
    const guest = this.guests.get(key);
    if (!guest) return;
    clearTimeout(guest.cutoff);
    guest.link.close();
    this.guests.delete(key);
    this.onGuestsChanged(this.guests.size);
  }

  close() {
    for (const key of [...this.guests.keys()]) this.drop(key);
    this.waiting.clear();
  }
}

/** A guest's (or previewer's) side: asks the host for an offer and answers it. */
export class GuestReceiver {
  private link: PeerLink | null = null;
  readonly peerId = newPeerId();

  constructor(
    private circleId: string,
    private hostId: string,
    private iceServers: IceServer[],
    private onStream: (stream: MediaStream | null) => void,
  ) {}

  requestOffer(): Promise<boolean> {
    return sendSignal(this.circleId, this.peerId, { kind: 'request-offer', to_user_id: this.hostId });
  }

  get connected(): boolean {
    return this.link?.pc.connectionState === 'connected';
  }

  async onSignal(signal: Signal) {
    if (signal.from_user_id !== this.hostId || signal.to_peer !== this.peerId) return;
    if (signal.kind === 'offer' && signal.sdp) {
      this.link?.close();
      const link = new PeerLink(this.iceServers);
      this.link = link;
      const hostPeer = signal.from_peer;
      link.pc.ontrack = (event) => {
        if (this.link === link) this.onStream(event.streams[0] ?? new MediaStream([event.track]));
      };
      link.pc.onicecandidate = (event) => {
        if (!event.candidate) return;
        void sendSignal(this.circleId, this.peerId, {
          kind: 'ice',
          to_user_id: this.hostId,
          to_peer: hostPeer,
          candidate: candidateOf(event.candidate),
        });
      };
      link.pc.onconnectionstatechange = () => {
        if (this.link === link && ['failed', 'closed'].includes(link.pc.connectionState)) this.onStream(null);
      };
      await link.setRemote({ type: 'offer', sdp: signal.sdp });
      const answer = await link.pc.createAnswer();
      await link.pc.setLocalDescription(answer);
      await sendSignal(this.circleId, this.peerId, {
        kind: 'answer',
        to_user_id: this.hostId,
        to_peer: hostPeer,
        sdp: answer.sdp ?? '',
      });
      return;
    }
    if (signal.kind === 'ice') await this.link?.addCandidate(signal.candidate);
  }

  close() {
    this.link?.close();
    this.link = null;
    this.onStream(null);
  }
}
