import { PRAYER_EXPIRY_DEFAULT, PRAYER_LIST_MAX } from '@common/schemas/prayer.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB, PostsTable } from '@server/db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { isExpired, memberInAudienceOf } from '@server/policies/prayer.ts';
import { nextReminderAt } from '@server/prayer/reminderTimes.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import { sql, type Transaction, type Updateable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { notifyMany } from './notifications.ts';
import type { After } from './run.ts';

/**
 * The life of a prayer request after it is asked (issue 27): its author's updates, answer, renewal and
 * choices; a member's prayer list, 'Stop updates' and daily reminder. Every command first finds the
 * request as the viewer may see it (findVisiblePost: blocks, group, audience; 404 otherwise).
 */

type Trx = Transaction<DB>;
type Request = Awaited<ReturnType<typeof findVisiblePost>>;
const DAY_MS = 24 * 3600 * 1000;

async function findRequest(trx: Trx, viewer: Viewer, postId: string): Promise<Request> {
  const post = await findVisiblePost(trx, viewer, postId);
  if (post.category !== 'prayer') throw badRequest('prayer_not_request');
  return post;
}

async function ownRequest(trx: Trx, viewer: Viewer, postId: string): Promise<Request> {
  const post = await findRequest(trx, viewer, postId);
  if (post.user_id !== viewer.userId) throw forbidden('prayer_author_only');
  return post;
}

/** Its expiry counted again from now (an update, a renewal), or none. */
function expiryFrom(days: number | null, now: number) {
  return {
    expires_at: days === null ? null : new Date(now + days * DAY_MS).toISOString(),
    expiry_asked_at: null,
  };
}

/**
 * Who hears of a request's updates and answer: those who prayed for it or keep it on their list, but
 * not those who chose 'Stop updates', the author, anyone blocked either way with the author, or anyone
 * no longer in its audience (a friendship ended, a group left).
 */
async function followersOf(trx: Trx, post: Request): Promise<string[]> {
  const query = trx
    .selectFrom(
      trx
        .selectFrom('prayers')
        .select('user_id')
        .where('post_id', '=', post.id)
        .union(trx.selectFrom('prayer_list').select('user_id').where('post_id', '=', post.id))
        .as('f'),
    )
    .select('f.user_id')
    .where('f.user_id', '!=', post.user_id)
    .where('f.user_id', 'not in', (eb) =>
      eb.selectFrom('prayer_update_offs').select('user_id').where('post_id', '=', post.id),
    )
    .where(notHiddenFrom(post.user_id, 'f.user_id'))
    .where(memberInAudienceOf(post, 'f.user_id'));
  return (await query.execute()).map((row) => row.user_id);
}

/** Open pages of the request (the author's and its followers') reload it: `prayer:changed`. */
function announce(after: After, post: Request, followers: string[]) {
  after.emitToUser([post.user_id, ...followers], 'prayer:changed', { post_id: post.id });
}

/** 'Still need prayer?' is answered (renewed, updated or answered): its bell line goes. */
async function withdrawExpiryQuestion(trx: Trx, after: After, post: Request) {
  await trx
    .deleteFrom('notifications')
    .where('user_id', '=', post.user_id)
    .where('post_id', '=', post.id)
    .where('type', '=', 'prayer_expiring')
    .execute();
  after.notificationsChanged(post.user_id);
}

/** 'Add an update': in order under the request; it counts as asking again (the expiry starts over). */
export async function addPrayerUpdate(
  trx: Trx,
  after: After,
  viewer: Viewer,
  postId: string,
  content: string,
) {
  const post = await ownRequest(trx, viewer, postId);
  const now = Date.now();
  const update = { id: uuidv7(), post_id: post.id, content, created_at: new Date(now).toISOString() };
  await trx.insertInto('prayer_updates').values(update).execute();
  await trx
    .updateTable('posts')
    .set({
      update_count: sql`update_count + 1`,
      ...(post.answered_at === null ? expiryFrom(post.expires_after_days, now) : {}),
    })
    .where('id', '=', post.id)
    .execute();
  if (post.answered_at === null) await withdrawExpiryQuestion(trx, after, post);
  const followers = await followersOf(trx, post);
  await notifyMany(trx, after, followers, {
    fromUserId: post.anonymous ? null : post.user_id,
    type: 'prayer_update',
    postId: post.id,
  });
  announce(after, post, followers);
  return { id: update.id, content: update.content, created_at: update.created_at };
}

/**
 * 'Mark as answered', with an optional testimony: it never expires then, leaves every prayer list, and
 * those who prayed for it (or listed it) are told.
 */
