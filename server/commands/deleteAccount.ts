import { passwordMatches } from '@server/auth/passwords.ts';
import type { DB } from '@server/db/types.ts';
import { forbidden } from '@server/http/errors.ts';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { handOnGroups, recountGroups } from './groups.ts';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

const wrongPassword = () => forbidden('wrong_password');

/** Checks the member's password against Better Auth's credential account. */
export async function verifyPassword(db: Kysely<DB>, userId: string, password: string): Promise<void> {
  if (!(await passwordMatches(db, userId, password))) throw wrongPassword();
}

/**
 * Deletes the member in one transaction: the `user` row, from which every table cascades. Before
 * that, in the same transaction: counters on other members' posts drop what this member added, the
 * contact messages they sent go (their key only nulls itself), and uploads shown by posts on their
 * wall, which cascade away, are released with their own so no file is left without a post. Once it
 * commits, the files go, the member's sockets drop and the members whose bells showed them refetch.
 */
export async function deleteAccount(trx: Transaction<DB>, after: After, userId: string): Promise<void> {
  // Their groups pass to another member first (or go, when nobody else is in them).
  const groups = await handOnGroups(trx, after, userId);
  const wallMedia = (table: 'posts' | 'pending_posts') =>
    trx
      .selectFrom(table)
      .select('media_id')
      .where('profile_owner_id', '=', userId)
      .where('media_id', 'is not', null);
  const media = await trx
    .selectFrom('media_objects')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('id', 'in', wallMedia('posts')),
        eb('id', 'in', wallMedia('pending_posts')),
      ]),
    )
    .execute();
  const notified = await trx
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('from_user_id', '=', userId)
    .where('user_id', '!=', userId)
    .execute();

  // Likes, prayers, comments and views cascade away; the counters of the posts they were on follow them.
  await trx
    .updateTable('posts')
    .set({ like_count: sql`like_count - 1` })
    .where('id', 'in', trx.selectFrom('likes').select('post_id').where('user_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();
  await trx
    .updateTable('posts')
    .set({ prayed_count: sql`prayed_count - 1` })
    .where('id', 'in', trx.selectFrom('prayers').select('post_id').where('user_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();
  await trx
    .updateTable('posts')
    .set({
      comment_count: sql`comment_count - (select count(*) from comments c where c.post_id = posts.id and c.user_id = ${userId})`,
    })
    .where('id', 'in', trx.selectFrom('comments').select('post_id').where('user_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();
  await trx
    .updateTable('posts')
    .set({
      view_count: sql`view_count - (select count(*) from post_views v where v.post_id = posts.id and v.viewer_id = ${userId})`,
    })
    .where('id', 'in', trx.selectFrom('post_views').select('post_id').where('viewer_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();

  await trx.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
  await releaseUploads(
    trx,
    after,
    media.map((m) => m.id),
    { ownersGoing: true },
  );
  await trx.deleteFrom('user').where('id', '=', userId).execute();
  // Not tied to the profile (a deletion's cascades fire the triggers that write it): removed here.
  await trx.deleteFrom('member_versions').where('member_id', '=', userId).execute();
  await recountGroups(trx, groups);
  for (const { user_id } of notified) after.notificationsChanged(user_id);
  after.disconnectUser(userId);
}

/**
 * Deletes an account whose email was never confirmed and that was made before `signedUpBefore`, as
 * deleteAccount does; does nothing when the member confirmed in the meantime. Frees the username and
 * email for a new sign-up. Returns whether it went.
 */
export async function deleteUnconfirmedAccount(
  trx: Transaction<DB>,
  after: After,
  userId: string,
  signedUpBefore: string,
): Promise<boolean> {
  let query = trx
    .selectFrom('user')
    .select('id')
    .where('id', '=', userId)
    .where('emailVerified', '=', false)
    .where('createdAt', '<', signedUpBefore);
  // Holds the row against a confirmation landing meanwhile (SQLite writes one at a time anyway).
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) return false;
  await deleteAccount(trx, after, userId);
  return true;
}
