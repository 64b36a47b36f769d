import { type ClientToServerEvents, parseRoom, rooms, type ServerToClientEvents } from '@common/realtime.ts';
import { CIRCLE_LIMITS } from '@common/schemas/circles.ts';
import type { JanusConfig } from '@server/config.ts';
import type { DB } from '@server/db/types.ts';
import { conflict } from '@server/http/errors.ts';
import type { Log } from '@server/log.ts';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { Kysely } from 'kysely';
import type { Socket } from 'socket.io';
import { loadJanode } from './janodeLoader.ts';
import { findJanusRoom, type JanusRoom, JanusServers, unavailable } from './janusRooms.ts';
import { layerForWidth, scrubSdp, videoMid } from './janusSdp.ts';

/**
 * FaithVerse circles carried by Janus VideoRoom (issue 29, DESIGN section 2). This node holds every
 * handle its sockets use (the servers, their janode sessions and the rooms are janusRooms.ts's): the host's page
 * publishes once through a publisher handle, each guest's page receives through a subscriber handle.
 * Browsers exchange SDP and candidates with this server only; the room's id, secret and pin never
 * leave it. A handle goes when its page says so, when the socket goes (sign-out, suspension and
 * deletion drop sockets), when a preview runs out, and when the room is destroyed at the circle's end.
 */

/** A page's handle in a circle: its publisher, or its subscription to one member's feed. */
export type Slot = 'publisher' | `sub:${string}`;
/** Socket.IO rooms of the server's own (never in the contract): a circle's speakers' sockets. */
const STAGE_ROOM = 'janus-stage:';
const stageRoom = (circleId: string) => `${STAGE_ROOM}${circleId}`;
/**
 * A member's socket, as far as Janus needs it (realtime/handlers/define.ts's AppSocket is one): the
 * realtime layer sits above this one, so its types are not imported here.
 */
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, unknown>;
type SocketServer = AppSocket['nsp']['server'];
type Reason = 'preview' | 'ended' | 'access' | 'server';

interface Peer {
  handle: VideoRoomHandle;
  /** The Janus server the handle is on. */
  server: string;
  socket: AppSocket;
  circleId: string;
  slot: Slot;
  /** A publisher's feed, once Janus gave it. */
  feed?: { userId: string; feed: string };
  /**
   * A subscriber's simulcast layer: the most its window uses, the one forwarded now, and the mid of
   * its video in Janus's offer (Janus 1.x sets layers per stream).
   */
  layer?: {
    max: number;
    now: number;
    mid: string | null;
    raise?: ReturnType<typeof setTimeout>;
    /** When a slow link last stepped it down (ms). */
    steppedAt: number;
  };
  cutoff?: ReturnType<typeof setTimeout>;
}

/** After a slow link stepped a guest down, how long before the next layer up is tried. */
const RAISE_AFTER_MS = 15_000;
/** After a step down, how long further slow-link reports are left to the layer it stepped to. */
const SETTLE_MS = 3_000;

export class JanusMedia {
  private peers = new Map<string, Peer>();
  private io: SocketServer | undefined;
  private servers: JanusServers;

  constructor(
    config: JanusConfig,
    private db: Kysely<DB>,
    private log: Log,
    /** Called when a server this node was connected to stops answering (its circles end). */
    onServerDown: (serverUrl: string) => void = () => {},
  ) {
    this.servers = new JanusServers(config, db, log, (url) => {
      // This node's pages on that server lose their media now, and hear why.
      for (const [key, peer] of [...this.peers]) if (peer.server === url) this.cut(key, 'server');
      onServerDown(url);
    });
  }

  /**
   * A room for a circle going live, on the least-loaded server that answers: a random id, secret and
   * pin. Null when no server answers (the circle then uses the mesh, and the log says so).
   */
  openRoom(circleId: string): Promise<JanusRoom | null> {
    return this.servers.openRoom(circleId);
  }

  /** Destroys a room on its server (also one opened for a circle that another request made live first). */
  destroyRoom(room: Pick<JanusRoom, 'circle_id' | 'server_url' | 'room_id' | 'secret'>): Promise<void> {
    return this.servers.destroyRoom(room);
  }

  /** Destroys a circle's room (its end): Janus tells every handle in it, on every node. */
  async closeRoom(circleId: string): Promise<void> {
    const room = await findJanusRoom(this.db, circleId);
    for (const [key, peer] of this.peers) if (peer.circleId === circleId) this.cut(key, 'ended');
    if (room) await this.servers.destroyRoom(room);
  }

  private key(socketId: string, circleId: string, slot: Slot) {
    return `${socketId}|${circleId}|${slot}`;
  }

