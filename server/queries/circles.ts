import {
  type ChatMessage,
  CIRCLE_LIMITS,
  type Circle,
  type CircleMember,
  type JoinRequest,
} from '@common/schemas/circles.ts';
import type { DB } from '@server/db/types.ts';
import { visibleMember } from '@server/policies/blocks.ts';
import { type CircleRole, circleVisibleTo } from '@server/policies/circle.ts';
import { presentChatMessage, presentCircle, selectCircles } from '@server/presenters/circle.ts';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

export async function findCircle(db: Db, circleId: string): Promise<Circle | null> {
  const row = await selectCircles(db).where('c.id', '=', circleId).executeTakeFirst();
  return row ? presentCircle(row) : null;
}

export async function circleRole(db: Db, circleId: string, userId: string): Promise<CircleRole | null> {
  const row = await db
    .selectFrom('faith_circle_members')
    .select('role')
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function findJoinRequest(db: Db, circleId: string, userId: string) {
  return db
    .selectFrom('faith_circle_requests')
    .select(['status', 'created_at'])
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
    .select(['m.user_id', 'm.role', 'm.joined_at', 'p.username', 'p.full_name', 'p.avatar_url'])
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
