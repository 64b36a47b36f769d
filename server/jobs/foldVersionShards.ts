import { foldEndedShards } from '@server/cache/versions.ts';
import type { CommandContext } from '@server/commands/run.ts';
import type { JobDefinition } from './runner.ts';

/** Connections end with restarts and pool churn: an hour's worth of their rows is a few dozen. */
export const FOLD_VERSION_SHARDS_INTERVAL_MS = 60 * 60_000;

/** The rows of table_versions of ended PostgreSQL connections, folded into one per number. */
export function foldVersionShardsJob(ctx: CommandContext): JobDefinition {
  return {
    name: 'fold-version-shards',
    intervalMs: FOLD_VERSION_SHARDS_INTERVAL_MS,
    run: async () => {
      await foldEndedShards(ctx.database.db);
    },
  };
}
