import { setTimeout as sleep } from 'node:timers/promises';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

export interface RateGateOptions {
  db: Kysely<DB>;
  /** The gate's row in job_leases. */
  name: string;
  /** At most one turn per interval, across every app node sharing the database. */
  intervalMs: number;
  /** How long a caller waits for its turn before giving up. */
  maxWaitMs: number;
  now?: () => number;
}

export interface RateGate {
  /** Resolves true when the caller may go now, false when no turn came within maxWaitMs. */
  take(): Promise<boolean>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A turn every `intervalMs` for the whole app (Nominatim's policy: at most one request a second). The
 * shared state is one row of job_leases whose next_run_at is the earliest time the next turn may start:
 * one conditional UPDATE moves it on, so two nodes never take the same turn, on SQLite or PostgreSQL.
 * Callers on one node queue in order first, so only the head of the queue asks the database.
 */
export function createRateGate(options: RateGateOptions): RateGate {
  const { db, name, intervalMs, maxWaitMs } = options;
  const now = options.now ?? Date.now;
  let rowMade = false;
  let tail: Promise<void> = Promise.resolve();

  async function makeRow(): Promise<void> {
    if (rowMade) return;
    await db
      .insertInto('job_leases')
      .values({ name, holder: null, lease_until: null, next_run_at: iso(0) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    rowMade = true;
  }

  async function claim(deadline: number): Promise<boolean> {
    await makeRow();
    for (;;) {
      const at = now();
      const result = await db
        .updateTable('job_leases')
        .set({ next_run_at: iso(at + intervalMs) })
        .where('name', '=', name)
        .where('next_run_at', '<=', iso(at))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return true;
      const row = await db
        .selectFrom('job_leases')
        .select('next_run_at')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) {
        // Someone removed the row (a cleanup, a test): make it again and go on.
        rowMade = false;
        await makeRow();
        continue;
      }
      const next = Date.parse(row.next_run_at);
      // A few ms past the slot so this node does not ask just before it opens.
      const wait = Math.max(5, next - at + 5);
      if (at + wait > deadline) return false;
      await sleep(wait);
    }
  }

  return {
    take: async () => {
      const deadline = now() + maxWaitMs;
      const previous = tail;
      let release!: () => void;
      tail = new Promise<void>((resolve) => {
        release = resolve;
      });
      const timedOut = Symbol('timeout');
      let timer: NodeJS.Timeout | undefined;
      const first = await Promise.race([
        previous,
        new Promise<typeof timedOut>((resolve) => {
          timer = setTimeout(() => resolve(timedOut), Math.max(0, deadline - now()));
        }),
      ]);
      clearTimeout(timer);
      if (first === timedOut) {
        // Keep the queue's order: those behind this caller still wait for the one ahead of it.
        void previous.then(release);
        return false;
      }
      try {
        return await claim(deadline);
      } finally {
        release();
      }
    },
  };
}
