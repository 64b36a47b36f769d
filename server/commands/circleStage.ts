import { rooms } from '@common/realtime.ts';
import { CIRCLE_LIMITS } from '@common/schemas/circles.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors.ts';
import { findCircleFor } from '@server/queries/circles.ts';
import type { Kysely, Transaction } from 'kysely';
import type { After } from './run.ts';

/**
 * The stage of a circle carried by Janus (issue 29): a guest raises a hand, the host invites them to
 * speak (at most CIRCLE_LIMITS.stageMax invited or speaking at once), the guest goes on stage by
 * publishing (server/realtime/handlers/circleMedia.ts), and the host or the guest ends it. Each change
 * tells the circle's room, whose pages refetch the members and subscribe to the speakers.
 */

async function liveJanusCircle(trx: Transaction<DB>, circleId: string, viewerId: string) {
  const { circle, role } = await findCircleFor(trx, viewerId, circleId, 'member');
  if (circle.status === 'ended') throw conflict('circle_ended');
  if (circle.media !== 'janus') throw conflict('circle_not_on_janus');
  return { circle, role };
}

async function guestSeat(trx: Transaction<DB>, circleId: string, userId: string) {
  const seat = await trx
    .selectFrom('faith_circle_members')
    .select(['role', 'stage', 'hand_raised_at'])
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!seat) throw notFound('circle_member_not_found');
  if (seat.role !== 'guest') throw badRequest('stage_host');
  return seat;
}

/** Writes a guest's seat and tells the circle's room, whose pages refetch the members. */
async function setSeat(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  userId: string,
  seat: { hand_raised_at?: string | null; stage?: 'invited' | null; janus_feed?: null },
) {
  await trx
    .updateTable('faith_circle_members')
    .set(seat)
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .execute();
  after.emit(rooms.circle(circleId), 'circle:members', { circle_id: circleId });
}

/** 'Raise hand' (raised = true) or lower it: the guest's own. */
export async function setHand(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  userId: string,
  raised: boolean,
): Promise<void> {
  await liveJanusCircle(trx, circleId, userId);
  await guestSeat(trx, circleId, userId);
  await setSeat(trx, after, circleId, userId, { hand_raised_at: raised ? new Date().toISOString() : null });
}

/** 'Invite to speak': the host's; the guest's page then offers to go on stage. */
export async function inviteToSpeak(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  hostId: string,
  guestId: string,
): Promise<void> {
  const { role } = await liveJanusCircle(trx, circleId, hostId);
  if (role !== 'host') throw forbidden('circle_host_only');
  const seat = await guestSeat(trx, circleId, guestId);
  if (seat.stage) return;
  const taken = await trx
    .selectFrom('faith_circle_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('circle_id', '=', circleId)
    .where('stage', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(taken.n) >= CIRCLE_LIMITS.stageMax) {
    throw conflict('stage_full', { max: CIRCLE_LIMITS.stageMax });
  }
  await setSeat(trx, after, circleId, guestId, { stage: 'invited', hand_raised_at: null });
}

/**
 * Off the stage: the host takes a speaker off, or the guest leaves (or declines the invitation).
 * The route then has the Janus handles of the speaker's pages detached on every node.
 */
export async function leaveStage(
  trx: Transaction<DB>,
  after: After,
  circleId: string,
  viewerId: string,
  guestId: string,
): Promise<void> {
  const { role } = await liveJanusCircle(trx, circleId, viewerId);
  if (viewerId !== guestId && role !== 'host') throw forbidden('circle_host_only');
  await guestSeat(trx, circleId, guestId);
  await setSeat(trx, after, circleId, guestId, { stage: null, janus_feed: null, hand_raised_at: null });
}

/**
 * The invited guest's page publishes: they are on stage now (the realtime handler's, no transaction);
 * `membersChanged` tells the circle's room when it was so.
 */
export async function takeStage(
  db: Kysely<DB>,
  circleId: string,
  userId: string,
  membersChanged: () => void,
): Promise<void> {
  const taken = await db
    .updateTable('faith_circle_members')
    .set({ stage: 'on' })
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .where('stage', '=', 'invited')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) > 0) membersChanged();
}
