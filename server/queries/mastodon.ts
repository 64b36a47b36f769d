import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import { canSeeMember } from '@server/policies/blocks.ts';
import { type MastodonAccount, presentMastodonAccount } from '@server/presenters/mastodon/account.ts';
import { loadProfilePage } from '@server/queries/profiles.ts';
import { type Kysely, sql } from 'kysely';

/** A member as Mastodon's Account, as the viewer may see them (the profile page's policies), or null. */
export async function findAccount(
  db: Kysely<DB>,
  base: string,
  viewer: Viewer,
  by: { id: string } | { username: string },
): Promise<MastodonAccount | null> {
  const page = await loadProfilePage(db, viewer, by);
  if (!page) return null;
  const counts = await db
    .selectFrom('profiles')
    .select((eb) => [
      'profiles.created_at',
      eb
        .selectFrom('posts')
        .select((p) => p.fn.countAll().as('n'))
        .whereRef('posts.user_id', '=', 'profiles.id')
        .where(sql<boolean>`not posts.anonymous`)
        .as('statuses'),
      eb
        .selectFrom('posts')
        .select((p) => p.fn.max('posts.created_at').as('at'))
        .whereRef('posts.user_id', '=', 'profiles.id')
        .as('last_status_at'),
    ])
    .where('profiles.id', '=', page.id)
    .executeTakeFirstOrThrow();
  return presentMastodonAccount(base, page, {
    created_at: counts.created_at,
    statuses_count: Number(counts.statuses ?? 0),
    last_status_at: (counts.last_status_at as string | null) ?? null,
  });
}

export async function requireAccount(db: Kysely<DB>, base: string, viewer: Viewer, id: string) {
  const account = await findAccount(db, base, viewer, { id });
  if (!account) throw notFound('user_not_found');
  return account;
}

/** Where the viewer stands with each member it may see (others are left out): Mastodon's Relationship. */
export async function relationships(db: Kysely<DB>, viewer: Viewer, ids: string[]) {
  const visible: string[] = [];
  for (const id of ids) if (await canSeeMember(db, viewer.userId, id)) visible.push(id);
  ids = visible;
  if (ids.length === 0) return [];
  const me = viewer.userId;
  const [following, followers, blocks, mutes] = await Promise.all([
    db
      .selectFrom('follows')
      .select('following_id as id')
      .where('follower_id', '=', me)
      .where('following_id', 'in', ids)
      .execute(),
    db
      .selectFrom('follows')
      .select('follower_id as id')
      .where('following_id', '=', me)
      .where('follower_id', 'in', ids)
      .execute(),
    db
      .selectFrom('blocks')
      .select('blocked_id as id')
      .where('blocker_id', '=', me)
      .where('blocked_id', 'in', ids)
      .execute(),
    db
      .selectFrom('mutes')
      .select('muted_id as id')
      .where('muter_id', '=', me)
      .where('muted_id', 'in', ids)
      .execute(),
  ]);
  const has = (rows: { id: string }[]) => new Set(rows.map((row) => row.id));
  const [f, fb, b, m] = [has(following), has(followers), has(blocks), has(mutes)];
  return ids.map((id) => ({
    id,
    following: f.has(id),
    showing_reblogs: f.has(id),
    notifying: false,
    languages: null,
    followed_by: fb.has(id),
    blocking: b.has(id),
    blocked_by: false,
    muting: m.has(id),
    muting_notifications: m.has(id),
    requested: false,
    requested_by: false,
    domain_blocking: false,
    endorsed: false,
    note: '',
  }));
}

/** The member's own upload's kind and description (an app's alt text), or null. */
export async function uploadDescription(db: Kysely<DB>, userId: string, mediaId: string) {
  if (mediaId.length > 64) return null;
  return (
    (await db
      .selectFrom('media_objects')
      .select(['kind', 'description'])
      .where('id', '=', mediaId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? null
  );
}

/** Who asked the member to be friends and waits for an answer (Mastodon's follow requests), newest first. */
export async function listFriendRequestsTo(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('friendships')
    .select('user_id')
    .where('friend_id', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(80)
    .execute();
  return rows.map((row) => row.user_id);
}