  private async newPeer(socket: AppSocket, room: JanusRoom, slot: Slot): Promise<[string, Peer]> {
    const key = this.key(socket.id, room.circle_id, slot);
    this.drop(key);
    const handle = await this.servers.attach(room.server_url);
    const { Janode, VideoRoomPlugin } = await loadJanode();
    const peer: Peer = { handle, socket, circleId: room.circle_id, slot, server: room.server_url };
    this.peers.set(key, peer);
    handle.once(VideoRoomPlugin.EVENT.VIDEOROOM_DESTROYED, () => this.cut(key, 'ended'));
    handle.once(Janode.EVENT.HANDLE_DETACHED, () => {
      if (this.peers.get(key) === peer) this.peers.delete(key);
    });
    return [key, peer];
  }

  /**
   * The host's (or a speaker's) offer: Janus's answer back. Once Janus has the media, the feed is
   * recorded on the member's row and the circle's room is told to subscribe to it. A speaker's socket
   * joins the circle's stage room, which the server empties to take them off stage on every node.
   */
  async publish(
    socket: AppSocket,
    room: JanusRoom,
    userId: string,
    sdp: string,
    options: { withVideo: boolean; speaker: boolean },
  ): Promise<string> {
    const [key, peer] = await this.newPeer(socket, room, 'publisher');
    const { Janode } = await loadJanode();
    let feed = 0;
    peer.handle.once(Janode.EVENT.HANDLE_WEBRTCUP, () => {
      void this.feedUp(room.circle_id, userId, feed, socket).catch((error: unknown) =>
        this.log.warn({ err: error, circle: room.circle_id }, 'could not record a feed'),
      );
    });
    try {
      const joined = await peer.handle.joinConfigurePublisher({
        room: Number(room.room_id),
        pin: room.pin,
        display: options.speaker ? 'speaker' : 'host',
        audio: true,
        video: options.withVideo,
        jsep: { type: 'offer', sdp },
      });
      feed = joined.feed;
      peer.feed = { userId, feed: String(feed) };
      if (!joined.jsep) throw new Error('Janus sent no answer');
      if (options.speaker) await socket.join(stageRoom(room.circle_id));
      return scrubSdp(joined.jsep.sdp);
    } catch (error) {
      this.drop(key);
      this.log.warn({ err: error, circle: room.circle_id }, 'Janus refused the media of a publisher');
      throw unavailable();
    }
  }

  private async feedUp(circleId: string, userId: string, feed: number, socket: AppSocket) {
    await this.db
      .updateTable('faith_circle_members')
      .set({ janus_feed: String(feed) })
      .where('circle_id', '=', circleId)
      .where('user_id', '=', userId)
      .execute();
    socket.nsp
      .to(rooms.circle(circleId))
      .emit('circle:media-ready', { circle_id: circleId, user_id: userId });
  }

  /**
   * A subscription to one publisher's feed (the host's, or a speaker's): Janus's offer to answer. A
   * preview is cut at its end.
   */
  async subscribe(
    socket: AppSocket,
    room: JanusRoom,
    from: { userId: string; feed: string | null },
    previewUntil: string | null,
    width?: number,
  ): Promise<string> {
    if (!from.feed) throw conflict('circle_media_not_ready');
    const [key, peer] = await this.newPeer(socket, room, `sub:${from.userId}`);
    const max = layerForWidth(width);
    // Janus starts at the top layer it receives; the one that fits is asked for once the offer says
    // which stream is the video.
    peer.layer = { max: 2, now: 2, mid: null, steppedAt: 0 };
    const { Janode } = await loadJanode();
    // Janus says what it sends this guest is being lost ('uplink' is Janus's own side: what it sends):
    // one layer down now, and up again later. One step at a time: the loss of the layer above takes a
    // moment to stop, and Janus says so every second meanwhile.
    peer.handle.on(Janode.EVENT.HANDLE_SLOWLINK, ({ uplink }: { uplink?: boolean }) => {
      const state = peer.layer;
      if (!uplink || !state || state.now === 0) return;
      const now = Date.now();
      if (now - state.steppedAt < SETTLE_MS) return;
      state.steppedAt = now;
      this.forward(peer, state.now - 1);
    });
    try {
      const joined = await peer.handle.joinSubscriber({
        room: Number(room.room_id),
        feed: Number(from.feed),
        pin: room.pin,
      });
      if (!joined.jsep) throw new Error('Janus sent no offer');
      peer.layer.mid = videoMid(joined.jsep.sdp);
      peer.layer.max = max;
      this.forward(peer, max);
      if (previewUntil) {
        peer.cutoff = setTimeout(
          () => this.cut(key, 'preview'),
          Math.max(0, Date.parse(previewUntil) - Date.now()),
        );
      }
      return scrubSdp(joined.jsep.sdp);
    } catch (error) {
      this.drop(key);
      // The feed went (a reload, a new source) before the new one was recorded.
      this.log.warn({ err: error, circle: room.circle_id }, 'Janus refused a subscription');
      throw conflict('circle_media_not_ready');
    }
  }

