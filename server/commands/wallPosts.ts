import { MEDIA_ONLY_CONTENT } from '@common/schemas/posts.ts';
import type { WallPostInput } from '@common/schemas/wall.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, forbidden, notFound } from '@server/http/errors.ts';
import { claimMedia } from '@server/media/mediaObjects.ts';
import type { MediaUrls } from '@server/media/storage.ts';
import { refuseIfHidden } from '@server/policies/blocks.ts';
import {
  canModeratePendingPost,
  pendingPostVisibleTo,
  wallPostNeedsApproval,
} from '@server/policies/profile.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { writeHashtags } from './hashtags.ts';
import { firstLink, newPostCard } from './linkCards.ts';
import { mentionsColumn, mentionsIn, tellMentioned } from './mentions.ts';
import { notify } from './notifications.ts';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

type WallResult = { status: 'published'; postId: string } | { status: 'pending'; pendingId: string };

/** The spec's notification text: '{name} wants to post on your wall'. */
export function wallPostMessage(author: { full_name: string; username: string }): string {
  return `${author.full_name || author.username} wants to post on your wall`;
}

/**
 * A post on a member's wall. On your own wall it is published at once (profile_owner_id = you); on
 * anyone else's it waits in pending_posts and the owner is told, in the same transaction.
 */
export async function createWallPost(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  ownerId: string,
  input: WallPostInput,
  urls: MediaUrls,
): Promise<WallResult> {
  const content = input.content ?? '';
  if (!content && !input.media_id) throw badRequest('empty_post');
  // Missing, or hidden from the viewer (a block, a suspension): the same 404 as the profile page.
  await refuseIfHidden(trx, viewer.userId, ownerId, 'user_not_found');
  const owner = { id: ownerId };
  const media = input.media_id
    ? await claimMedia(trx, { mediaId: input.media_id, userId: viewer.userId }, urls)
    : null;
  if (input.alt_text && media?.kind !== 'photo') throw badRequest('alt_text_photo_only');
  // Checked now (at most 10); a post waiting for approval names them when it is published.
  const mentions = await mentionsIn(trx, viewer.userId, content);
  const id = uuidv7();
  const now = new Date().toISOString();
  const row = {
    id,
    content: content || MEDIA_ONLY_CONTENT,
    media_id: media?.id ?? null,
    media_type: media?.kind ?? ('none' as const),
    image_url: media?.url ?? null,
    image_feed_url: media?.feed_url ?? null,
    content_warning: input.content_warning || null,
    alt_text: input.alt_text || null,
    created_at: now,
  };
  if (!wallPostNeedsApproval(viewer, owner)) {
    await trx
      .insertInto('posts')
      .values({
        ...row,
        user_id: viewer.userId,
        profile_owner_id: ownerId,
        category: 'general',
        mentions: mentionsColumn(mentions),
        ...newPostCard(row.content),
        updated_at: now,
      })
      .execute();
    if (firstLink(row.content)) after.readCard(id);
    await writeHashtags(trx, { id, content: row.content, user_id: viewer.userId, created_at: now });
    await tellMentioned(trx, after, viewer.userId, wallPostSeen(id, viewer.userId), mentions);
    return { status: 'published', postId: id };
  }
  await trx
    .insertInto('pending_posts')
    .values({ ...row, author_id: viewer.userId, profile_owner_id: ownerId })
    .execute();
  const author = await trx
    .selectFrom('profiles')
    .select(['full_name', 'username'])
    .where('id', '=', viewer.userId)
    .executeTakeFirstOrThrow();
  await notify(trx, after, {
    userId: ownerId,
    fromUserId: viewer.userId,
    type: 'wall_post',
    message: wallPostMessage(author),
  });
  return { status: 'pending', pendingId: id };
}

/** A wall post as the mention policy reads it: a general post for everyone, in no group. */
const wallPostSeen = (id: string, userId: string) => ({
  id,
  user_id: userId,
  group_id: null,
  category: 'general',
  visibility: 'everyone' as const,
});

async function findPendingForOwner(trx: Transaction<DB>, viewer: Viewer, pendingId: string) {
  const pending = await trx
    .selectFrom('pending_posts')
    .selectAll()
    .where('id', '=', pendingId)
    .where(pendingPostVisibleTo(viewer))
    .executeTakeFirst();
  // Only its author and the wall's owner know it exists (as in queries/wall.ts): anyone else gets a 404.
  if (!pending) throw notFound('pending_post_not_found');
  if (!canModeratePendingPost(viewer, pending)) throw forbidden('wall_owner_only');
  return pending;
}

/** Deletes the pending row; false when another request removed it first (approve twice, reject...). */
async function takePending(trx: Transaction<DB>, viewer: Viewer, pendingId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('pending_posts')
    .where('id', '=', pendingId)
    .where('profile_owner_id', '=', viewer.userId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/**
 * Approve: the owner publishes the post as a general post by its author on their wall. The pending
 * row is deleted first and the post inserted only if this transaction deleted it: on PostgreSQL a
 * concurrent approval waits on the row lock and then deletes nothing; SQLite runs one writer at a time.
 */
export async function approvePendingPost(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  pendingId: string,
): Promise<string> {
  const pending = await findPendingForOwner(trx, viewer, pendingId);
  if (!(await takePending(trx, viewer, pendingId))) throw notFound('pending_post_not_found');
  const mentions = await mentionsIn(trx, pending.author_id, pending.content, 'keep first');
  const now = new Date().toISOString();
  await trx
    .insertInto('posts')
    .values({
      id: pending.id,
      user_id: pending.author_id,
      profile_owner_id: pending.profile_owner_id,
      category: 'general',
      content: pending.content,
      media_id: pending.media_id,
      media_type: pending.media_type,
      image_url: pending.image_url,
      image_feed_url: pending.image_feed_url,
      content_warning: pending.content_warning,
      alt_text: pending.alt_text,
      mentions: mentionsColumn(mentions),
      ...newPostCard(pending.content),
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (firstLink(pending.content)) after.readCard(pending.id);
  await tellMentioned(trx, after, pending.author_id, wallPostSeen(pending.id, pending.author_id), mentions);
  await writeHashtags(trx, {
    id: pending.id,
    content: pending.content,
    user_id: pending.author_id,
    created_at: now,
  });
  return pending.id;
}

/** Reject: the pending post goes, and its upload with it. */
export async function rejectPendingPost(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  pendingId: string,
) {
  const pending = await findPendingForOwner(trx, viewer, pendingId);
  if (!(await takePending(trx, viewer, pendingId))) throw notFound('pending_post_not_found');
  await releaseUploads(trx, after, [pending.media_id]);
}
