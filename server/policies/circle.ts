import { CIRCLE_LIMITS, type Circle, type CircleAccess } from '@common/schemas/circles.ts';
import type { DB } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { canSeeMember, notHiddenFrom } from './blocks.ts';
import { isMember, isMemberOf, membershipOf, whereOf } from './group.ts';

/**
 * Who sees, joins and speaks in a FaithVerse circle (spec sections 4-6, DESIGN section 6). Anyone
 * signed in who has the link sees a circle's header; only its members (the host and guests) read
 * its members and chat, write in it, join its realtime room and signal in it. A circle is its host's:
 * when the host and the viewer are hidden from each other (a block either way, blocks.ts), the circle
 * does not exist for the viewer (not listed, not found, cannot be joined).
 */

export type CircleRole = 'host' | 'guest';

/** Whether the viewer may see the circle at all: not when a block stands between them and its host. */
export async function canSeeCircle(
  db: Kysely<DB> | Transaction<DB>,
  viewerId: string,
  circle: Pick<Circle, 'host_id' | 'group'>,
): Promise<boolean> {
  if (!(await canSeeMember(db, viewerId, circle.host_id))) return false;
  // A group's circle is its members' (and its host's) only: to anyone else it does not exist.
  if (!circle.group || circle.host_id === viewerId) return true;
  return isMember(whereOf(await membershipOf(db, circle.group.id, viewerId)));
}

/** canSeeCircle as a filter for a query on circles `c`, `hostColumn` naming their host (`c.host_id`). */
export function circleVisibleTo(viewerId: string, hostColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${notHiddenFrom(viewerId, hostColumn)} and (c.group_id is null
    or ${isMemberOf(viewerId, 'c.group_id')}))`;
}

/** Whether a circle belongs in the live lists at `now` (spec section 4, live-list membership). */
export function isListedLive(
  circle: Pick<Circle, 'status' | 'is_listed' | 'visibility' | 'host_heartbeat'>,
  now = Date.now(),
): boolean {
  return (
    circle.status === 'live' &&
    circle.is_listed &&
    circle.visibility !== 'private' &&
    circle.host_heartbeat !== null &&
    Date.parse(circle.host_heartbeat) > now - CIRCLE_LIMITS.freshnessMs
  );
}

/** A non-member must be approved by the host: always for private circles, and with join by blessing. */
export function needsApproval(circle: Pick<Circle, 'visibility' | 'join_by_blessing'>): boolean {
  return circle.visibility === 'private' || circle.join_by_blessing;
}

export function guestCount(circle: Pick<Circle, 'member_count'>): number {
  return Math.max(0, circle.member_count - 1);
}

/** Where a member stands towards a circle, from their membership and request. */
export function accessOf(
  circle: Pick<Circle, 'status' | 'visibility' | 'join_by_blessing' | 'member_count' | 'max_guests'>,
  role: CircleRole | null,
  request: 'pending' | 'declined' | null,
): CircleAccess {
  if (role) return 'member';
  if (circle.status === 'ended') return 'ended';
  if (request) return request;
  if (guestCount(circle) >= circle.max_guests) return 'full';
  return needsApproval(circle) ? 'request' : 'open';
}

/** What a request needs of the viewer's place in a circle: to be in it, or to be its host. */
export type CircleNeed = 'member' | 'host';

/** Whether a member with this role may do what needs `need` (read the members and chat; host it). */
export function roleMay(role: CircleRole | null, need: CircleNeed): boolean {
  return need === 'host' ? role === 'host' : role !== null;
}

/**
 * Where the viewer stands towards a circle (accessOf) and their one preview: available to a
 * non-member who must ask to join a live circle that allows previews, until they start it; `until`
 * while it runs.
 */
export function standingOf(
  circle: Pick<
    Circle,
    'status' | 'visibility' | 'join_by_blessing' | 'member_count' | 'max_guests' | 'allow_preview'
  >,
  role: CircleRole | null,
  request: 'pending' | 'declined' | null,
  previewStarted: string | null,
  now = Date.now(),
): { access: CircleAccess; preview: { available: boolean; until: string | null } } {
  const access = accessOf(circle, role, request);
  const canPreview =
    !role &&
    circle.allow_preview &&
    circle.status === 'live' &&
    (access === 'request' || access === 'pending');
  return {
    access,
    preview: {
      available: canPreview && previewStarted === null,
      until: canPreview && previewRunning(previewStarted, now) ? previewUntil(previewStarted!) : null,
    },
  };
}

/** The preview window of a non-member who started one at `startedAt`. */
export function previewUntil(startedAt: string): string {
  return new Date(Date.parse(startedAt) + CIRCLE_LIMITS.previewMs).toISOString();
}

export function previewRunning(startedAt: string | null, now = Date.now()): boolean {
  return startedAt !== null && Date.parse(previewUntil(startedAt)) > now;
}

/** The member's role in a circle (host or guest), or null when they are not in it. */
export async function circleRole(
  db: Kysely<DB> | Transaction<DB>,
  circleId: string,
  userId: string,
): Promise<CircleRole | null> {
  const row = await db
    .selectFrom('faith_circle_members')
    .select('role')
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}
