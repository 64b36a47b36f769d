import type { Poll, PollInput } from '@common/schemas/polls.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, notFound } from '@server/http/errors.ts';
import { canSeePost } from '@server/policies/post.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import { PostgresAdapter, type Transaction } from 'kysely';
import { notify } from './notifications.ts';
import type { After } from './run.ts';

/**
 * A new post's poll as its post keeps it (`posts.poll`, migration 20261203T0800: every option at no
 * votes), and when it ends.
 */
export function newPoll(input: PollInput, now: number): { json: string; endsAt: string } {
  const endsAt = new Date(now + input.expires_in * 1000).toISOString();
  const poll: Poll = {
    options: input.options.map((title) => ({ title, votes_count: 0 })),
    multiple: input.multiple ?? false,
    expires_at: endsAt,
    votes_count: 0,
    voters_count: 0,
  };
  return { json: JSON.stringify(poll), endsAt };
}

/** The poll's row in `polls`, for the job that sends its 'Final results' (after its post is written). */
export async function keepPollEnd(trx: Transaction<DB>, postId: string, endsAt: string): Promise<void> {
  await trx.insertInto('polls').values({ post_id: postId, ends_at: endsAt, finished_at: null }).execute();
}

/**
 * 'Vote': the viewer's choices in a poll of a post they may see, once, before it ends. The post's row
 * is read for update (PostgreSQL), so two votes at once count both; the counts in its JSON move in the
 * vote's transaction.
 */
export async function votePoll(
  trx: Transaction<DB>,
  viewer: Viewer,
  postId: string,
  choices: number[],
): Promise<void> {
  await findVisiblePost(trx, viewer, postId);
  let query = trx.selectFrom('posts').select('poll').where('id', '=', postId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row?.poll) throw notFound('poll_not_found');
  const poll = JSON.parse(row.poll) as Poll;
  if (Date.parse(poll.expires_at) <= Date.now()) throw badRequest('poll_ended');
  if (choices.some((choice) => choice >= poll.options.length)) {
    throw badRequest('poll_choices_invalid', { max: poll.options.length });
  }
  if (!poll.multiple && choices.length > 1) throw badRequest('poll_one_choice');
  const voted = await trx
    .selectFrom('poll_votes')
    .select('choice')
    .where('post_id', '=', postId)
    .where('user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (voted) throw conflict('poll_already_voted');
  const now = new Date().toISOString();
  await trx
    .insertInto('poll_votes')
    .values(choices.map((choice) => ({ post_id: postId, user_id: viewer.userId, choice, created_at: now })))
    .execute();
  for (const choice of choices) poll.options[choice]!.votes_count += 1;
  poll.votes_count += choices.length;
  poll.voters_count += 1;
  await trx
    .updateTable('posts')
    .set({ poll: JSON.stringify(poll) })
    .where('id', '=', postId)
    .execute();
}

/** Polls whose results one run sends out at most; the next run takes the rest. */
const FINISH_BATCH = 50;

/**
 * 'Final results': each poll past its end whose results have not gone out tells its author and its
 * voters (the bell, under the usual blocks). Marked first, in the same transaction, so a poll is told
 * once even from two nodes. Returns how many polls it finished (FINISH_BATCH at most).
 */
export async function finishPolls(trx: Transaction<DB>, after: After, now: string): Promise<number> {
  const due = await trx
    .selectFrom('polls')
    .innerJoin('posts', 'posts.id', 'polls.post_id')
    .select([
      'polls.post_id',
      'posts.user_id',
      'posts.group_id',
      'posts.category',
      'posts.visibility',
      'posts.anonymous',
    ])
    .where('polls.finished_at', 'is', null)
    .where('polls.ends_at', '<=', now)
    .orderBy('polls.ends_at')
    .limit(FINISH_BATCH)
    .execute();
  for (const poll of due) {
    const marked = await trx
      .updateTable('polls')
      .set({ finished_at: now })
      .where('post_id', '=', poll.post_id)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) continue;
    const voters = await trx
      .selectFrom('poll_votes')
      .select('user_id')
      .distinct()
      .where('post_id', '=', poll.post_id)
      .execute();
    // A voter who can no longer see the post (left its group, unfriended, blocked) hears nothing of it.
    const told = new Set([poll.user_id]);
    for (const { user_id } of voters) {
      if (!told.has(user_id) && (await canSeePost(trx, user_id, poll))) told.add(user_id);
    }
    for (const userId of told) {
      await notify(trx, after, { userId, fromUserId: null, type: 'poll_ended', postId: poll.post_id });
    }
  }
  return due.length;
}
