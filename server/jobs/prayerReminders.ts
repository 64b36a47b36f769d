import { PRAYER_EXPIRY_WARN_DAYS } from '@common/schemas/prayer.ts';
import { notify } from '@server/commands/notifications.ts';
import type { CommandContext } from '@server/commands/run.ts';
import { runCommand } from '@server/commands/run.ts';
import type { EventEmailContext } from '@server/emails/eventEmails.ts';
import { sendPrayerReminderEmail } from '@server/emails/prayerEmails.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { nextReminderAt } from '@server/prayer/reminderTimes.ts';
import { readPrayerList } from '@server/queries/prayer.ts';
import type { JobDefinition } from './runner.ts';

/** Often enough that a reminder at 07:30 comes within a minute of it. */
export const PRAYER_JOBS_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 100;

type Context = CommandContext & EventEmailContext;

/**
 * Claims the reminders due at `now` by moving each one's next_at to its next day, in one conditional
 * UPDATE per member: however many runners ask at once (the job lease keeps it to one node besides),
 * each reminder is claimed, and so sent, once.
 */
async function claimReminders(ctx: Context, now: number): Promise<string[]> {
  const { db } = ctx.database;
  const due = await db
    .selectFrom('prayer_reminders')
    .selectAll()
    .where('next_at', '<=', new Date(now).toISOString())
    .orderBy('next_at')
    .limit(BATCH)
    .execute();
  const claimed: string[] = [];
  for (const reminder of due) {
    const result = await db
      .updateTable('prayer_reminders')
      .set({ next_at: nextReminderAt(reminder.time_of_day, reminder.time_zone, now) })
      .where('user_id', '=', reminder.user_id)
      .where('next_at', '=', reminder.next_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(reminder.user_id);
  }
  return claimed;
}

/**
 * 'Remind me daily': one bell line listing how many requests are on the member's list (their 'I
 * prayed' buttons are on /prayer/list), and a push and an email under the member's Prayer switches.
 * An empty list sends nothing. Returns how many members were reminded.
 */
export async function sendPrayerReminders(
  ctx: Context,
  options: { now?: number; signal?: AbortSignal } = {},
) {
  let reminded = 0;
  for (;;) {
    const claimed = await claimReminders(ctx, options.now ?? Date.now());
    for (const userId of claimed) {
      const count = (await readPrayerList(ctx.database.db, userId)).items.length;
      if (count === 0) continue;
      await runCommand(ctx, async (trx, after) => {
        await notify(trx, after, {
          userId,
          fromUserId: null,
          type: 'prayer_reminder',
          message: String(count),
        });
        after.push({ kind: 'prayer', userId, count });
      });
      await sendPrayerReminderEmail(ctx, userId, count);
      reminded += 1;
    }
    if (claimed.length < BATCH || options.signal?.aborted) break;
    await yieldToEventLoop();
  }
  return reminded;
}

/**
 * 'Still need prayer?': the author of an unanswered request that expires within
 * PRAYER_EXPIRY_WARN_DAYS is asked once (until they renew it or update it), claimed like a reminder.
 */
export async function askBeforeExpiry(ctx: Context, options: { now?: number } = {}) {
  const { db } = ctx.database;
  const now = options.now ?? Date.now();
  const at = new Date(now).toISOString();
  const due = await db
    .selectFrom('posts')
    .select(['id', 'user_id'])
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', new Date(now + PRAYER_EXPIRY_WARN_DAYS * DAY_MS).toISOString())
    .where('expiry_asked_at', 'is', null)
    .where('answered_at', 'is', null)
    .limit(BATCH)
    .execute();
  let asked = 0;
  for (const post of due) {
    await runCommand(ctx, async (trx, after) => {
      const claimed = await trx
        .updateTable('posts')
        .set({ expiry_asked_at: at })
        .where('id', '=', post.id)
        .where('expiry_asked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      await notify(trx, after, {
        userId: post.user_id,
        fromUserId: null,
        type: 'prayer_expiring',
        postId: post.id,
      });
      asked += 1;
    });
  }
  return asked;
}

export function prayerRemindersJob(ctx: Context): JobDefinition {
  return {
    name: 'prayer-reminders',
    intervalMs: PRAYER_JOBS_INTERVAL_MS,
    run: async ({ signal }) => {
      await sendPrayerReminders(ctx, { signal });
      await askBeforeExpiry(ctx);
    },
  };
}
