import { deleteUnconfirmedAccount } from '@server/commands/deleteAccount.ts';
import { type CommandContext, runCommand } from '@server/commands/run.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import type { JobDefinition } from './runner.ts';

/** How long a sign-up may stay unconfirmed before the account goes and its username is free again. */
export const UNCONFIRMED_ACCOUNT_TTL_MS = 7 * 24 * 3600 * 1000;
export const DELETE_UNCONFIRMED_ACCOUNTS_INTERVAL_MS = 3600 * 1000;
const BATCH = 100;

/**
 * Deletes every account still unconfirmed a week after sign-up (its profile, hidden from everyone
 * until then, goes with it), one transaction per account and a turn of the event loop between
 * batches. Returns how many went.
 */
export async function deleteUnconfirmedAccounts(
  ctx: CommandContext,
  options: { signal?: AbortSignal; now?: number } = {},
): Promise<number> {
  // One cutoff for the whole pass, so the walk ends even while people keep signing up.
  const cutoff = new Date((options.now ?? Date.now()) - UNCONFIRMED_ACCOUNT_TTL_MS).toISOString();
  let deleted = 0;
  let after = '';
  for (;;) {
    const rows = await ctx.database.db
      .selectFrom('user')
      .select('id')
      .where('emailVerified', '=', false)
      .where('createdAt', '<', cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const { id } of rows) {
      if (await runCommand(ctx, (trx, effects) => deleteUnconfirmedAccount(trx, effects, id, cutoff))) {
        deleted += 1;
      }
    }
    if (rows.length < BATCH || options.signal?.aborted) return deleted;
    after = rows[rows.length - 1]!.id;
    await yieldToEventLoop();
  }
}

export function deleteUnconfirmedAccountsJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'delete-unconfirmed-accounts',
    intervalMs: DELETE_UNCONFIRMED_ACCOUNTS_INTERVAL_MS,
    run: async ({ signal }) => {
      await deleteUnconfirmedAccounts(ctx, { signal });
    },
  };
}
