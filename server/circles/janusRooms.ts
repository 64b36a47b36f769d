import { randomBytes, randomInt } from 'node:crypto';
import type { JanusConfig } from '@server/config.ts';
import type { DB } from '@server/db/types.ts';
import { httpError } from '@server/http/errors.ts';
import type { Log } from '@server/log.ts';
import type { JanodeSession } from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { Kysely } from 'kysely';
import { loadJanode, withTimeout } from './janodeLoader.ts';

/**
 * The Janus servers of this node (issue 29): one janode session per server, opened on first use and
 * again after a failure; which server a new circle's room goes to (the least loaded that answers);
 * and the rooms themselves, created with a random id, secret and pin and destroyed at the circle's
 * end. The handles of pages are janus.ts's (JanusMedia).
 */

export interface JanusRoom {
  circle_id: string;
  server_url: string;
  room_id: string;
  secret: string;
  pin: string;
}

/** How long a Janus server that failed is left out of new circles. */
const DOWN_FOR_MS = 30_000;
/** How long connecting to a Janus server may take before the circle falls back to the mesh. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Publishers a room takes: the host now, speakers on stage later. */
const ROOM_PUBLISHERS = 5;

/**
 * What Janus said when it answered a request with an error (janode gives the plugin's `error_code` as
 * `_code`), with the setting to change where the cause is known; null when it did not answer at all.
 */
export function janusRefusal(error: unknown): string | null {
  const code = (error as { _code?: unknown } | null)?._code;
  if (typeof code !== 'number') return null;
  const said = error instanceof Error ? error.message : String(error);
  // Splikz gives rooms numeric ids; a VideoRoom plugin set to string ids refuses them.
  if (code === 430 && /room should be a string/i.test(said)) {
    return `${said}. Set string_ids = false in the general section of the VideoRoom plugin's configuration (janus.plugin.videoroom.jcfg) and restart Janus`;
  }
  return said;
}

/** Janus did not answer: try again in a few seconds. */
export const unavailable = () => httpError(503, 'circle_media_unavailable').waitFor(5);

export class JanusServers {
  private sessions = new Map<string, Promise<JanodeSession>>();
  private downUntil = new Map<string, number>();
  private closed = false;

  constructor(
    private config: JanusConfig,
    private db: Kysely<DB>,
    private log: Log,
    /** Called when a server this node was connected to stops answering. */
    private onLost: (serverUrl: string) => void,
  ) {}

  /** This node's session on one Janus server, opened on first use and again after a failure. */
  private session(url: string): Promise<JanodeSession> {
    const known = this.sessions.get(url);
    if (known) return known;
    const opening = (async () => {
      const { Janode } = await loadJanode();
      const connection = await withTimeout(
        Janode.connect({
          address: { url, apisecret: this.config.apiSecret },
          retry_time_secs: 1,
          max_retries: 1,
        }),
        CONNECT_TIMEOUT_MS,
        `connecting to Janus at ${url}`,
      );
      const lost = (error?: unknown) => {
        if (this.sessions.get(url) !== opening) return;
        this.sessions.delete(url);
        if (this.closed) return;
        this.downUntil.set(url, Date.now() + DOWN_FOR_MS);
        this.log.warn({ err: error, janus: url }, 'the Janus server stopped answering');
        this.onLost(url);
      };
      connection.once(Janode.EVENT.CONNECTION_CLOSED, () => lost());
      connection.once(Janode.EVENT.CONNECTION_ERROR, (error: unknown) => lost(error));
      return withTimeout(connection.create(), CONNECT_TIMEOUT_MS, `opening a Janus session at ${url}`);
    })();
    this.sessions.set(url, opening);
    opening.catch(() => {
      if (this.sessions.get(url) === opening) this.sessions.delete(url);
    });
    return opening;
  }

  /** A VideoRoom handle on that server (503 circle_media_unavailable when it does not answer). */
  async attach(url: string): Promise<VideoRoomHandle> {
    try {
      const { VideoRoomPlugin } = await loadJanode();
      const session = await this.session(url);
      return await withTimeout(session.attach(VideoRoomPlugin), CONNECT_TIMEOUT_MS, 'attaching to VideoRoom');
    } catch (error) {
      this.log.warn({ err: error, janus: url }, 'the Janus server did not answer');
      throw unavailable();
    }
  }

