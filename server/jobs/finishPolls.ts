import { finishPolls } from '@server/commands/polls.ts';
import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import type { JobDefinition } from './runner.ts';

/** Often enough that 'Final results' comes within a minute of a poll's end. */
export const FINISH_POLLS_INTERVAL_MS = 30_000;

/** Sends every due poll's 'Final results' (commands/polls.ts), a batch per transaction. */
export async function finishDuePolls(
  ctx: CommandContext,
  options: { signal?: AbortSignal; now?: number } = {},
): Promise<number> {
  let finished = 0;
  for (;;) {
    const now = new Date(options.now ?? Date.now()).toISOString();
    const count = await runCommand(ctx, (trx, after) => finishPolls(trx, after, now));
    finished += count;
    if (count === 0 || options.signal?.aborted) return finished;
    await yieldToEventLoop();
  }
}

export function finishPollsJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'finish-polls',
    intervalMs: FINISH_POLLS_INTERVAL_MS,
    run: async ({ signal }) => {
      await finishDuePolls(ctx, { signal });
    },
  };
}
