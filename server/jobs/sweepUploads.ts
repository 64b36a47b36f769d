import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { sweepUnattachedUploads } from '@server/commands/uploads.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import type { SweepCursor } from '@server/media/mediaObjects.ts';
import { pruneUploadUsage } from '@server/media/uploadQuota.ts';
import type { JobDefinition } from './runner.ts';

export const SWEEP_UPLOADS_INTERVAL_MS = 3600 * 1000;

/**
 * Deletes every member's uploads that nothing shows and that are over a day old, with their files, a
 * batch at a time with a turn of the event loop between batches. Returns how many went. A file that
 * will not go is logged and left: its row is gone, so nothing links to it any more.
 */
export async function sweepAllUnattachedUploads(
  ctx: CommandContext,
  options: { signal?: AbortSignal; limit?: number; now?: number } = {},
): Promise<number> {
  // One cutoff for the whole pass, so the walk ends even while members keep uploading.
  const now = options.now ?? Date.now();
  let after: SweepCursor | undefined;
  let count = 0;
  do {
    const batch = await runCommand(ctx, (trx, effects) =>
      sweepUnattachedUploads(trx, effects, { limit: options.limit, now, after }),
    );
    count += batch.swept;
    after = batch.next ?? undefined;
    await yieldToEventLoop();
  } while (after && !options.signal?.aborted);
  return count;
}

/**
 * The hourly sweep, so leftovers of members who never upload again go too; it also forgets the quota's
 * record of uploads that have left the 24 h window.
 */
export function sweepUploadsJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'sweep-unattached-uploads',
    intervalMs: SWEEP_UPLOADS_INTERVAL_MS,
    run: async ({ signal }) => {
      await sweepAllUnattachedUploads(ctx, { signal });
      if (!signal?.aborted) await pruneUploadUsage(ctx.database.db);
    },
  };
}
