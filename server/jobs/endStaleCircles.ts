import { endCircle } from '@server/commands/circles.ts';
import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { listStaleCircleIds } from '@server/queries/circles.ts';
import { type JobDefinition, yieldToEventLoop } from './runner.ts';

/** Often enough that a crashed host's circle leaves the lists soon after the 45 s window. */
export const END_STALE_CIRCLES_INTERVAL_MS = 15_000;

/**
 * Ends every live circle whose host has not sent a heartbeat within the freshness window (the host's
 * tab crashed or lost its network): status ended, off the lists, its room and the lists told.
 * Returns how many it ended.
 */
export async function endStaleCircles(
  ctx: CommandContext,
  options: { signal?: AbortSignal; now?: number } = {},
): Promise<number> {
  let ended = 0;
  for (;;) {
    const ids = await listStaleCircleIds(ctx.database.db, options.now ?? Date.now());
    for (const id of ids) {
      await runCommand(ctx, (trx, after) => endCircle(trx, after, id, null));
      ended += 1;
    }
    if (ids.length === 0 || options.signal?.aborted) return ended;
    await yieldToEventLoop();
  }
}

export function endStaleCirclesJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'end-stale-circles',
    intervalMs: END_STALE_CIRCLES_INTERVAL_MS,
    run: async ({ signal }) => {
      await endStaleCircles(ctx, { signal });
    },
  };
}
