import { notifyMany } from '@server/commands/notifications.ts';
import type { CommandContext } from '@server/commands/run.ts';
import { runCommand } from '@server/commands/run.ts';
import { type EventEmailContext, sendEventEmails } from '@server/emails/eventEmails.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { membersWhoMaySeeEvent } from '@server/policies/event.ts';
import { sql } from 'kysely';
import type { JobDefinition } from './runner.ts';

/** Often enough that '1 hour before' means within a minute of it. */
export const EVENT_REMINDERS_INTERVAL_MS = 60_000;
const HOUR_MS = 3600 * 1000;
const BATCH = 100;

type Within = '24h' | '1h';

/**
 * Claims the occurrences due a reminder: starting within 24 hours (but not within the hour) for the
 * day's, within the hour for the hour's; an occurrence claimed for the hour also counts as reminded for
 * the day. The claim is one conditional UPDATE, so an occurrence is claimed once however many runners
 * ask at the same moment (the jobs runner's lease keeps it to one node besides).
 */
async function claimDue(ctx: CommandContext, within: Within, now: number) {
  const { db } = ctx.database;
  const column = within === '24h' ? 'reminded_day_at' : 'reminded_hour_at';
  const from = new Date(within === '24h' ? now + HOUR_MS : now).toISOString();
  const to = new Date(now + (within === '24h' ? 24 : 1) * HOUR_MS).toISOString();
  const at = new Date(now).toISOString();
  const due = await db
    .selectFrom('event_occurrences')
    .innerJoin('events', 'events.id', 'event_occurrences.event_id')
    .select(['event_occurrences.event_id', 'event_occurrences.starts_at'])
    .where(`event_occurrences.${column}`, 'is', null)
    .where('event_occurrences.starts_at', '>', from)
    .where('event_occurrences.starts_at', '<=', to)
    .where('events.cancelled_at', 'is', null)
    .orderBy('event_occurrences.starts_at')
    .limit(BATCH)
    .execute();
  const claimed: Array<{ event_id: string; starts_at: string }> = [];
  for (const occurrence of due) {
    const result = await db
      .updateTable('event_occurrences')
      .set(
        within === '24h'
          ? { reminded_day_at: at }
          : { reminded_hour_at: at, reminded_day_at: sql`coalesce(reminded_day_at, ${at})` },
      )
      .where('event_id', '=', occurrence.event_id)
      .where('starts_at', '=', occurrence.starts_at)
      .where(column, 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) claimed.push(occurrence);
  }
  return claimed;
}

/**
 * Tells the members going to each occurrence due a reminder: one bell line, a web push and an email
 * (each under its switch). Returns how many occurrences were reminded.
 */
export async function sendEventReminders(
  ctx: CommandContext & EventEmailContext,
  options: { now?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let reminded = 0;
  for (const within of ['1h', '24h'] as const) {
    for (;;) {
      const claimed = await claimDue(ctx, within, options.now ?? Date.now());
      for (const occurrence of claimed) {
        await remind(ctx, occurrence.event_id, occurrence.starts_at, within);
        reminded += 1;
      }
      if (claimed.length < BATCH || options.signal?.aborted) break;
      await yieldToEventLoop();
    }
  }
  return reminded;
}

async function remind(
  ctx: CommandContext & EventEmailContext,
  eventId: string,
  occurrence: string,
  within: Within,
) {
  const told = await runCommand(ctx, async (trx, after) => {
    const event = await trx
      .selectFrom('events')
      .select(['id', 'title', 'host_id'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event) return null;
    const answered = await trx
      .selectFrom('event_rsvps')
      .select('user_id')
      .where('event_id', '=', eventId)
      .where('occurrence', '=', occurrence)
      .where('answer', '=', 'going')
      .execute();
    // Going, and still allowed to see it: not removed from or banned by its group, nor blocked since.
    const going = await membersWhoMaySeeEvent(
      trx,
      eventId,
      answered.map((row) => row.user_id),
    );
    await notifyMany(trx, after, going, {
      fromUserId: null,
      type: 'event_reminder',
      eventId,
      message: within,
    });
    for (const userId of going) {
      if (event.host_id && userId !== event.host_id) {
        after.push({
          kind: 'event',
          userId,
          fromUserId: event.host_id,
          eventId,
          title: event.title,
          within,
        });
      }
    }
    return { event, going };
  });
  if (told) await sendEventEmails(ctx, told.going, told.event, { kind: 'reminder', within });
}

export function eventRemindersJob(ctx: CommandContext & EventEmailContext): JobDefinition {
  return {
    name: 'event-reminders',
    intervalMs: EVENT_REMINDERS_INTERVAL_MS,
    run: async ({ signal }) => {
      await sendEventReminders(ctx, { signal });
    },
  };
}
