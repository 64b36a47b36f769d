import type { PendingPost, PendingPostList } from '@common/schemas/wall.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { notFound } from '@server/http/errors.ts';
import { pendingPostVisibleTo } from '@server/policies/profile.ts';
import { presentPendingPost } from '@server/presenters/pendingPost.ts';
import type { Kysely } from 'kysely';

const PENDING_LIST_LIMIT = 100;

/** Posts waiting for approval that the viewer may see, with their authors. */
function selectPending(db: Kysely<DB>, viewer: Viewer) {
  return db
    .selectFrom('pending_posts')
    .innerJoin('profiles', 'profiles.id', 'pending_posts.author_id')
    .select([
      'pending_posts.id',
      'pending_posts.profile_owner_id',
      'pending_posts.author_id',
      'pending_posts.content',
      'pending_posts.media_type',
      'pending_posts.image_url',
      'pending_posts.image_feed_url',
      'pending_posts.created_at',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ])
    .where(pendingPostVisibleTo(viewer));
}

/** A pending post for its author or the wall's owner; nobody else learns that it exists. */
export async function getPendingPost(db: Kysely<DB>, viewer: Viewer, id: string): Promise<PendingPost> {
  const row = await selectPending(db, viewer).where('pending_posts.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('pending_post_not_found');
  return presentPendingPost(row);
}

/**
 * What waits on a member's wall, newest first: all of it for the owner, what the viewer wrote there
 * for anyone else.
 */
export async function listPendingPosts(
  db: Kysely<DB>,
  viewer: Viewer,
  ownerId: string,
): Promise<PendingPostList> {
  const rows = await selectPending(db, viewer)
    .where('pending_posts.profile_owner_id', '=', ownerId)
    .orderBy('pending_posts.created_at', 'desc')
    .orderBy('pending_posts.id', 'desc')
    .limit(PENDING_LIST_LIMIT)
    .execute();
  return { pending_posts: rows.map(presentPendingPost) };
}
