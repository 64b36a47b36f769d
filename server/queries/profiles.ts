import { PROFILE_MESSAGES, type ProfilePage } from '@common/schemas/profiles.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import { canSeeMember } from '@server/policies/blocks.ts';
import { isProfileOwner } from '@server/policies/profile.ts';
import type { Kysely, Transaction } from 'kysely';
import { countFollowers, friendshipBetween } from './follows.ts';

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
  if (!page) throw notFound(PROFILE_MESSAGES.userNotFound);
  return page;
}

/** A member's profile row for the routes about them, or a 404 (also when blocked either way). */
export async function requireProfile(db: Kysely<DB>, viewer: Viewer, id: string) {
  const profile = await db
    .selectFrom('profiles')
    .select(['id', 'followers_visible'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!profile || !(await canSeeMember(db, viewer.userId, id))) throw notFound(PROFILE_MESSAGES.userNotFound);
  return profile;
}
