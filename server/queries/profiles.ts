import { SEARCH_RESULT_LIMIT } from '@common/limits.ts';
import type { FollowList } from '@common/schemas/follows.ts';
import type { ProfilePage, SearchProfilesResponse } from '@common/schemas/profiles.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { forbidden, notFound } from '@server/http/errors.ts';
import { canSeeMember, notHiddenFrom } from '@server/policies/blocks.ts';
import { canSeeFollowLists, isProfileOwner } from '@server/policies/profile.ts';
import { presentProfileSummary, profileSummaryColumns } from '@server/presenters/profile.ts';
import { escapeLike } from '@server/queries/like.ts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { countFollowers, friendshipBetween, listFollows } from './follows.ts';

const profileColumns = [
  'id',
  'username',
  'full_name',
  'avatar_url',
  'bio',
  'cover_photo_url',
  'cover_photo_position',
  'profile_video_url',
  'hobbies',
  'favorite_movies',
  'favorite_music',
  'favorite_books',
  'education',
  'work',
  'relationship_status',
  'hometown',
  'current_city',
  'website',
  'followers_visible',
] as const;

/** The profile page of a member as the viewer sees it, or null when there is no such member. */
export async function loadProfilePage(
  db: Kysely<DB> | Transaction<DB>,
  viewer: Viewer,
  by: { id: string } | { username: string },
): Promise<ProfilePage | null> {
  let query = db
    .selectFrom('profiles')
    .select(profileColumns.map((column) => `profiles.${column}` as const))
    .select((eb) =>
      eb
        .selectFrom('media_objects')
        .select('kind')
        .whereRef('media_objects.id', '=', 'profiles.cover_media_id')
        .as('cover_media_type'),
    );
  query =
    'id' in by ? query.where('profiles.id', '=', by.id) : query.where('profiles.username', '=', by.username);
  const found = await query.executeTakeFirst();
  // Members blocked either way are missing to each other.
  if (!found || !(await canSeeMember(db, viewer.userId, found.id))) return null;
  const { cover_media_type, ...row } = found;
  const [following, mine, friendship, followers] = await Promise.all([
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('follower_id', '=', row.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('follows')
      .select('id')
      .where('follower_id', '=', viewer.userId)
      .where('following_id', '=', row.id)
      .executeTakeFirst(),
    friendshipBetween(db, viewer.userId, row.id),
    countFollowers(db, row.id),
  ]);
  return {
    ...row,
    cover_photo_position: Number(row.cover_photo_position),
    // A cover set before uploads were recorded has no upload row: it was a photo.
    cover_media_type: row.cover_photo_url ? (cover_media_type ?? 'photo') : null,
    followers_visible: Boolean(row.followers_visible),
    followers_count: followers,
    following_count: Number(following.n),
    is_me: isProfileOwner(viewer, row),
    i_follow: Boolean(mine),
    friendship,
  };
}

/** The viewer's own page, after they changed it. */
export async function ownProfilePage(db: Kysely<DB>, viewer: Viewer): Promise<ProfilePage> {
  const page = await loadProfilePage(db, viewer, { id: viewer.userId });
  if (!page) throw notFound('user_not_found');
  return page;
}

/** A member's profile row for the routes about them, or a 404 (also when blocked either way). */
export async function requireProfile(db: Kysely<DB>, viewer: Viewer, id: string) {
  const profile = await db
    .selectFrom('profiles')
    .select(['id', 'followers_visible'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!profile || !(await canSeeMember(db, viewer.userId, id))) throw notFound('user_not_found');
  return profile;
}

/**
 * Members whose username or full name holds `q` (any case), exact and prefix matches first; without
 * the members hidden from the viewer (policies/blocks.ts). Usernames are stored in lower case (a-z, 0-9,
 * _), so only full names go through lower(): on SQLite each call is JavaScript's, and folding every
 * username too was a large part of a search.
 */
export async function searchProfiles(
  db: Kysely<DB>,
  viewerId: string,
  q: string,
): Promise<SearchProfilesResponse> {
  const query = q.trim().toLowerCase();
  if (!query) return { profiles: [] };
  const contains = `%${escapeLike(query)}%`;
  const prefix = `${escapeLike(query)}%`;
  const rows = await db
    .selectFrom('profiles')
    .select(profileSummaryColumns)
    .where((eb) =>
      eb.or([
        eb('username', 'like', sql<string>`${contains} escape '\\'`),
        eb(sql`lower(full_name)`, 'like', sql`${contains} escape '\\'`),
      ]),
    )
    .orderBy(
      sql`case when username = ${query} then 0
          when username like ${prefix} escape '\\' then 1
          when lower(full_name) like ${prefix} escape '\\' then 2 else 3 end`,
    )
    .orderBy('username')
    .where(notHiddenFrom(viewerId, 'profiles.id'))
    .limit(SEARCH_RESULT_LIMIT)
    .execute();
  return { profiles: rows.map(presentProfileSummary) };
}

/**
 * A member's followers or following list, as `followers_visible` lets the viewer see it (policies/
 * profile.ts): a 403 when only its owner may; a 404 for a member missing or hidden from the viewer.
 */
export async function listFollowsOf(
  db: Kysely<DB>,
  viewer: Viewer,
  memberId: string,
  direction: 'followers' | 'following',
  options: { before?: string | undefined; limit?: number | undefined },
): Promise<FollowList> {
  const profile = await requireProfile(db, viewer, memberId);
  if (!canSeeFollowLists(viewer, profile)) throw forbidden('followers_private');
  return listFollows(db, viewer.userId, profile.id, direction, options);
}
