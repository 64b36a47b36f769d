import type { BookmarkState } from '@common/schemas/bookmarks.ts';
import { type CreatePostInput, MEDIA_ONLY_CONTENT } from '@common/schemas/posts.ts';
import { PRAYER_EXPIRY_DEFAULT, PRAYER_URGENT_HOURS } from '@common/schemas/prayer.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors.ts';
import { claimMedia } from '@server/media/mediaObjects.ts';
import type { MediaUrls } from '@server/media/storage.ts';
import {
  adminsPostsGroup,
  canDeleteComment,
  canDeletePost,
  canEditPost,
  canSeeComment,
  isOnAnotherMembersWall,
} from '@server/policies/post.ts';
import { authorMayBeAnnounced, mayBeShared } from '@server/policies/prayer.ts';
import { readMentions } from '@server/presenters/post.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { announceGroupPost, groupToPostIn, notifyGroupPost } from './groups.ts';
import { writeHashtags } from './hashtags.ts';
import { editPostCard, newPostCard } from './linkCards.ts';
import { mentionsColumn, mentionsIn, tellMentioned } from './mentions.ts';
import { notify, withdrawNotifications } from './notifications.ts';
import { keepPollEnd, newPoll } from './polls.ts';
import { writeRecipe } from './recipes.ts';
import type { After } from './run.ts';
import { forgetPostInSpotlight } from './spotlight.ts';
import { releaseUploads } from './uploads.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Input = Omit<CreatePostInput, 'category'> & { category: NonNullable<CreatePostInput['category']> };

/** Category fields belong to their category only: a prayer type on a food post is a mistake. */
function checkCategoryFields(input: Input): void {
  if (input.prayer_type && input.category !== 'prayer') throw badRequest('prayer_type_not_prayer');
  if ((input.food_category || input.recipe) && input.category !== 'food') {
    throw badRequest('food_fields_not_food');
  }
  if (input.recipe_data && input.category !== 'food') throw badRequest('recipe_not_food');
  if ((input.location_lat === undefined) !== (input.location_lng === undefined)) {
    throw badRequest('location_incomplete');
  }
  const prayerField =
    input.anonymous !== undefined || input.urgent !== undefined || input.expires_after_days !== undefined;
  if (prayerField && input.category !== 'prayer') throw badRequest('prayer_fields_not_prayer');
  // Every post is for everyone or the author's friends; prayer requests have more choices (below).
  if (input.category !== 'prayer' && input.visibility !== undefined) {
    if (input.visibility !== 'everyone' && input.visibility !== 'friends') {
      throw badRequest('post_audience_invalid');
    }
    if (input.group_id && input.visibility !== 'everyone') throw badRequest('post_audience_in_group');
  }
}

/**
 * A prayer request's audience and life (policies/prayer.ts): in a group it is the group's ('My
 * group'), and 'My group' needs the group; urgent for PRAYER_URGENT_HOURS; it expires its chosen days
 * after asking (30 by default), or never.
 */
function prayerColumns(input: Input, groupId: string | null, now: number) {
  if (input.category !== 'prayer') {
    return {
      visibility: input.visibility === 'friends' ? ('friends' as const) : ('everyone' as const),
      anonymous: false,
      urgent_until: null,
      expires_after_days: null,
      expires_at: null,
    };
  }
  if (groupId && input.visibility !== undefined && input.visibility !== 'group') {
    throw badRequest('prayer_group_is_group');
  }
  if (!groupId && input.visibility === 'group') throw badRequest('prayer_group_required');
  const days = input.expires_after_days === undefined ? PRAYER_EXPIRY_DEFAULT : input.expires_after_days;
  return {
    visibility: groupId ? ('group' as const) : (input.visibility ?? 'everyone'),
    anonymous: Boolean(input.anonymous),
    urgent_until: input.urgent ? new Date(now + PRAYER_URGENT_HOURS * HOUR_MS).toISOString() : null,
    expires_after_days: days,
    expires_at: days === null ? null : new Date(now + days * DAY_MS).toISOString(),
  };
}

/**
 * The 'new post' push to the author's followers (or the group's members who want its posts): it names
 * the author and never the words, and goes only when policies/prayer.ts lets the author be named.
 */
