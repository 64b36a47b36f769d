import { spotlightDate } from '@common/schemas/spotlight.ts';
import type { CommandContext } from '@server/commands/run.ts';
import type { DB } from '@server/db/types.ts';
import { computeSpotlight } from '@server/queries/spotlight.ts';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { JobDefinition } from './runner.ts';

export const DAILY_SPOTLIGHT_JOB = 'daily-spotlight';
/** How often a node looks whether today's ranking is there yet: it is computed soon after midnight UTC. */
export const DAILY_SPOTLIGHT_INTERVAL_MS = 10 * 60_000;

async function hasRanking(db: Kysely<DB>, date: string): Promise<boolean> {
  const row = await db
    .selectFrom('spotlight_entries')
    .select('id')
    .where('spotlight_date', '=', date)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Computes the ranking of `date` and stores it in place of any earlier one of that day, in one
 * transaction. Returns how many creators it ranked.
 */
export async function storeSpotlight(
  ctx: CommandContext,
  { date = spotlightDate(), signal, chunk }: { date?: string; signal?: AbortSignal; chunk?: number } = {},
): Promise<number> {
  const entries = await computeSpotlight(ctx.database.db, { signal, chunk });
  signal?.throwIfAborted();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('spotlight_entries').where('spotlight_date', '=', date).execute();
    if (entries.length === 0) return;
    await trx
      .insertInto('spotlight_entries')
      .values(
        entries.map((entry, i) => ({ id: uuidv7(), spotlight_date: date, rank_position: i + 1, ...entry })),
      )
      .execute();
  });
  return entries.length;
}

/**
 * The Daily Spotlight job: on whichever node holds its lease, once a day (the first check after
 * midnight UTC finds no ranking for the new day). A day nobody has posted on has no ranking and is
 * looked at again at each check, which reads nothing.
 */
export function dailySpotlightJob(ctx: CommandContext): JobDefinition {
  return {
    name: DAILY_SPOTLIGHT_JOB,
    intervalMs: DAILY_SPOTLIGHT_INTERVAL_MS,
    run: async ({ signal }) => {
      const date = spotlightDate();
      if (await hasRanking(ctx.database.db, date)) return;
      await storeSpotlight(ctx, { date, signal });
    },
  };
}

/**
 * Makes the spotlight job due now, so the next tick of any node runs it (the page found today's
 * ranking empty). The lease still lets only one node compute it.
 */
export async function requestSpotlightNow(db: Kysely<DB>, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  // The job's row may not exist yet: a node makes it at its first tick after starting.
  await db
    .insertInto('job_leases')
    .values({ name: DAILY_SPOTLIGHT_JOB, holder: null, lease_until: null, next_run_at: at })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ next_run_at: at }).where('job_leases.next_run_at', '>', at),
    )
    .execute();
}

/** Whether some node is computing the spotlight right now. */
export async function spotlightRunning(db: Kysely<DB>, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('job_leases')
    .select(['holder', 'lease_until'])
    .where('name', '=', DAILY_SPOTLIGHT_JOB)
    .executeTakeFirst();
  return Boolean(row?.holder && row.lease_until && row.lease_until > new Date(now).toISOString());
}
