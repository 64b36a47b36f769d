import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DB } from '@server/db/types.ts';
import type { Log } from '@server/log.ts';
import type { Kysely } from 'kysely';

export interface JobContext {
  /** Aborted when the node stops or loses the lease: stop at the end of the current chunk. */
  signal: AbortSignal;
}

export interface JobDefinition {
  /** Unique in the app: the key of the job's row in job_leases. */
  name: string;
  /** From the end of one successful run to the start of the next, across every node. */
  intervalMs: number;
  /**
   * Works in chunks and yields between them (`yieldToEventLoop`): better-sqlite3 answers on the event
   * loop, so one long statement stalls every request and socket of the node.
   */
  run(ctx: JobContext): Promise<void>;
}

export interface JobRunnerOptions {
  db: Kysely<DB>;
  log: Log;
  jobs: JobDefinition[];
  /** Who holds a lease; unique per runner (host, pid and a random part by default). */
  nodeId?: string;
  /** How often this node looks for due jobs. */
  tickMs?: number;
  /** How long a lease outlives its node: a job whose node died runs again on another node after it. */
  leaseMs?: number;
  /** The clock, for tests. Leases compare each node's clock: keep nodes in sync (NTP) well under leaseMs. */
  now?: () => number;
  /** Told of every run this node ends (the /metrics counters); `failed` includes an interrupted run. */
  onRunEnd?: (job: string, failed: boolean) => void;
}

export interface JobRunner {
  nodeId: string;
  start(): void;
  /** Stops ticking, asks running jobs to stop, and resolves once they have. */
  stop(): Promise<void>;
  /** One tick: claims the due jobs this node can lease and resolves when their runs end. */
  tick(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs periodic jobs on whichever node leases them first. Every node ticks; a job is due when its row's
 * next_run_at has passed and nobody holds an unexpired lease, and one conditional UPDATE decides who runs
 * it. The runner renews the lease while the job runs; a success moves next_run_at one interval on, a
 * failure only releases the lease, so the next tick (on any node) tries again.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, jobs } = options;
  const nodeId = options.nodeId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const tickMs = options.tickMs ?? 5000;
  const leaseMs = options.leaseMs ?? 60_000;
  const now = options.now ?? Date.now;
  const running = new Map<string, AbortController>();
  const ticks = new Set<Promise<void>>();
  const rowsMade = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let claiming = false;
  let stopped = false;

  // A new job first runs one interval after a node starts it, not at every fresh start (tests included).
  async function makeRow(job: JobDefinition): Promise<void> {
    if (rowsMade.has(job.name)) return;
    await db
      .insertInto('job_leases')
      .values({ name: job.name, holder: null, lease_until: null, next_run_at: iso(now() + job.intervalMs) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    rowsMade.add(job.name);
  }

  async function claim(job: JobDefinition): Promise<boolean> {
    await makeRow(job);
    const at = now();
    const result = await db
      .updateTable('job_leases')
      .set({ holder: nodeId, lease_until: iso(at + leaseMs) })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', iso(at))
      .where((eb) => eb.or([eb('holder', 'is', null), eb('lease_until', '<', iso(at))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function renew(job: JobDefinition, controller: AbortController): Promise<void> {
    try {
      const result = await db
        .updateTable('job_leases')
        .set({ lease_until: iso(now() + leaseMs) })
        .where('name', '=', job.name)
        .where('holder', '=', nodeId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return;
      log.warn({ job: job.name, nodeId }, 'a job lost its lease to another node; stopping it');
      controller.abort(new Error('lease lost'));
    } catch (error) {
      // Not fatal yet: the lease lasts leaseMs and the next renewal may get through.
      log.warn({ err: error, job: job.name }, 'could not renew a job lease');
    }
  }

  async function release(job: JobDefinition, done: boolean): Promise<void> {
    const free = { holder: null, lease_until: null };
    await db
      .updateTable('job_leases')
      .set(done ? { ...free, next_run_at: iso(now() + job.intervalMs) } : free)
      .where('name', '=', job.name)
      .where('holder', '=', nodeId)
      .execute();
  }

  async function runLeased(job: JobDefinition): Promise<void> {
    const controller = new AbortController();
    running.set(job.name, controller);
    // Renewals queue behind each other so none lands after the release and reads as a lost lease.
    let renewals = Promise.resolve();
    const renewal = setInterval(() => {
      renewals = renewals.then(() => renew(job, controller));
    }, leaseMs / 3);
    renewal.unref();
    let failed = false;
    try {
      // stop() came while the lease was being claimed: hand the job back untouched.
      if (stopped) controller.abort(new Error('the node is stopping'));
      else await job.run({ signal: controller.signal });
    } catch (error) {
      failed = true;
      if (!controller.signal.aborted) log.error({ err: error, job: job.name }, 'a job failed; it runs again');
      else log.warn({ err: error, job: job.name }, 'a stopped job ended with an error');
    } finally {
      clearInterval(renewal);
    }
    try {
      await renewals;
      // An interrupted run is not done: another node (or this one) picks it up at its next tick.
      await release(job, !failed && !controller.signal.aborted);
    } catch (error) {
      log.error({ err: error, job: job.name }, 'could not release a job lease; it expires on its own');
    } finally {
      running.delete(job.name);
      options.onRunEnd?.(job.name, failed || controller.signal.aborted);
    }
  }

  async function claimDueJobs(): Promise<void> {
    const runs: Promise<void>[] = [];
    claiming = true;
    try {
      for (const job of jobs) {
        if (stopped) break;
        if (running.has(job.name)) continue;
        try {
          if (await claim(job)) runs.push(runLeased(job));
        } catch (error) {
          log.error({ err: error, job: job.name }, 'could not claim a job lease');
        }
      }
    } finally {
      claiming = false;
    }
    await Promise.all(runs);
  }

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    const done = claimDueJobs();
    ticks.add(done);
    const forget = () => ticks.delete(done);
    done.then(forget, forget);
    return done;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      // A slow database must not pile claims up; running jobs are skipped by name anyway.
      if (!claiming) void tick();
      schedule();
    }, tickMs);
    timer.unref();
  }

  return {
    nodeId,
    start: () => {
      if (!timer && !stopped) schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      for (const controller of running.values()) controller.abort(new Error('the node is stopping'));
      await Promise.all(ticks);
    },
    tick,
  };
}