function announceNewPost(after: After, viewer: Viewer, input: Input, postId: string): void {
  const post = { visibility: input.visibility ?? 'everyone', anonymous: Boolean(input.anonymous) };
  if (!authorMayBeAnnounced(post)) return;
  after.push({ kind: 'post', authorId: viewer.userId, postId, groupId: input.group_id ?? null });
}

/**
 * A new post, with its effects: the group's members hear of one written in their group (bell lines by
 * their setting, and their open tabs' '{n} new posts'), and the 'new post' push goes out. An
 * anonymous request tells nobody who wrote it; one for friends or its author only, nobody.
 */
export async function createPost(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  input: Input,
  urls: MediaUrls,
): Promise<string> {
  checkCategoryFields(input);
  // A recipe alone is something to post: its title stands for the text.
  const content = input.content || input.recipe_data?.title || '';
  if (!content && !input.media_id) throw badRequest('empty_post');
  const groupId = input.group_id ? await groupToPostIn(trx, viewer.userId, input.group_id) : null;
  const prayer = prayerColumns(input, groupId, Date.now());
  const media = input.media_id
    ? await claimMedia(trx, { mediaId: input.media_id, userId: viewer.userId }, urls)
    : null;
  if (input.alt_text && media?.kind !== 'photo') throw badRequest('alt_text_photo_only');
  if (input.poll && media) throw badRequest('poll_with_media');
  const mentions = await mentionsIn(trx, viewer.userId, content);
  const id = uuidv7();
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const poll = input.poll ? newPoll(input.poll, nowMs) : null;
  const card = newPostCard(content);
  if (groupId) {
    await trx.updateTable('groups').set({ last_activity_at: now }).where('id', '=', groupId).execute();
  }
  await trx
    .insertInto('posts')
    .values({
      id,
      user_id: viewer.userId,
      category: input.category,
      content: content || MEDIA_ONLY_CONTENT,
      media_id: media?.id ?? null,
      media_type: media?.kind ?? 'none',
      image_url: media?.url ?? null,
      image_feed_url: media?.feed_url ?? null,
      feeling: input.feeling ?? null,
      location_name: input.location_name || null,
      location_lat: input.location_lat ?? null,
      location_lng: input.location_lng ?? null,
      prayer_type: input.prayer_type ?? null,
      food_category: input.food_category ?? null,
      recipe: input.recipe || null,
      content_warning: input.content_warning || null,
      alt_text: input.alt_text || null,
      mentions: mentionsColumn(mentions),
      poll: poll?.json ?? null,
      ...card,
      group_id: groupId,
      created_at: now,
      updated_at: now,
      ...prayer,
    })
    .execute();
  if (poll) await keepPollEnd(trx, id, poll.endsAt);
  if (card.card_url) after.readCard(id);
  if (input.recipe_data) await writeRecipe(trx, id, input.recipe_data, now);
  await writeHashtags(trx, { id, content, user_id: viewer.userId, created_at: now });
  await tellMentioned(
    trx,
    after,
    viewer.userId,
    {
      id,
      user_id: viewer.userId,
      group_id: groupId,
      category: input.category,
      visibility: prayer.visibility,
      anonymous: prayer.anonymous,
    },
    mentions,
  );
  if (groupId) {
    const anonymous = Boolean(input.anonymous);
    await notifyGroupPost(trx, after, { authorId: viewer.userId, anonymous }, groupId, id);
    await announceGroupPost(trx, after, {
      authorId: viewer.userId,
      groupId,
      postId: id,
      prayer: input.category === 'prayer',
    });
  }
  announceNewPost(after, viewer, input, id);
  after.stream({ type: 'post', action: 'new', postId: id, authorId: viewer.userId });
  return id;
}

/**
 * createPost once per Idempotency-Key (a Mastodon app's retry, issue 53): within an hour the same key
 * answers the first post, and a retry racing the first waits for it (the key's row is written first,
 * in the same transaction).
 */
export async function createPostOnce(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  input: Input,
  urls: MediaUrls,
  key: string | null,
): Promise<string> {
  if (!key) return createPost(trx, after, viewer, input, urls);
  const now = new Date();
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', viewer.userId)
    .where('created_at', '<', new Date(now.getTime() - 60 * 60_000).toISOString())
    .execute();
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: viewer.userId, key, post_id: null, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
    const kept = await trx
      .selectFrom('idempotency_keys')
      .select('post_id')
      .where('user_id', '=', viewer.userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (kept?.post_id) return kept.post_id;
    throw conflict('idempotency_in_progress');
  }
  const id = await createPost(trx, after, viewer, input, urls);
  await trx
    .updateTable('idempotency_keys')
    .set({ post_id: id })
    .where('user_id', '=', viewer.userId)
    .where('key', '=', key)
    .execute();
  return id;
}

