// Durability: kills the app with SIGKILL in the middle of writes, again and again, and checks that every
// acknowledged write survived, that counters agree with their rows and that the database is intact.
//   npx tsx scripts/durability.ts --dialect sqlite --cycles 100
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/durability.ts --dialect postgres
// (PostgreSQL: a database of its own is created on that server and dropped at the end.)
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPostgresDatabase } from '@server/test/database.ts';
import { AppProcess, type AppSettings } from './durability/appProcess.ts';
import { childCommand } from './durability/bundle.ts';
import { type DatabaseInspector, postgresInspector, sqliteInspector } from './durability/database.ts';
import { AppHttp } from './durability/http.ts';
import { Ledger } from './durability/ledger.ts';
import { signUpMembers, verifyThroughApi } from './durability/members.ts';
import { verify } from './durability/verify.ts';
import { startWrites } from './durability/workload.ts';

export interface DurabilityOptions {
  dialect: 'sqlite' | 'postgres';
  cycles: number;
  members?: number;
  /**
   * The kill comes once a random number of writes (1 to this) were acknowledged in the cycle, and a
   * random 0-20 ms later: a moment while writes are in flight however fast the machine is.
   */
  maxWritesPerCycle?: number;
  /** The slower integrity checks (PostgreSQL's amcheck) run every this many cycles, and at the end. */
  deepCheckEvery?: number;
  verbose?: boolean;
  log?: (line: string) => void;
}

