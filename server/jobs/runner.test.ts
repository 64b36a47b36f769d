import { createTestDatabase, dialects, type TestDatabase } from '@server/test/database.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner, type JobDefinition, type JobRunner, type JobRunnerOptions } from './runner.ts';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let names = 0;
const jobName = () => `job-${++names}`;

describe.each(dialects)('jobs runner (%s)', (dialect) => {
  let test: TestDatabase;
  let clock = Date.now();
  const runners: JobRunner[] = [];
  const db = () => test.database.db;
  const lease = (name: string) =>
    db().selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const due = (name: string, at = clock - MINUTE) =>
    db()
      .insertInto('job_leases')
      .values({ name, holder: null, lease_until: null, next_run_at: iso(at) })
      .execute();

  function runner(options: Partial<JobRunnerOptions> & { jobs: JobDefinition[] }): JobRunner {
    const log = { warn: vi.fn(), error: vi.fn() };
    const made = createJobRunner({ db: db(), log, now: () => clock, ...options });
    runners.push(made);
    return made;
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await test.close();
  });

  it('runs a job once per interval across two nodes that tick at the same time', async () => {
    let runs = 0;
    const job = { name: jobName(), intervalMs: MINUTE, run: async () => void runs++ };
    const a = runner({ jobs: [job] });
    const b = runner({ db: test.openNode().db, jobs: [job] });
    const bothTick = () => Promise.all([a.tick(), b.tick()]);

    await bothTick();
    expect(runs).toBe(0); // a new job first runs one interval after it was started
    for (let interval = 1; interval <= 3; interval++) {
      clock += MINUTE - 1;
      await bothTick();
      expect(runs).toBe(interval - 1);
      clock += 1;
      await bothTick();
      await bothTick();
      expect(runs).toBe(interval);
    }
    expect(await lease(job.name)).toEqual({
      name: job.name,
      holder: null,
      lease_until: null,
      next_run_at: iso(clock + MINUTE),
    });
  });

  it('takes over the job of a node whose lease expired, and not before', async () => {
    let runs = 0;
    const job = { name: jobName(), intervalMs: MINUTE, run: async () => void runs++ };
    // What a node that died in the middle of a run leaves behind.
    await db()
      .insertInto('job_leases')
      .values({
        name: job.name,
        holder: 'dead-node',
        lease_until: iso(clock + 30_000),
        next_run_at: iso(clock),
      })
      .execute();
    const survivor = runner({ jobs: [job], leaseMs: 30_000 });

    await survivor.tick();
    expect(runs).toBe(0);
    clock += 30_001;
    await survivor.tick();
    expect(runs).toBe(1);
    expect(await lease(job.name)).toMatchObject({ holder: null, next_run_at: iso(clock + MINUTE) });
  });

  it('renews the lease of a long job, so another node never runs it meanwhile', async () => {
    const name = jobName();
    await due(name, Date.now() - MINUTE); // this test runs on the real clock
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runsOnB = 0;
    const a = runner({ now: Date.now, leaseMs: 300, jobs: [{ name, intervalMs: MINUTE, run: () => gate }] });
    const b = runner({
      now: Date.now,
      db: test.openNode().db,
      jobs: [{ name, intervalMs: MINUTE, run: async () => void runsOnB++ }],
    });
    const longRun = a.tick();
    try {
      await vi.waitFor(async () => expect((await lease(name)).holder).toBe(a.nodeId));
      for (let i = 0; i < 20; i++) {
        await sleep(50); // a second in all: over three leases
        await b.tick();
      }
      expect(runsOnB).toBe(0);
    } finally {
      release();
      await longRun;
    }
    expect(await lease(name)).toMatchObject({ holder: null, lease_until: null });
  });

  it('logs a failing job, runs it again at the next tick and keeps running the others', async () => {
    const [failing, steady] = [jobName(), jobName()];
    await Promise.all([due(failing), due(steady)]);
    const attempts = { failing: 0, steady: 0 };
    const log = { warn: vi.fn(), error: vi.fn() };
    const r = runner({
      log,
      jobs: [
        {
          name: failing,
          intervalMs: MINUTE,
          // Thrown before any await, the way a synchronous bug fails.
          run: () => {
            if (++attempts.failing < 3) throw new Error('disk on fire');
            return Promise.resolve();
          },
        },
        { name: steady, intervalMs: MINUTE, run: async () => void attempts.steady++ },
      ],
    });

    await r.tick();
    expect(attempts).toEqual({ failing: 1, steady: 1 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: failing, err: expect.objectContaining({ message: 'disk on fire' }) }),
      expect.any(String),
    );
    expect(await lease(failing)).toMatchObject({ holder: null, next_run_at: iso(clock - MINUTE) });
    await r.tick();
    await r.tick();
    expect(attempts).toEqual({ failing: 3, steady: 1 });
    await r.tick(); // it succeeded: now it waits an interval like the others
    expect(attempts).toEqual({ failing: 3, steady: 1 });
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('tells onRunEnd of every run it ends and whether it failed (the /metrics counters)', async () => {
    const [failing, steady] = [jobName(), jobName()];
    await Promise.all([due(failing), due(steady)]);
    const ends: Array<[string, boolean]> = [];
    const r = runner({
      onRunEnd: (job, failed) => ends.push([job, failed]),
      jobs: [
        { name: failing, intervalMs: MINUTE, run: () => Promise.reject(new Error('disk on fire')) },
        { name: steady, intervalMs: MINUTE, run: async () => {} },
      ],
    });
    await r.tick();
    expect(ends.sort()).toEqual(
      [
        [failing, true],
        [steady, false],
      ].sort(),
    );
  });

  it('ticks on its own once started; stop() interrupts a running job and waits for it', async () => {
    const name = jobName();
    await due(name);
    const seen = { started: false, stoppedCleanly: false, takenOver: false };
    const r = runner({
      tickMs: 10,
      jobs: [
        {
          name,
          intervalMs: MINUTE,
          run: async ({ signal }) => {
            seen.started = true;
            while (!signal.aborted) await sleep(5);
            await sleep(20); // the end of the current chunk
            seen.stoppedCleanly = true;
          },
        },
      ],
    });
    r.start();
    await vi.waitFor(() => expect(seen.started).toBe(true));
    await r.stop();
    expect(seen.stoppedCleanly).toBe(true);
    // An interrupted run is not a run: the job stays due and the next node runs it at once.
    expect(await lease(name)).toMatchObject({ holder: null, next_run_at: iso(clock - MINUTE) });
    const next = runner({
      jobs: [
        {
          name,
          intervalMs: MINUTE,
          run: async () => {
            seen.takenOver = true;
          },
        },
      ],
    });
    await next.tick();
    expect(seen.takenOver).toBe(true);
  });
});
