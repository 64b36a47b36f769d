import { CIRCLE_DURATIONS, CIRCLE_LIMITS } from '@common/schemas/circles.ts';
import { createCircle } from '@server/commands/circles.ts';
import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { earliestUnderWay } from '@server/queries/events.ts';
import type { JobDefinition } from './runner.ts';

export const OPEN_EVENT_CIRCLES_INTERVAL_MS = 30_000;
/** A circle opens this long before its occurrence starts, so the host can set up. */
const OPEN_BEFORE_MS = 10 * 60_000;

/**
 * Opens the FaithVerse circle of each online event whose occurrence is about to start (place
 * 'circle'): a circle of the host's, in the event's group when it has one, which the event page then
 * links to. Each occurrence is claimed once (circle_opened_at) before its circle is made, so two
 * runners never open two. Returns how many circles opened.
 */
export async function openEventCircles(ctx: CommandContext, options: { now?: number } = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const { db } = ctx.database;
  const due = await db
    .selectFrom('event_occurrences as o')
    .innerJoin('events', 'events.id', 'o.event_id')
    .select(['events.id', 'events.title', 'events.host_id', 'events.group_id', 'o.starts_at', 'o.ends_at'])
    .where('events.place', '=', 'circle')
    .where('events.cancelled_at', 'is', null)
    .where('events.host_id', 'is not', null)
    .where('o.circle_opened_at', 'is', null)
    .where('o.starts_at', '<=', new Date(now + OPEN_BEFORE_MS).toISOString())
    // None that started before the longest event's length ago is still on: the walk of
    // event_occurrences_start_idx then covers the last week, not every occurrence since the first.
    .where('o.starts_at', '>', earliestUnderWay(new Date(now).toISOString()))
    .where('o.ends_at', '>', new Date(now).toISOString())
    .limit(100)
    .execute();
  let opened = 0;
  for (const occurrence of due) {
    const made = await runCommand(ctx, async (trx) => {
      const claimed = await trx
        .updateTable('event_occurrences')
        .set({ circle_opened_at: new Date(now).toISOString() })
        .where('event_id', '=', occurrence.id)
        .where('starts_at', '=', occurrence.starts_at)
        .where('circle_opened_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const minutes = (Date.parse(occurrence.ends_at) - Date.parse(occurrence.starts_at)) / 60_000;
      const circle = await createCircle(trx, occurrence.host_id!, {
        title: occurrence.title.slice(0, CIRCLE_LIMITS.titleMax),
        faith: 'Other',
        mode: 'scheduled',
        // The longest a circle runs that covers the event, or the longest there is.
        duration_min: CIRCLE_DURATIONS.find((d) => d >= minutes) ?? CIRCLE_DURATIONS.at(-1)!,
        ...(occurrence.group_id ? { group_id: occurrence.group_id } : {}),
      }).catch(() => null);
      // A host who left the event's group opens no circle in it; the event keeps its page.
      if (!circle) return false;
      await trx.updateTable('events').set({ circle_id: circle.id }).where('id', '=', occurrence.id).execute();
      return true;
    });
    if (made) opened += 1;
  }
  return opened;
}

export function openEventCirclesJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'open-event-circles',
    intervalMs: OPEN_EVENT_CIRCLES_INTERVAL_MS,
    run: async () => {
      await openEventCircles(ctx);
    },
  };
}
