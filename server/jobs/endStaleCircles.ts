import { endCircle } from '@server/commands/circles.ts';
import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { listStaleCircleIds } from '@server/queries/circles.ts';
import type { JobDefinition } from './runner.ts';

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

/**
 * A Janus server stopped answering (server/circles/janus.ts): its live circles cannot carry media any
 * more, so they end, and their guests are sent back with the ended circle's message. Every node that
 * notices does this; ending an ended circle changes nothing.
 */
export async function endCirclesOnJanus(ctx: CommandContext, serverUrl: string): Promise<number> {
  const ids = await ctx.database.db
    .selectFrom('faith_circle_janus_rooms as r')
    .innerJoin('faith_circles as c', 'c.id', 'r.circle_id')
    .where('r.server_url', '=', serverUrl)
    .where('c.status', '!=', 'ended')
    .select('c.id')
    .execute();
  for (const { id } of ids) {
    await runCommand(ctx, (trx, after) => endCircle(trx, after, id, null)).catch((error: unknown) =>
      ctx.log.error({ err: error, circle: id }, 'could not end a circle of a Janus server that stopped'),
    );
  }
  if (ids.length > 0)
    ctx.log.warn(
      { janus: serverUrl, circles: ids.length },
      'ended the live circles of a Janus server that stopped answering',
    );
  return ids.length;
}