  async answer(socket: AppSocket, circleId: string, fromUserId: string, sdp: string): Promise<void> {
    const peer = this.peers.get(this.key(socket.id, circleId, `sub:${fromUserId}`));
    if (!peer) throw conflict('circle_media_not_ready');
    await peer.handle.start({ jsep: { type: 'answer', sdp } }).catch((error: unknown) => {
      this.log.warn({ err: error, circle: circleId }, 'Janus refused an answer');
      throw unavailable();
    });
  }

  /** The page shows a feed at a new width: the layer that fits it from now on. */
  async setWidth(socket: AppSocket, circleId: string, fromUserId: string, width: number): Promise<void> {
    const peer = this.peers.get(this.key(socket.id, circleId, `sub:${fromUserId}`));
    if (!peer?.layer) return;
    peer.layer.max = layerForWidth(width);
    this.forward(peer, peer.layer.max);
  }

  /** Has Janus forward this layer to the subscriber; below its most, a step up is tried later. */
  private forward(peer: Peer, layer: number) {
    const state = peer.layer!;
    clearTimeout(state.raise);
    const next = Math.min(layer, state.max);
    if (next !== state.now && state.mid !== null) {
      state.now = next;
      void peer.handle.configure({ streams: [{ mid: state.mid, substream: next }] }).catch(() => {});
    }
    if (state.now < state.max)
      state.raise = setTimeout(() => this.forward(peer, state.now + 1), RAISE_AFTER_MS);
  }

  /** Takes a member off a circle's stage on every node: their publisher handles go. */
  leaveStage(circleId: string, userId: string): void {
    this.io?.in(rooms.user(userId)).socketsLeave(stageRoom(circleId));
  }

  /** The sockets' server: a socket leaving a circle's stage room (on this node) loses its publisher. */
  attachSockets(io: SocketServer): void {
    this.io = io;
    io.of('/').adapter.on('leave-room', (room: string, socketId: string) => {
      if (room.startsWith(STAGE_ROOM)) {
        this.cut(this.key(socketId, room.slice(STAGE_ROOM.length), 'publisher'), 'access');
        return;
      }
      // Out of the circle's room (lost access, realtime.leaveRoom): every handle of that page in it goes.
      const circle = parseRoom(room);
      if (circle?.kind === 'circle') this.cutAll(socketId, circle.id, 'access');
    });
  }

  async trickle(socket: AppSocket, circleId: string, slot: Slot, candidate: object | null): Promise<void> {
    const peer = this.peers.get(this.key(socket.id, circleId, slot));
    if (!peer) return;
    await (candidate ? peer.handle.trickle(candidate) : peer.handle.trickleComplete()).catch(() => {});
  }

  /** The page lets go of one handle (or all it holds in the circle). */
  leave(socket: AppSocket, circleId: string, slot?: Slot): void {
    const prefix = `${socket.id}|${circleId}|`;
    for (const key of [...this.peers.keys()]) {
      if (slot ? key === prefix + slot : key.startsWith(prefix)) this.drop(key);
    }
  }

  /** A socket went: every handle it held goes. */
  dropSocket(socketId: string): void {
    for (const key of [...this.peers.keys()]) if (key.startsWith(`${socketId}|`)) this.drop(key);
  }

  /** Cuts each handle a page holds in a circle, telling it why. */
  private cutAll(socketId: string, circleId: string, reason: Reason) {
    const prefix = `${socketId}|${circleId}|`;
    for (const key of [...this.peers.keys()]) if (key.startsWith(prefix)) this.cut(key, reason);
  }

  /** Cuts a page's media and tells it why. */
  private cut(key: string, reason: Reason) {
    const peer = this.peers.get(key);
    if (!peer) return;
    this.drop(key);
    peer.socket.emit('circle:media-ended', { circle_id: peer.circleId, reason });
  }

  private drop(key: string) {
    const peer = this.peers.get(key);
    if (!peer) return;
    this.peers.delete(key);
    clearTimeout(peer.cutoff);
    clearTimeout(peer.layer?.raise);
    void peer.handle.detach().catch(() => {});
    // A publisher that goes takes its feed with it: nobody subscribes to it again.
    if (peer.feed) {
      void this.db
        .updateTable('faith_circle_members')
        .set({ janus_feed: null })
        .where('circle_id', '=', peer.circleId)
        .where('user_id', '=', peer.feed.userId)
        .where('janus_feed', '=', peer.feed.feed)
        .execute()
        .catch(() => {});
    }
  }

  /** Handles this node holds (for tests and /metrics). */
  handleCount(): number {
    return this.peers.size;
  }

  async close(): Promise<void> {
    for (const key of [...this.peers.keys()]) this.drop(key);
    await this.servers.close();
  }
}

/** The most guests a circle may take on this server. */
export function maxGuestsLimit(config: { janus: JanusConfig | undefined }): number {
  return config.janus ? CIRCLE_LIMITS.janusMaxGuests : CIRCLE_LIMITS.defaultMaxGuests;
}

export { findJanusRoom, type JanusRoom } from './janusRooms.ts';
