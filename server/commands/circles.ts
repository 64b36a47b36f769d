import { rooms } from '@common/realtime.ts';
import {
  type ChatMessage,
  CIRCLE_DEFAULTS,
  CIRCLE_LIMITS,
  CIRCLE_TEXTS,
  type Circle,
  type CircleSource,
  type CreateCircleInput,
} from '@common/schemas/circles.ts';
import type { JanusRoom } from '@server/circles/janus.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors.ts';
import { membersHiddenFrom, notHiddenFrom } from '@server/policies/blocks.ts';
import { accessOf, isListedLive } from '@server/policies/circle.ts';
import { groupMembersWho } from '@server/policies/group.ts';
import {
  findChatMessage,
  findCircle,
  findCircleFor,
  findJoinRequest,
  requireCircleAccess,
  standingIn,
} from '@server/queries/circles.ts';
import { PostgresAdapter, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { groupToPostIn } from './groups.ts';
import { notifyMany } from './notifications.ts';
import type { After } from './run.ts';

/**
 * Every write of FaithVerse circles (spec section 4): creation, going live (and telling followers),
 * the host's heartbeat, the end, joining, requests to join and their answers, previews and chat.
 * Each tells the circle's room, the live list and the members concerned once it commits. Each decides,
 * with the circle in hand inside its transaction, whether the member may (requireCircleAccess: a
 * circle hidden from them is a 404, the host's or the members' part when not theirs a 403).
 */

/**
 * Members who lost access to circles (a block with the host, removed from or banned by the circle's
 * group) lose their guest seats there: the room hears who is in now, and once committed their tabs
 * leave the circle's room on every node (Janus handles with them) and refetch the page, which no longer
 * lets them in. Requests to join are the caller's.
 */
export async function dropCircleSeats(
  trx: Transaction<DB>,
  after: After,
  seats: ReadonlyArray<{ circle_id: string; user_id: string }>,
): Promise<void> {
  for (const seat of seats) {
    const dropped = await trx
      .deleteFrom('faith_circle_members')
      .where('circle_id', '=', seat.circle_id)
      .where('user_id', '=', seat.user_id)
      .where('role', '=', 'guest')
      .executeTakeFirst();
    if (Number(dropped.numDeletedRows) === 0) continue;
    const circle = (await findCircle(trx, seat.circle_id))!;
    after.emit(rooms.circle(circle.id), 'circle:members', { circle_id: circle.id });
    if (isListedLive(circle)) await announceLive(trx, after, circle, true);
    after.leaveRoom(seat.user_id, rooms.circle(circle.id));
    after.emitToUser(seat.user_id, 'circle:members', { circle_id: circle.id });
  }
}

/** The circle, locked for this transaction on PostgreSQL (SQLite runs one writer at a time). */
async function lockCircle(trx: Transaction<DB>, circleId: string): Promise<Circle> {
  let query = trx.selectFrom('faith_circles').select('id').where('id', '=', circleId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  if (!(await query.executeTakeFirst())) throw notFound('circle_not_found');
  return (await findCircle(trx, circleId))!;
}

/** Tells the circle's room what the row is now, and the live lists whether to show it. */
async function announce(trx: Transaction<DB>, after: After, before: Circle | null, circle: Circle) {
  after.emit(rooms.circle(circle.id), 'circle:updated', circle);
  const listed = isListedLive(circle);
  // A listed circle whose host went silent is still in lists loaded before: nothing told them it
  // went stale, so its end (the sweep's, say) takes it off them too.
  if (listed || before?.is_listed) await announceLive(trx, after, circle, listed);
}

/**
 * Tells the live lists to show a circle (or take it off): every member's list but those of members
 * hidden from its host, whose GET /api/circles/live leaves it out too.
 */
export async function announceLive(trx: Transaction<DB>, after: After, circle: Circle, listed: boolean) {
  if (circle.group) {
    // A group's circle is listed for the group's members only (and never for those hidden from its host).
    const members = await groupMembersWho(trx, circle.group.id)
      .where(notHiddenFrom(circle.host_id, 'group_members.user_id'))
      .execute();
    const ids = [...new Set([circle.host_id, ...members.map((m) => m.user_id)])];
    after.emitToUser(ids, 'circles:live', { circle, listed });
    return;
  }
  const hidden = await membersHiddenFrom(trx, circle.host_id);
  after.emitExcept(rooms.liveCircles(), hidden, 'circles:live', { circle, listed });
}

export async function createCircle(
  trx: Transaction<DB>,
  hostId: string,
  input: CreateCircleInput,
  /** 10 with the mesh, 500 with Janus (server/circles/janus.ts maxGuestsLimit). */
  maxGuestsLimit: number = CIRCLE_LIMITS.defaultMaxGuests,
): Promise<Circle> {
  if ((input.max_guests ?? 0) > maxGuestsLimit) {
    throw badRequest('circle_max_guests_mesh', { max: maxGuestsLimit });
  }
  const groupId = input.group_id ? await groupToPostIn(trx, hostId, input.group_id) : null;
  const id = uuidv7();
  const now = new Date().toISOString();
  const mode = input.mode ?? CIRCLE_DEFAULTS.mode;
  await trx
    .insertInto('faith_circles')
    .values({
      id,
      host_id: hostId,
      title: input.title,
      faith: input.faith,
      topic: input.topic ? input.topic : null,
      visibility: input.visibility ?? CIRCLE_DEFAULTS.visibility,
      mode,
      // Spec section 4: live when the mode is live, otherwise upcoming. Listed once media starts.
      status: mode === 'live' ? 'live' : 'upcoming',
      source_type: input.source_type ?? CIRCLE_DEFAULTS.source_type,
      duration_min: input.duration_min ?? CIRCLE_DEFAULTS.duration_min,
      allow_preview: input.allow_preview ?? CIRCLE_DEFAULTS.allow_preview,
      join_by_blessing: input.join_by_blessing ?? CIRCLE_DEFAULTS.join_by_blessing,
      show_store: input.show_store ?? CIRCLE_DEFAULTS.show_store,
      allow_donations: input.allow_donations ?? CIRCLE_DEFAULTS.allow_donations,
      is_listed: false,
      host_heartbeat: null,
      max_guests: input.max_guests ?? CIRCLE_LIMITS.defaultMaxGuests,
      group_id: groupId,
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('faith_circle_members')
    .values({ circle_id: id, user_id: hostId, role: 'host', joined_at: now })
    .execute();
  return (await findCircle(trx, id))!;
}

function requireNotEnded(circle: Circle): void {
  if (circle.status === 'ended') throw conflict('circle_ended');
}

/**
 * The host's camera, screen or microphone started: live, listed unless private, heard from now.
 * The first time, every follower of the host gets one circle_live notification.
 */
export async function goLive(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  hostId: string,
  source: CircleSource,
  /** A Janus room opened for it (server/circles/janus.ts), or null: the mesh. Used the first time only. */
  janusRoom: JanusRoom | null = null,
): Promise<Circle> {
  const before = await lockCircle(trx, circleId);
  await requireCircleAccess(trx, before, hostId, 'host');
  requireNotEnded(before);
  // The media path is decided once, when the circle first goes live; a new source keeps it.
  const media = before.media ?? (janusRoom ? 'janus' : 'mesh');
  if (before.media === null && janusRoom) {
    await trx
      .insertInto('faith_circle_janus_rooms')
      .values({ ...janusRoom, created_at: new Date().toISOString() })
      .execute();
  }
  // A circle meant for a media server that fell back to the mesh takes what the host's browser can send.
  const maxGuests =
    media === 'mesh' ? Math.min(before.max_guests, CIRCLE_LIMITS.defaultMaxGuests) : before.max_guests;
  await trx
    .updateTable('faith_circles')
    .set({
      media,
      max_guests: maxGuests,
      status: 'live',
      is_listed: before.visibility !== 'private',
      host_heartbeat: new Date().toISOString(),
      source_type: source,
    })
    .where('id', '=', circleId)
    .execute();
  // Not listed yet means never live before: the host's page beats before the camera starts, so the
  // heartbeat cannot tell the first time. Only the end unlists, and an ended circle never goes live.
  if (!before.is_listed) await notifyFollowers(trx, after, before);
  const circle = (await findCircle(trx, circleId))!;
  await announce(trx, after, before, circle);
  return circle;
}

/** One circle_live notification per follower, written in batches of multi-row INSERTs. */
async function notifyFollowers(trx: Transaction<DB>, after: After, circle: Circle): Promise<void> {
  // A private circle is for those the host lets in: its followers are not invited to it.
  if (circle.visibility === 'private') return;
  // A group's circle tells the group's members instead of the host's followers.
  const followers = circle.group
    ? await groupMembersWho(trx, circle.group.id, { except: circle.host_id })
        .select('group_members.user_id as follower_id')
        .where(notHiddenFrom(circle.host_id, 'group_members.user_id'))
        .execute()
    : await trx
        .selectFrom('follows')
        .select('follower_id')
        .where('following_id', '=', circle.host_id)
        .execute();
  await notifyMany(
    trx,
    after,
    followers.map((f) => f.follower_id),
    {
      fromUserId: circle.host_id,
      type: 'circle_live',
      postId: circle.id,
      message: CIRCLE_TEXTS.liveNotification,
      groupId: circle.group?.id ?? null,
    },
  );
}

/** The host's page is still there (every 10 s while the room is open). */
export async function heartbeat(trx: Transaction<DB>, after: After, circleId: string, hostId: string) {
  const before = await lockCircle(trx, circleId);
  await requireCircleAccess(trx, before, hostId, 'host');
  requireNotEnded(before);
  const at = new Date().toISOString();
  await trx.updateTable('faith_circles').set({ host_heartbeat: at }).where('id', '=', circleId).execute();
  const circle = { ...before, host_heartbeat: at };
  // Back in the list after a gap (the host's network came back before the sweep ended it).
  if (isListedLive(circle) !== isListedLive(before)) await announce(trx, after, before, circle);
  return { host_heartbeat: at };
}

/** Ends a circle: status ended, off every list. Ending an ended circle changes nothing. */
export async function endCircle(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  hostId: string | null,
): Promise<Circle> {
  const before = await lockCircle(trx, circleId);
  // Without a host: the sweep of silent circles, or a moderator.
  if (hostId !== null) await requireCircleAccess(trx, before, hostId, 'host');
  if (before.status === 'ended') return before;
  await trx
    .updateTable('faith_circles')
    .set({ status: 'ended', is_listed: false })
    .where('id', '=', circleId)
    .execute();
  if (before.media === 'janus') after.closeCircleMedia(circleId);
  const circle = (await findCircle(trx, circleId))!;
  await announce(trx, after, before, circle);
  return circle;
}

async function addGuest(trx: Transaction<DB>, after: After, circle: Circle, userId: string) {
  await trx
    .insertInto('faith_circle_members')
    .values({ circle_id: circle.id, user_id: userId, role: 'guest', joined_at: new Date().toISOString() })
    .execute();
  await trx
    .deleteFrom('faith_circle_requests')
    .where('circle_id', '=', circle.id)
    .where('user_id', '=', userId)
    .execute();
  const now = (await findCircle(trx, circle.id))!;
  after.emit(rooms.circle(circle.id), 'circle:members', { circle_id: circle.id });
  if (isListedLive(now)) await announceLive(trx, after, now, true);
  return now;
}

/** A member joins a circle that lets them in at once (public, no blessing, room left). */
export async function joinCircle(trx: Transaction<DB>, after: After, circleId: string, userId: string) {
  const circle = await lockCircle(trx, circleId);
  const role = await requireCircleAccess(trx, circle, userId);
  if (role) return circle;
  const request = await findJoinRequest(trx, circleId, userId);
  switch (accessOf(circle, role, request?.status ?? null)) {
    case 'open':
      return addGuest(trx, after, circle, userId);
    case 'ended':
      throw conflict('circle_ended');
    case 'full':
      throw conflict('circle_full');
    default:
      throw forbidden('approval_required');
  }
}

/** Asks the host to be let in; asking again while pending changes nothing. */
export async function requestToJoin(trx: Transaction<DB>, after: After, circleId: string, userId: string) {
  const circle = await lockCircle(trx, circleId);
  const role = await requireCircleAccess(trx, circle, userId);
  const request = await findJoinRequest(trx, circleId, userId);
  const access = accessOf(circle, role, request?.status ?? null);
  if (access === 'member') throw conflict('already_member');
  if (access === 'ended') throw conflict('circle_ended');
  if (access === 'declined') throw forbidden('declined');
  if (access === 'pending') return 'pending' as const;
  if (access === 'open') {
    await addGuest(trx, after, circle, userId);
    return 'member' as const;
  }
  // A full circle still takes requests: the host may let someone in when a guest leaves.
  await trx
    .insertInto('faith_circle_requests')
    .values({ circle_id: circleId, user_id: userId, status: 'pending', created_at: new Date().toISOString() })
    .execute();
  after.emitToUser(circle.host_id, 'circle:requests', { circle_id: circleId });
  return 'pending' as const;
}

/** The host lets a member in (room permitting) or declines them; the member is told either way. */
export async function decideRequest(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  hostId: string,
  userId: string,
  approve: boolean,
) {
  const circle = await lockCircle(trx, circleId);
  await requireCircleAccess(trx, circle, hostId, 'host');
  requireNotEnded(circle);
  const request = await findJoinRequest(trx, circleId, userId);
  if (request?.status !== 'pending') throw notFound('circle_no_request');
  if (approve) {
    if (circle.member_count - 1 >= circle.max_guests) throw conflict('circle_full');
    await addGuest(trx, after, circle, userId);
  } else {
    await trx
      .updateTable('faith_circle_requests')
      .set({ status: 'declined' })
      .where('circle_id', '=', circleId)
      .where('user_id', '=', userId)
      .execute();
  }
  after.emitToUser(userId, 'circle:decision', {
    circle_id: circleId,
    decision: approve ? 'approved' : 'declined',
  });
  after.emitToUser(hostId, 'circle:requests', { circle_id: circleId });
}

/**
 * A non-member's one 10-second look at a live circle that allows it, before asking to join: the
 * first call starts it, later ones (while it runs) return when it started.
 */
export async function startPreview(trx: Transaction<DB>, circleId: string, userId: string): Promise<string> {
  const circle = await lockCircle(trx, circleId);
  await requireCircleAccess(trx, circle, userId);
  const { role, started, preview } = await standingIn(trx, circle, userId);
  if (role) throw conflict('already_member');
  if (!circle.allow_preview || circle.status !== 'live') throw forbidden('no_preview');
  if (!preview.available && !preview.until) {
    // Used up, or not for this member: one who may join at once (or cannot at all) needs none.
    throw forbidden(started ? 'preview_used' : 'preview_not_needed');
  }
  await trx
    .insertInto('faith_circle_previews')
    .values({ circle_id: circleId, user_id: userId, started_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['circle_id', 'user_id']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('faith_circle_previews')
    .select('started_at')
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.started_at;
}

/** A member's chat message in a circle that has not ended. */
export async function sendChat(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  userId: string,
  content: string,
): Promise<ChatMessage> {
  const { circle } = await findCircleFor(trx, userId, circleId, 'member');
  requireNotEnded(circle);
  const id = uuidv7();
  await trx
    .insertInto('faith_circle_chat')
    .values({ id, circle_id: circleId, user_id: userId, content, created_at: new Date().toISOString() })
    .execute();
  const message = await findChatMessage(trx, id);
  after.emit(rooms.circle(circleId), 'circle:chat', message);
  return message;
}
