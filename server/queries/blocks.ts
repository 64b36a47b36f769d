import type { MemberList } from '@common/schemas/blocks.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

/** The members the viewer blocked (`blocks`) or muted (`mutes`), newest first (at most 1,000). */
export async function listBlockedOrMuted(
  db: Kysely<DB>,
  viewerId: string,
  kind: 'blocks' | 'mutes',
): Promise<MemberList> {
  const rows =
    kind === 'blocks'
      ? await db
          .selectFrom('blocks')
          .innerJoin('profiles', 'profiles.id', 'blocks.blocked_id')
          .select(['profiles.id', 'profiles.username', 'profiles.full_name', 'profiles.avatar_url'])
          .select('blocks.created_at')
          .where('blocks.blocker_id', '=', viewerId)
          .orderBy('blocks.created_at', 'desc')
          .limit(1000)
          .execute()
      : await db
          .selectFrom('mutes')
          .innerJoin('profiles', 'profiles.id', 'mutes.muted_id')
          .select(['profiles.id', 'profiles.username', 'profiles.full_name', 'profiles.avatar_url'])
          .select('mutes.created_at')
          .where('mutes.muter_id', '=', viewerId)
          .orderBy('mutes.created_at', 'desc')
          .limit(1000)
          .execute();
  return {
    members: rows.map((r) => ({
      id: r.id,
      username: r.username,
      full_name: r.full_name,
      avatar_url: r.avatar_url ?? null,
      created_at: String(r.created_at),
    })),
  };
}
