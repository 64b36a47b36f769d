import { setTimeout as sleep } from 'node:timers/promises';
import { MEDIA_ONLY_CONTENT } from '@common/schemas/posts.ts';
import { SPOTLIGHT_SIZE, type SpotlightEntry } from '@common/schemas/spotlight.ts';
import type { DB } from '@server/db/types.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { forEveryoneOutsideGroups, textLeavesSplikz, textMayLeave } from '@server/policies/prayer.ts';
import type { Kysely } from 'kysely';

/** Posts read per statement: each takes a few milliseconds on SQLite, whose reads hold the event loop. */
export const SPOTLIGHT_CHUNK = 2000;
/**
 * After each chunk the job rests this many times as long as the chunk took, so it takes at most a third
 * of the event loop and requests keep their usual latency: a daily job can wait.
 */
export const SPOTLIGHT_REST_RATIO = 2;
/**
 * How many creators the day's ranking stores: more than the ten shown, because the ranking is one for
 * everybody and each viewer's blocks (both ways) are taken out when it is read. A viewer who hides up
 * to 20 of the top 30 still sees ten; one who hides more sees the rest of the 30.
 */
export const SPOTLIGHT_STORED = SPOTLIGHT_SIZE * 3;

export interface Totals {
  userId: string;
  likes: number;
  comments: number;
  views: number;
  posts: number;
}

const engagement = (t: Totals) => t.likes + t.comments + t.views;

/**
 * The order of the ranking: more engagement first; a tie goes to more likes, then more posts, then the
 * user id, so the same data always gives the same ranking.
 */
export function compareCreators(a: Totals, b: Totals): number {
  return (
    engagement(b) - engagement(a) ||
    b.likes - a.likes ||
    b.posts - a.posts ||
    (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)
  );
}

/** Keeps the `size` best of what it is shown, in order, without sorting every creator. */
function keepBest(best: Totals[], candidate: Totals, size: number): void {
  if (best.length === size && compareCreators(candidate, best[size - 1]!) >= 0) return;
  let at = best.length;
  while (at > 0 && compareCreators(candidate, best[at - 1]!) < 0) at -= 1;
  best.splice(at, 0, candidate);
  if (best.length > size) best.pop();
}

/**
 * Today's ranking of creators by all-time engagement on their posts (likes + comments + views received),
 * read in keyset chunks of SPOTLIGHT_CHUNK posts with a rest between them, so requests keep being
 * answered at their usual pace while it runs. Members deleted meanwhile (their profile is gone) are left out.
 */
export async function computeSpotlight(
  db: Kysely<DB>,
  {
    signal,
    chunk = SPOTLIGHT_CHUNK,
    restRatio = SPOTLIGHT_REST_RATIO,
  }: { signal?: AbortSignal; chunk?: number; restRatio?: number } = {},
): Promise<Array<Omit<SpotlightEntry, 'rank'>>> {
  const totals = new Map<string, Totals>();
  let after: string | null = null;
  for (;;) {
    const began = performance.now();
    let query = db
      .selectFrom('posts')
      .select(['id', 'user_id', 'like_count', 'comment_count', 'view_count', 'visibility', 'anonymous'])
      .orderBy('id')
      .limit(chunk);
    if (after !== null) query = query.where('id', '>', after);
    const rows = await query.execute();
    for (const row of rows) {
      // Only what everyone may see counts, and never an anonymous request: its author stays unknown.
      if (!textMayLeave(row)) continue;
      let t = totals.get(row.user_id);
      if (!t) {
        t = { userId: row.user_id, likes: 0, comments: 0, views: 0, posts: 0 };
        totals.set(row.user_id, t);
      }
      t.likes += Number(row.like_count);
      t.comments += Number(row.comment_count);
      t.views += Number(row.view_count);
      t.posts += 1;
    }
    if (rows.length < chunk) break;
    after = rows.at(-1)!.id;
    signal?.throwIfAborted();
    const rest = (performance.now() - began) * restRatio;
    await (rest >= 1 ? sleep(rest) : yieldToEventLoop());
  }

  // A few more than stored: a member deleted since their posts were read drops out below.
  const best: Totals[] = [];
  for (const t of totals.values()) keepBest(best, t, SPOTLIGHT_STORED + SPOTLIGHT_SIZE);
  const ids = best.map((t) => t.userId);
  const profiles = ids.length
    ? await db
        .selectFrom('profiles')
        .select(['id', 'username', 'full_name', 'avatar_url'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const profileOf = new Map(profiles.map((p) => [p.id, p]));
  const ranked = best.filter((t) => profileOf.has(t.userId)).slice(0, SPOTLIGHT_STORED);
  const entries: Array<Omit<SpotlightEntry, 'rank'>> = [];
  for (const t of ranked) {
    const profile = profileOf.get(t.userId)!;
    const top = await topPost(db, t.userId);
    entries.push({
      user_id: t.userId,
      username: profile.username,
      full_name: profile.full_name || null,
      avatar_url: profile.avatar_url,
      total_engagement: engagement(t),
      total_likes: t.likes,
      total_comments: t.comments,
      total_views: t.views,
      posts_count: t.posts,
      top_post_content: top?.content ?? null,
      top_post_image_url: top?.image ?? null,
    });
  }
  return entries;
}

/** The creator's most engaging post (the newest of equals): its text, and its photo or video poster. */
export async function topPost(db: Kysely<DB>, userId: string) {
  const post = await db
    .selectFrom('posts')
    .select(['content', 'media_type', 'image_url', 'image_feed_url'])
    .where('user_id', '=', userId)
    // Shown to everyone: never a post written in a group, for fewer readers or anonymously.
    .where(forEveryoneOutsideGroups)
    .where(textLeavesSplikz)
    // The Spotlight shows the post itself: never one its author put behind a warning.
    .where('content_warning', 'is', null)
    .orderBy((eb) => eb(eb('like_count', '+', eb.ref('comment_count')), '+', eb.ref('view_count')), 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!post) return null;
  const image =
    post.media_type === 'photo'
      ? (post.image_feed_url ?? post.image_url)
      : post.media_type === 'video'
        ? post.image_feed_url
        : null;
  return { content: post.content === MEDIA_ONLY_CONTENT ? null : post.content, image };
}

/**
 * The top ten of the stored ranking of `date` that `viewerId` may see, numbered 1.. in order: members
 * the viewer blocked or who blocked them are left out (notHiddenFrom), and so is a member deleted since
 * it was computed (their row goes, ON DELETE CASCADE); the ones below move up. Without a viewer (the
 * job's tests, benchmarks) nobody is left out.
 */
export async function readSpotlight(
  db: Kysely<DB>,
  date: string,
  viewerId?: string,
): Promise<SpotlightEntry[]> {
  let query = db
    .selectFrom('spotlight_entries')
    .select([
      'user_id',
      'username',
      'full_name',
      'avatar_url',
      'total_engagement',
      'total_likes',
      'total_comments',
      'total_views',
      'posts_count',
      'top_post_content',
      'top_post_image_url',
    ])
    .where('spotlight_date', '=', date);
  if (viewerId !== undefined) query = query.where(notHiddenFrom(viewerId, 'spotlight_entries.user_id'));
  const rows = await query.orderBy('rank_position').limit(SPOTLIGHT_SIZE).execute();
  return rows.map((row, i) => ({
    rank: i + 1,
    ...row,
    total_engagement: Number(row.total_engagement),
    total_likes: Number(row.total_likes),
    total_comments: Number(row.total_comments),
    total_views: Number(row.total_views),
    posts_count: Number(row.posts_count),
  }));
}