export interface DurabilityReport {
  cycles: number;
  /** Cycles whose kill came while requests were in flight. */
  killsMidWrite: number;
  acknowledged: number;
  noAnswer: number;
  /** Writes that got no answer and yet are stored: the kill came between the commit and the answer. */
  committedUnanswered: number;
  resent: number;
  resentAlreadyStored: number;
  rateLimited: number;
  staleLastMessage: number;
  rows: number;
  problems: string[];
  timings: {
    totalS: number;
    startMedianMs: number;
    startP90Ms: number;
    loadMedianMs: number;
    checkMedianMs: number;
  };
  amcheck: boolean | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const quantile = (values: number[], q: number) =>
  Math.round(
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0,
  );

export async function runDurability(options: DurabilityOptions): Promise<DurabilityReport> {
  const log = options.log ?? (() => {});
  const maxWrites = options.maxWritesPerCycle ?? 40;
  const deepEvery = options.deepCheckEvery ?? 10;
  const began = performance.now();
  const command = await childCommand();
  const pgDb = options.dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-durability-'));
  const settings: AppSettings = {
    port: 0,
    dataDir,
    // Fixed for the run: the members' cookies stay good from one app process to the next.
    authSecret: randomBytes(32).toString('base64url'),
    databaseUrl: pgDb?.url,
  };
  const ledger = new Ledger();
  const problems: string[] = [];
  const timings = { start: [] as number[], load: [] as number[], check: [] as number[] };
  let killsMidWrite = 0;
  let committedUnanswered = 0;
  let staleLastMessage = 0;
  let rows = 0;
  let inspector: (DatabaseInspector & { amcheck?: boolean }) | undefined;
  let app: AppProcess | undefined;
  let next: Promise<AppProcess> | undefined;
  let http: AppHttp | undefined;

  /** Starts the app pre-loaded last time, and pre-loads the one after it. */
  const startApp = async () => {
    app = await next!;
    await app.start();
    timings.load.push(app.loadMs);
    timings.start.push(app.startMs);
    next = AppProcess.load(command, settings);
    next.catch(() => undefined); // reported when awaited
    http = new AppHttp(settings.port);
  };
  const check = async (cycle: number, deep: boolean) => {
    const started = performance.now();
    try {
      const findings = await verify(inspector!, ledger);
      committedUnanswered = findings.committedUnanswered;
      staleLastMessage = findings.staleLastMessage;
      rows = findings.rows;
      problems.push(...findings.problems.map((text) => `after cycle ${cycle}: ${text}`));
    } catch (error) {
      problems.push(`after cycle ${cycle}: the database could not be read: ${String(error)}`);
    }
    problems.push(...(await inspector!.integrity(deep)).map((text) => `after cycle ${cycle}: ${text}`));
    timings.check.push(performance.now() - started);
  };

  try {
    settings.port = await freePort();
    next = AppProcess.load(command, settings);
    await startApp();
    inspector = pgDb ? await postgresInspector(pgDb.url) : sqliteInspector(dataDir);
    ledger.members = await signUpMembers(http!, dataDir, options.members ?? 6);
    log(`members signed up; ${options.cycles} cycles on ${options.dialect}`);

    for (let cycle = 1; cycle <= options.cycles && problems.length === 0; cycle += 1) {
      if (cycle > 1) {
        await startApp();
        await check(cycle - 1, (cycle - 1) % deepEvery === 0);
      }
      const writes = startWrites(http!, ledger, `c${cycle}`);
      const patience = new AbortController();
      const progress = await Promise.race([
        writes.acknowledged(1 + randomInt(maxWrites)).then(() => 'ok'),
        sleep(60_000, 'stuck', { signal: patience.signal }).catch(() => 'ok'),
      ]);
      patience.abort();
      if (progress === 'stuck') problems.push(`cycle ${cycle}: the app acknowledged nothing for a minute`);
      await sleep(randomInt(21));
      writes.stop();
      const inFlight = writes.inFlight();
      if (inFlight > 0) killsMidWrite += 1;
      await app!.kill();
      http!.close();
      await writes.done;
      problems.push(...ledger.errors.splice(0).map((text) => `cycle ${cycle}: ${text}`));
      if (options.verbose || cycle % 10 === 0) {
        log(
          `cycle ${cycle}: ${ledger.stats.acked} writes acknowledged so far, ${inFlight} in flight at the kill`,
        );
      }
    }

    // The last restart: the app starts cleanly, and what it serves agrees with what was acknowledged.
    await startApp();
    await check(options.cycles, true);
    if (problems.length === 0) problems.push(...(await verifyThroughApi(http!, ledger)));
  } finally {
    await app?.kill();
    http?.close();
    await next?.then((pending) => pending.kill()).catch(() => undefined);
    await inspector?.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const median = (values: number[]) => quantile(values, 0.5);
  return {
    cycles: options.cycles,
    killsMidWrite,
    acknowledged: ledger.stats.acked,
    noAnswer: ledger.stats.noAnswer,
    committedUnanswered,
    resent: ledger.stats.resent,
    resentAlreadyStored: ledger.stats.resentAlreadyStored,
    rateLimited: ledger.stats.rateLimited,
    staleLastMessage,
    rows,
    problems,
    timings: {
      totalS: Math.round((performance.now() - began) / 100) / 10,
      startMedianMs: median(timings.start),
      startP90Ms: quantile(timings.start, 0.9),
      loadMedianMs: median(timings.load),
      checkMedianMs: median(timings.check),
    },
    amcheck: inspector && 'amcheck' in inspector ? (inspector.amcheck ?? null) : null,
  };
}

function parseArguments(argv: string[]): DurabilityOptions {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const dialect = value('dialect') ?? 'sqlite';
  const cycles = Number(value('cycles') ?? 100);
  if (dialect !== 'sqlite' && dialect !== 'postgres')
    throw new Error('--dialect must be sqlite or postgres.');
  if (!Number.isInteger(cycles) || cycles < 1) throw new Error('--cycles must be a whole number above 0.');
  if (dialect === 'postgres' && !process.env.TEST_DATABASE_URL) {
    throw new Error('--dialect postgres needs TEST_DATABASE_URL (a server where it may create a database).');
  }
  return { dialect, cycles, verbose: argv.includes('--verbose'), log: (line) => console.log(line) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    const report = await runDurability(parseArguments(process.argv.slice(2)));
    console.log(JSON.stringify(report, null, 2));
    process.exit(report.problems.length === 0 ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
