import { randomBytes } from 'node:crypto';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

// A member's private calendar feed address (issue 26): made on first ask, replaced on reset.

/** 32 random bytes: the feed's address is its only credential. */
const newToken = () => randomBytes(32).toString('base64url');

/** The member's feed token (made now if they have none); `reset` replaces it, so the old one is dead. */
export async function tokenOf(db: Kysely<DB>, userId: string, reset: boolean): Promise<string> {
  const token = newToken();
  const now = new Date().toISOString();
  if (reset) {
    await db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, token, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: now }))
      .execute();
    return token;
  }
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('calendar_feeds')
    .select('token')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.token;
}
