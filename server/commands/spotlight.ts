import { spotlightDate } from '@common/schemas/spotlight.ts';
import type { DB } from '@server/db/types.ts';
import { compareCreators, type Totals, topPost } from '@server/queries/spotlight.ts';
import type { Transaction } from 'kysely';

type NumberLike = number | string | bigint;

/**
 * A post that is gone (its author or a moderator deleted it) leaves today's Spotlight at once, without
 * waiting for tomorrow's ranking: its engagement comes off its creator's entry, the entry shows their
 * best remaining post, a creator with no post left drops out, and the others are put back in order.
 * Call it after the post's row is deleted, with the counts that row had.
 */
export async function forgetPostInSpotlight(
  trx: Transaction<DB>,
  post: { user_id: string; like_count: NumberLike; comment_count: NumberLike; view_count: NumberLike },
  date = spotlightDate(),
): Promise<void> {
  const entry = await trx
    .selectFrom('spotlight_entries')
    .select(['id', 'total_likes', 'total_comments', 'total_views', 'posts_count'])
    .where('spotlight_date', '=', date)
    .where('user_id', '=', post.user_id)
    .executeTakeFirst();
  if (!entry) return;
  const postsLeft = Number(entry.posts_count) - 1;
  if (postsLeft <= 0) {
    await trx.deleteFrom('spotlight_entries').where('id', '=', entry.id).execute();
  } else {
    const totals = {
      likes: Math.max(0, Number(entry.total_likes) - Number(post.like_count)),
      comments: Math.max(0, Number(entry.total_comments) - Number(post.comment_count)),
      views: Math.max(0, Number(entry.total_views) - Number(post.view_count)),
    };
    const top = await topPost(trx, post.user_id);
    await trx
      .updateTable('spotlight_entries')
      .set({
        total_likes: totals.likes,
        total_comments: totals.comments,
        total_views: totals.views,
        total_engagement: totals.likes + totals.comments + totals.views,
        posts_count: postsLeft,
        top_post_content: top?.content ?? null,
        top_post_image_url: top?.image ?? null,
      })
      .where('id', '=', entry.id)
      .execute();
  }
  await rerankSpotlight(trx, date);
}

/** Numbers the day's entries 1.. again in the ranking's order (compareCreators). */
async function rerankSpotlight(trx: Transaction<DB>, date: string): Promise<void> {
  const rows = await trx
    .selectFrom('spotlight_entries')
    .select(['id', 'user_id', 'rank_position', 'total_likes', 'total_comments', 'total_views', 'posts_count'])
    .where('spotlight_date', '=', date)
    .execute();
  const ranked = rows
    .map((row) => {
      const totals: Totals = {
        userId: row.user_id,
        likes: Number(row.total_likes),
        comments: Number(row.total_comments),
        views: Number(row.total_views),
        posts: Number(row.posts_count),
      };
      return { id: row.id, rank: Number(row.rank_position), totals };
    })
    .sort((a, b) => compareCreators(a.totals, b.totals));
  const moved = ranked.map((row, i) => ({ ...row, next: i + 1 })).filter((row) => row.rank !== row.next);
  // (spotlight_date, rank_position) is unique at every row: the moved ones step aside first.
  for (const [i, row] of moved.entries()) {
    await trx
      .updateTable('spotlight_entries')
      .set({ rank_position: -(i + 1) })
      .where('id', '=', row.id)
      .execute();
  }
  for (const row of moved) {
    await trx
      .updateTable('spotlight_entries')
      .set({ rank_position: row.next })
      .where('id', '=', row.id)
      .execute();
  }
}