  /**
   * The servers in the order a new circle should try them: the least loaded first, counting the
   * rooms of circles not ended that each holds and the guests of those rooms (each room's members:
   * its host and its subscribers), in the database so that every app node agrees.
   */
  private async serversByLoad(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('faith_circle_janus_rooms as r')
      .innerJoin('faith_circles as c', 'c.id', 'r.circle_id')
      .innerJoin('faith_circle_members as m', 'm.circle_id', 'r.circle_id')
      .where('c.status', '!=', 'ended')
      .select((eb) => ['r.server_url', eb.fn.countAll<number>().as('n')])
      .groupBy('r.server_url')
      .execute();
    const load = new Map(rows.map((row) => [row.server_url, Number(row.n)]));
    const now = Date.now();
    const down = (url: string) => (this.downUntil.get(url) ?? 0) > now;
    return [...this.config.urls].sort(
      (a, b) => Number(down(a)) - Number(down(b)) || (load.get(a) ?? 0) - (load.get(b) ?? 0),
    );
  }

  /**
   * A room for a circle going live, on the least-loaded server that answers: a random id, secret and
   * pin. Null when no server answers (the circle then uses the mesh, and the log says so).
   */
  async openRoom(circleId: string): Promise<JanusRoom | null> {
    const refusals: string[] = [];
    for (const url of await this.serversByLoad()) {
      if ((this.downUntil.get(url) ?? 0) > Date.now()) continue;
      let handle: VideoRoomHandle | null = null;
      try {
        handle = await this.attach(url);
        const room = {
          circle_id: circleId,
          server_url: url,
          room_id: String(randomInt(1, 2 ** 48)),
          secret: randomBytes(24).toString('base64url'),
          pin: randomBytes(24).toString('base64url'),
        };
        await handle.create({
          room: Number(room.room_id),
          secret: room.secret,
          pin: room.pin,
          admin_key: this.config.adminKey,
          max_publishers: ROOM_PUBLISHERS,
          is_private: true,
          permanent: false,
          notify_joining: false,
        });
        return room;
      } catch (error) {
        this.downUntil.set(url, Date.now() + DOWN_FOR_MS);
        const refused = janusRefusal(error);
        if (refused) {
          refusals.push(`${url}: ${refused}`);
          this.log.error({ janus: url, circle: circleId }, `Janus refused to open a room: ${refused}`);
        } else {
          this.log.warn({ err: error, janus: url, circle: circleId }, 'Janus could not open a room');
        }
      } finally {
        await handle?.detach().catch(() => {});
      }
    }
    if (refusals.length > 0) {
      this.log.error(
        { circle: circleId },
        `no Janus server opened a room (${refusals.join('; ')}): this circle falls back to the mesh`,
      );
    } else {
      this.log.warn({ circle: circleId }, 'no Janus server answered: this circle falls back to the mesh');
    }
    return null;
  }

  /** Destroys a room on its server (also one opened for a circle that another request made live first). */
  async destroyRoom(room: Pick<JanusRoom, 'circle_id' | 'server_url' | 'room_id' | 'secret'>): Promise<void> {
    const circleId = room.circle_id;
    let handle: VideoRoomHandle | null = null;
    try {
      handle = await this.attach(room.server_url);
      await handle.destroy({ room: Number(room.room_id), secret: room.secret });
    } catch (error) {
      this.log.warn(
        { err: error, circle: circleId },
        'the Janus room of an ended circle could not be destroyed',
      );
    } finally {
      await handle?.detach().catch(() => {});
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((s) => s.then((session) => session.destroy()).catch(() => {})));
  }
}

export function findJanusRoom(db: Kysely<DB>, circleId: string): Promise<JanusRoom | undefined> {
  return db
    .selectFrom('faith_circle_janus_rooms')
    .select(['circle_id', 'server_url', 'room_id', 'secret', 'pin'])
    .where('circle_id', '=', circleId)
    .executeTakeFirst();
}