export async function markAnswered(
  trx: Trx,
  after: After,
  viewer: Viewer,
  postId: string,
  testimony: string | undefined,
) {
  const post = await ownRequest(trx, viewer, postId);
  const answered = await trx
    .updateTable('posts')
    .set({
      answered_at: new Date().toISOString(),
      testimony: testimony || null,
      expires_at: null,
      expiry_asked_at: null,
    })
    .where('id', '=', post.id)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  if (Number(answered.numUpdatedRows) === 0) throw conflict('prayer_already_answered');
  const followers = await followersOf(trx, post);
  await trx.deleteFrom('prayer_list').where('post_id', '=', post.id).execute();
  await notifyMany(trx, after, followers, {
    fromUserId: post.anonymous ? null : post.user_id,
    type: 'prayer_answered',
    postId: post.id,
  });
  await withdrawExpiryQuestion(trx, after, post);
  announce(after, post, followers);
}

/** 'Keep praying': the request is asked again for its chosen days (30 if it had none). */
export async function renewRequest(trx: Trx, after: After, viewer: Viewer, postId: string) {
  const post = await ownRequest(trx, viewer, postId);
  if (post.answered_at !== null) throw conflict('prayer_already_answered');
  const days = post.expires_after_days ?? PRAYER_EXPIRY_DEFAULT;
  await trx
    .updateTable('posts')
    .set({ expires_after_days: days, ...expiryFrom(days, Date.now()) })
    .where('id', '=', post.id)
    .execute();
  await withdrawExpiryQuestion(trx, after, post);
  announce(after, post, []);
}

/** The author's choices: told of each prayer or not, and after how many days it expires (from now). */
export async function setPrayerSettings(
  trx: Trx,
  after: After,
  viewer: Viewer,
  postId: string,
  input: { notify_prayed?: boolean; expires_after_days?: 7 | 30 | 90 | null },
) {
  const post = await ownRequest(trx, viewer, postId);
  const days = input.expires_after_days;
  const changes: Updateable<PostsTable> = {};
  if (input.notify_prayed !== undefined) changes.notify_prayed = input.notify_prayed;
  if (days !== undefined) {
    changes.expires_after_days = days;
    if (post.answered_at === null) Object.assign(changes, expiryFrom(days, Date.now()));
  }
  if (Object.keys(changes).length > 0) {
    await trx.updateTable('posts').set(changes).where('id', '=', post.id).execute();
  }
  announce(after, post, []);
}

/** 'Stop updates' (following false) or hear them again. */
export async function setFollowing(trx: Trx, viewer: Viewer, postId: string, following: boolean) {
  const post = await findRequest(trx, viewer, postId);
  if (following) {
    await trx
      .deleteFrom('prayer_update_offs')
      .where('user_id', '=', viewer.userId)
      .where('post_id', '=', post.id)
      .execute();
  } else {
    await trx
      .insertInto('prayer_update_offs')
      .values({ user_id: viewer.userId, post_id: post.id })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .execute();
  }
  return { following };
}

/** 'Pray for this': the request joins the member's prayer list (once; at most PRAYER_LIST_MAX). */
export async function addToPrayerList(trx: Trx, viewer: Viewer, postId: string) {
  const post = await findRequest(trx, viewer, postId);
  if (post.user_id === viewer.userId) throw badRequest('prayer_own_request');
  if (post.answered_at !== null) throw conflict('prayer_answered_not_listed');
  if (isExpired(post)) throw conflict('prayer_expired_not_listed');
  const { n } = await trx
    .selectFrom('prayer_list')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', viewer.userId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= PRAYER_LIST_MAX) throw conflict('prayer_list_full', { max: PRAYER_LIST_MAX });
  await trx
    .insertInto('prayer_list')
    .values({ user_id: viewer.userId, post_id: post.id, added_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .execute();
}

/** 'Remove': off the list (a request the member cannot see any more can still be removed). */
export async function removeFromPrayerList(trx: Trx, viewer: Viewer, postId: string) {
  const removed = await trx
    .deleteFrom('prayer_list')
    .where('user_id', '=', viewer.userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('prayer_not_on_list');
}

/** 'Remind me daily' at a time of day in the member's zone, or no reminder (time null). */
export async function setPrayerReminder(trx: Trx, viewer: Viewer, time: string | null, timeZone: string) {
  if (time === null) {
    await trx.deleteFrom('prayer_reminders').where('user_id', '=', viewer.userId).execute();
    return { time: null, time_zone: timeZone };
  }
  const row = {
    user_id: viewer.userId,
    time_of_day: time,
    time_zone: timeZone,
    next_at: nextReminderAt(time, timeZone, Date.now()),
  };
  await trx
    .insertInto('prayer_reminders')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ time_of_day: time, time_zone: timeZone, next_at: row.next_at }),
    )
    .execute();
  return { time, time_zone: timeZone };
}
