import { hashtagsOf } from '@common/text/postText.ts';
import type { DB } from '@server/db/types.ts';
import type { Transaction } from 'kysely';

/**
 * A post's tags, as its text says now: written with the post (createPost, a wall post published or
 * approved) and again on each edit. Its time and author go with each tag (migration 20261202T1920).
 */
export async function writeHashtags(
  trx: Transaction<DB>,
  post: { id: string; content: string; user_id: string; created_at: string },
): Promise<void> {
  await trx.deleteFrom('post_tags').where('post_id', '=', post.id).execute();
  const tags = hashtagsOf(post.content);
  if (tags.length === 0) return;
  await trx
    .insertInto('post_tags')
    .values(
      tags.map((tag) => ({ post_id: post.id, tag, user_id: post.user_id, created_at: post.created_at })),
    )
    .execute();
}

/** 'Follow' and 'Unfollow' on a tag's page: the member's own list, told to no one. */
export async function setTagFollowed(
  trx: Transaction<DB>,
  userId: string,
  tag: string,
  on: boolean,
): Promise<{ following: boolean }> {
  if (on) {
    await trx
      .insertInto('tag_follows')
      .values({ user_id: userId, tag, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
      .execute();
  } else {
    await trx.deleteFrom('tag_follows').where('user_id', '=', userId).where('tag', '=', tag).execute();
  }
  return { following: on };
}