/**
 * A row of the member's own about a post they may see (findVisiblePost: 404 otherwise), set or
 * cleared, told to no one: setting twice keeps the first row's time, clearing what is not there
 * changes nothing.
 */
async function setOwnPostRow(
  trx: Transaction<DB>,
  table: 'hidden_posts' | 'bookmarks',
  viewer: Viewer,
  postId: string,
  on: boolean,
): Promise<void> {
  const post = await findVisiblePost(trx, viewer, postId);
  if (on) {
    await trx
      .insertInto(table)
      .values({ user_id: viewer.userId, post_id: post.id, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .execute();
  } else {
    await trx.deleteFrom(table).where('user_id', '=', viewer.userId).where('post_id', '=', post.id).execute();
  }
}

/**
 * 'Hide this request': the viewer takes one post they may see out of their own feeds and group pages
 * (the way to be rid of an anonymous request, whose author they cannot mute: policies/prayer.ts), or
 * puts it back. It stays reachable by its link.
 */
export async function setPostHidden(
  trx: Transaction<DB>,
  viewer: Viewer,
  postId: string,
  hidden: boolean,
): Promise<{ hidden: boolean }> {
  await setOwnPostRow(trx, 'hidden_posts', viewer, postId, hidden);
  return { hidden };
}

/** 'Bookmark' and 'Remove bookmark' (issue 51): saved for the member alone, no count. */
export async function setBookmark(
  trx: Transaction<DB>,
  viewer: Viewer,
  postId: string,
  on: boolean,
): Promise<BookmarkState> {
  await setOwnPostRow(trx, 'bookmarks', viewer, postId, on);
  return { bookmarked_by_me: on };
}

export async function updatePostContent(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  postId: string,
  edit: { content: string; content_warning?: string | undefined; alt_text?: string | undefined },
) {
  const post = await findVisiblePost(trx, viewer, postId);
  if (!canEditPost(viewer, post)) {
    const author = post.user_id === viewer.userId;
    throw author && isOnAnotherMembersWall(post)
      ? forbidden('approved_wall_post')
      : forbidden('post_edit_author_only');
  }
  if (edit.alt_text && post.media_type !== 'photo') throw badRequest('alt_text_photo_only');
  const mentions = await mentionsIn(trx, viewer.userId, edit.content);
  const before = await trx
    .selectFrom('posts')
    .select('mentions')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  const card = await editPostCard(trx, after, edit.content, post);
  await trx
    .updateTable('posts')
    .set({
      content: edit.content,
      mentions: mentionsColumn(mentions),
      ...card?.columns,
      ...(edit.content_warning === undefined ? {} : { content_warning: edit.content_warning || null }),
      ...(edit.alt_text === undefined ? {} : { alt_text: edit.alt_text || null }),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', postId)
    .execute();
  if (card) {
    await card.release();
    if (card.columns.card_url) after.readCard(postId);
  }
  await writeHashtags(trx, {
    id: postId,
    content: edit.content,
    user_id: post.user_id,
    created_at: post.created_at,
  });
  // Only those the edit names newly hear of it.
  await tellMentioned(trx, after, viewer.userId, post, mentions, readMentions(before.mentions));
  after.stream({ type: 'post', action: 'update', postId });
}

/**
 * Deletes the post (likes, comments and views cascade), its notifications and its upload: its author
 * does, and so does the owner of the wall it stands on, and an admin of the group it is in.
 */
export async function deletePost(trx: Transaction<DB>, after: After, viewer: Viewer, postId: string) {
  const post = await findVisiblePost(trx, viewer, postId);
  if (!canDeletePost(viewer, post) && !(await adminsPostsGroup(trx, viewer.userId, post))) {
    throw forbidden('post_delete_author_only');
  }
  // A delete at the same moment removed it first (PostgreSQL): this one answers as if it came after.
  if (!(await removePost(trx, after, post))) throw notFound('post_not_found');
}

/**
 * The deletion itself, for the author (deletePost) and for a moderator (commands/moderation.ts); it
 * leaves today's Spotlight with it. False when another transaction deleted the row first: then
 * nothing else is changed, so nothing is counted twice.
 */
export async function removePost(
  trx: Transaction<DB>,
  after: After,
  post: { id: string; media_id: string | null },
): Promise<boolean> {
  await withdrawNotifications(trx, after, { postId: post.id });
  const removed = await trx
    .deleteFrom('posts')
    .where('id', '=', post.id)
    .returning(['user_id', 'like_count', 'comment_count', 'view_count', 'card_media_id'])
    .executeTakeFirst();
  if (!removed) return false;
  await forgetPostInSpotlight(trx, removed);
  await releaseUploads(trx, after, [post.media_id, removed.card_media_id]);
  after.stream({ type: 'post', action: 'delete', postId: post.id });
  return true;
}

export async function addComment(
  trx: Transaction<DB>,
  after: After,
  viewer: Viewer,
  postId: string,
  content: string,
): Promise<string> {
  const post = await findVisiblePost(trx, viewer, postId);
  const mentions = await mentionsIn(trx, viewer.userId, content);
  const id = uuidv7();
  const now = new Date().toISOString();
  await trx
    .insertInto('comments')
    .values({
      id,
      post_id: postId,
      user_id: viewer.userId,
      content,
      mentions: mentionsColumn(mentions),
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('posts')
    .set({ comment_count: sql`comment_count + 1` })
    .where('id', '=', postId)
    .execute();
  if (post.user_id !== viewer.userId) {
    await notify(trx, after, { userId: post.user_id, fromUserId: viewer.userId, type: 'comment', postId });
  }
  // The post's author hears of the comment already; the others it names, of their mention.
  await tellMentioned(trx, after, viewer.userId, post, mentions, [{ id: post.user_id, username: '' }]);
  return id;
}

export async function deleteComment(trx: Transaction<DB>, viewer: Viewer, commentId: string) {
  const comment = await trx
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.user_id',
      'comments.post_id',
      'posts.user_id as post_author_id',
      'posts.group_id',
      'posts.category',
      'posts.visibility',
      'posts.anonymous',
    ])
    .where('comments.id', '=', commentId)
    .executeTakeFirst();
  if (!comment || !(await canSeeComment(trx, viewer.userId, comment))) throw notFound('comment_not_found');
  if (!canDeleteComment(viewer, comment) && !(await adminsPostsGroup(trx, viewer.userId, comment))) {
    throw forbidden('comment_delete_own_only');
  }
  if (!(await removeComment(trx, comment))) throw notFound('comment_not_found');
}

/**
 * The deletion itself (the post's counter with it), for the author and for a moderator. The counter
 * goes down only when this transaction deleted the row: on PostgreSQL a second delete of the same
 * comment waits on the row lock and then deletes nothing (false).
 */
export async function removeComment(
  trx: Transaction<DB>,
  comment: { id: string; post_id: string },
): Promise<boolean> {
  const deleted = await trx.deleteFrom('comments').where('id', '=', comment.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  await trx
    .updateTable('posts')
    .set({ comment_count: sql`comment_count - 1` })
    .where('id', '=', comment.post_id)
    .execute();
  return true;
}

export async function sharePost(trx: Transaction<DB>, viewer: Viewer, postId: string): Promise<number> {
  const post = await findVisiblePost(trx, viewer, postId);
  // A post for the author's friends (or a request for its author alone) goes no further.
  if (!mayBeShared(post)) throw badRequest('post_not_shareable');
  await trx
    .updateTable('posts')
    .set({ share_count: sql`share_count + 1` })
    .where('id', '=', postId)
    .execute();
  const row = await trx
    .selectFrom('posts')
    .select('share_count')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  return Number(row.share_count);
}

/** One view per member per post per UTC day. */
export async function recordView(trx: Transaction<DB>, viewer: Viewer, postId: string): Promise<boolean> {
  await findVisiblePost(trx, viewer, postId);
  const now = new Date().toISOString();
  const inserted = await trx
    .insertInto('post_views')
    .values({ post_id: postId, viewer_id: viewer.userId, day: now.slice(0, 10), created_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'viewer_id', 'day']).doNothing())
    .executeTakeFirst();
  const counted = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (counted) {
    await trx
      .updateTable('posts')
      .set({ view_count: sql`view_count + 1` })
      .where('id', '=', postId)
      .execute();
  }
  return counted;
}
