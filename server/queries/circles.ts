import type { SignalInput } from '@common/schemas/circleSignals.ts';
import {
  type ChatMessage,
  CIRCLE_LIMITS,
  type Circle,
  type CircleMember,
  type CirclePage,
  type JoinRequest,
} from '@common/schemas/circles.ts';
import type { DB } from '@server/db/types.ts';
import { conflict, forbidden, notFound } from '@server/http/errors.ts';
import { visibleMember } from '@server/policies/blocks.ts';
import {
  type CircleNeed,
  type CircleRole,
  canSeeCircle,
  circleRole,
  circleVisibleTo,
  previewRunning,
  previewUntil,
  roleMay,
  standingOf,
} from '@server/policies/circle.ts';
import { presentChatMessage, presentCircle, selectCircles } from '@server/presenters/circle.ts';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

export async function findCircle(db: Db, circleId: string): Promise<Circle | null> {
  const row = await selectCircles(db).where('c.id', '=', circleId).executeTakeFirst();
  return row ? presentCircle(row) : null;
}

export async function findJoinRequest(db: Db, circleId: string, userId: string) {
  return db
    .selectFrom('faith_circle_requests')
    .select(['status', 'created_at'])
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The viewer's role in a circle they ask something of, once they may (policies/circle.ts): a circle
 * hidden from them (its host and they are hidden from each other) is a 404 as a missing one; one they
 * see but whose members' part (`need` member) or host's part (`need` host) is not theirs, a 403.
 * Routes reach it through the queries below, commands with the circle they locked.
 */
export async function requireCircleAccess(
  db: Db,
  circle: Circle,
  viewerId: string,
  need?: CircleNeed,
): Promise<CircleRole | null> {
  if (!(await canSeeCircle(db, viewerId, circle))) throw notFound('circle_not_found');
  const role = await circleRole(db, circle.id, viewerId);
  if (need && !roleMay(role, need)) throw forbidden(role ? 'circle_host_only' : 'circle_not_member');
  return role;
}

/** The circle and the viewer's role in it, as requireCircleAccess lets them have it. */
export async function findCircleFor(
  db: Db,
  viewerId: string,
  circleId: string,
  need?: CircleNeed,
): Promise<{ circle: Circle; role: CircleRole | null }> {
  const circle = await findCircle(db, circleId);
  if (!circle) throw notFound('circle_not_found');
  return { circle, role: await requireCircleAccess(db, circle, viewerId, need) };
}

/** Where the viewer stands towards a circle: their role, their request and their preview. */
export async function standingIn(db: Db, circle: Circle, viewerId: string) {
  const [role, request, started] = await Promise.all([
    circleRole(db, circle.id, viewerId),
    findJoinRequest(db, circle.id, viewerId),
    previewStart(db, circle.id, viewerId),
  ]);
  return { role, started, ...standingOf(circle, role, request?.status ?? null, started) };
}

/**
 * A circle's page as the viewer sees it (the header, where they stand, their preview), without the
 * ICE servers the route adds; null when the circle is missing or hidden from the viewer.
 */
export async function loadCirclePage(
  db: Db,
  viewerId: string,
  circleId: string,
): Promise<Omit<CirclePage, 'ice_servers'> | null> {
  const circle = await findCircle(db, circleId);
  if (!circle || !(await canSeeCircle(db, viewerId, circle))) return null;
  const { role, access, preview } = await standingIn(db, circle, viewerId);
  return { circle, role, access, preview };
}

/**
 * Whether a WebRTC signal may go from `fromUserId` to its addressee: media goes from the host to each
 * guest, so a guest (or a non-member inside their preview window) addresses the host alone, and the
 * host a member or a running previewer. Answers when the sender's preview ends (null for members).
 */
export async function signalPreviewEnds(db: Db, fromUserId: string, input: SignalInput) {
  const { circle } = await findCircleFor(db, fromUserId, input.circle_id);
  if (circle.status === 'ended') throw conflict('circle_ended');
  if (input.kind === 'offer' && fromUserId !== circle.host_id) throw forbidden('circle_host_only');
  if (fromUserId === circle.host_id) {
    // The host speaks to a guest, or to a member whose preview is still running.
    if (!(await circleRole(db, circle.id, input.to_user_id))) {
      const started = await previewStart(db, circle.id, input.to_user_id);
      if (!previewRunning(started)) throw forbidden('signal_not_in_circle');
    }
    return null;
  }
  if (input.to_user_id !== circle.host_id) throw forbidden('signal_guest_to_host');
  if (await circleRole(db, circle.id, fromUserId)) return null;
  const started = await previewStart(db, circle.id, fromUserId);
  if (!previewRunning(started)) throw forbidden('circle_not_member');
  return previewUntil(started!);
}

/** When the member's one preview of the circle started, if it did. */
export async function previewStart(db: Db, circleId: string, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('faith_circle_previews')
    .select('started_at')
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.started_at ?? null;
}

/**
 * The live list (spec section 7): live, listed, public or unlisted, heard from within the freshness
 * window, newest heartbeat first; without the circles of hosts hidden from the viewer (blocks).
 */
export async function listLiveCircles(db: Db, viewerId: string, now = Date.now()): Promise<Circle[]> {
  const cutoff = new Date(now - CIRCLE_LIMITS.freshnessMs).toISOString();
  const rows = await selectCircles(db)
    .where(circleVisibleTo(viewerId, 'c.host_id'))
    .where('c.status', '=', 'live')
    .where('c.is_listed', '=', true)
    .where('c.visibility', 'in', ['public', 'unlisted'])
    .where('c.host_heartbeat', '>', cutoff)
    .orderBy('c.host_heartbeat', 'desc')
    .orderBy('c.id', 'desc')
    .limit(CIRCLE_LIMITS.liveListMax)
    .execute();
  return rows.map(presentCircle);
}

/** Who is in the circle; hidden members (suspended) are left out, as everywhere. */
export async function listMembers(db: Db, circleId: string): Promise<CircleMember[]> {
  const rows = await db
    .selectFrom('faith_circle_members as m')
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select([
      'm.user_id',
      'm.role',
      'm.joined_at',
      'm.hand_raised_at',
      'm.stage',
      'p.username',
      'p.full_name',
      'p.avatar_url',
    ])
    .where('m.circle_id', '=', circleId)
    .where(visibleMember('m.user_id'))
    // The host first, then guests in the order they came.
    .orderBy('m.role', 'desc')
    .orderBy('m.joined_at', 'asc')
    .orderBy('m.user_id', 'asc')
    .execute();
  return rows.map((row) => ({
    user: { id: row.user_id, username: row.username, full_name: row.full_name, avatar_url: row.avatar_url },
    role: row.role,
    joined_at: row.joined_at,
    hand_raised: row.hand_raised_at !== null,
    stage: row.stage ?? null,
  }));
}

export async function listJoinRequests(db: Db, circleId: string): Promise<JoinRequest[]> {
  const rows = await db
    .selectFrom('faith_circle_requests as r')
    .innerJoin('profiles as p', 'p.id', 'r.user_id')
    .select(['r.user_id', 'r.created_at', 'p.username', 'p.full_name', 'p.avatar_url'])
    .where('r.circle_id', '=', circleId)
    .where('r.status', '=', 'pending')
    .where(visibleMember('r.user_id'))
    .orderBy('r.created_at', 'asc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    user: { id: row.user_id, username: row.username, full_name: row.full_name, avatar_url: row.avatar_url },
    created_at: row.created_at,
  }));
}

function selectChat(db: Db) {
  return db
    .selectFrom('faith_circle_chat as m')
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select([
      'm.id',
      'm.circle_id',
      'm.user_id',
      'm.content',
      'm.created_at',
      'p.username',
      'p.full_name',
      'p.avatar_url',
    ]);
}

/** The last 200 chat messages, oldest first (spec section 7), without those of hidden members. */
export async function listChat(db: Db, circleId: string): Promise<ChatMessage[]> {
  const rows = await selectChat(db)
    .where('m.circle_id', '=', circleId)
    .where(visibleMember('m.user_id'))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(CIRCLE_LIMITS.chatHistory)
    .execute();
  return rows.reverse().map(presentChatMessage);
}

export async function findChatMessage(db: Db, id: string): Promise<ChatMessage> {
  return presentChatMessage(await selectChat(db).where('m.id', '=', id).executeTakeFirstOrThrow());
}

/** Live circles whose host has not been heard from within the freshness window (the sweep's work). */
export async function listStaleCircleIds(db: Db, now = Date.now(), limit = 100): Promise<string[]> {
  const cutoff = new Date(now - CIRCLE_LIMITS.freshnessMs).toISOString();
  const rows = await db
    .selectFrom('faith_circles')
    .select('id')
    .where('status', '=', 'live')
    .where((eb) =>
      eb.or([
        eb('host_heartbeat', '<', cutoff),
        eb.and([eb('host_heartbeat', 'is', null), eb('created_at', '<', cutoff)]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Who may do what with a circle's Janus media (server/realtime/handlers/circleMedia.ts), by the same
 * policies as the mesh's signals: the host publishes; a member, or a non-member inside their one
 * preview, subscribes (the preview's end comes back, for the server to cut it). A circle hidden from
 * the member is a 404, an ended one a 409.
 */
export async function mediaAccess(
  db: Db,
  userId: string,
  circleId: string,
): Promise<{
  circle: Circle;
  role: 'host' | 'guest' | 'preview';
  stage: 'invited' | 'on' | null;
  previewUntil: string | null;
}> {
  const { circle } = await findCircleFor(db, userId, circleId);
  if (circle.status === 'ended') throw conflict('circle_ended');
  const seat = await db
    .selectFrom('faith_circle_members')
    .select(['role', 'stage'])
    .where('circle_id', '=', circle.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (seat) return { circle, role: seat.role, stage: seat.stage ?? null, previewUntil: null };
  const started = await previewStart(db, circle.id, userId);
  if (!previewRunning(started)) throw forbidden('circle_not_member');
  return { circle, role: 'preview', stage: null, previewUntil: previewUntil(started!) };
}

/** A member whose feed may be watched: the host, or a guest on stage; with their feed once it is up. */
export async function publisherOf(
  db: Db,
  circle: Circle,
  userId: string,
): Promise<{ userId: string; feed: string | null } | null> {
  const row = await db
    .selectFrom('faith_circle_members')
    .select(['role', 'stage', 'janus_feed'])
    .where('circle_id', '=', circle.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || (row.role !== 'host' && row.stage !== 'on')) return null;
  return { userId, feed: row.janus_feed ?? null };
}
