import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { DB } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database_ {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy: () => Promise<void>;
}

// pg returns timestamps as Date and bigints as strings; the app works with ISO strings and numbers.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Two costs dominate a small read through Kysely on better-sqlite3: preparing the statement (Kysely
 * prepares every query anew) and building each row as an object with many keys. Statements are
 * reusable (Kysely runs one query at a time on its single connection), so the most recent ones are
 * kept by SQL text; readers fetch rows as arrays and build objects of one fixed shape per statement.
 * better-sqlite3 also refuses to bind JavaScript booleans: they are bound as 1/0, as SQLite stores them.
 */
function withStatementCache(sqlite: Database.Database) {
  const statements = new LRUCache<string, CachedStatement>({ max: 500 });
  return {
    /**
     * A read run at once on the connection, without Kysely's queue (see directRead), or undefined when
     * it must wait its turn: a transaction is open on the connection, or the statement writes.
     */
    read: (text: string, parameters: readonly unknown[]): unknown[] | undefined => {
      if (sqlite.inTransaction) return undefined;
      let statement = statements.get(text);
      if (!statement) {
        statement = cacheable(sqlite.prepare(text));
        statements.set(text, statement);
      }
      if (!statement.reader) return undefined;
      try {
        return statement.all(parameters);
      } catch (error) {
        // A Kysely stream (statement.iterate) holds the connection until it ends: wait in Kysely's queue.
        if (error instanceof TypeError && /busy/.test(error.message)) return undefined;
        throw error;
      }
    },
    close: () => sqlite.close(),
    prepare: (text: string) => {
      // Kysely begins every transaction with a deferred 'begin'. A transaction that reads, then writes
      // while another process (npm run admin, a backup) has committed since its read cannot upgrade
      // its snapshot: SQLite answers SQLITE_BUSY at once, without waiting out busy_timeout (a sign-up
      // in the e2e run failed so, as a 422). 'begin immediate' takes the write lock first, and waits.
      const sql = text === 'begin' ? 'begin immediate' : text;
      let statement = statements.get(sql);
      if (!statement) {
        statement = cacheable(sqlite.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

type Row = Record<string, unknown>;
interface CachedStatement {
  reader: boolean;
  all: (parameters: readonly unknown[]) => unknown[];
  run: (parameters: readonly unknown[]) => Database.RunResult;
  iterate: (parameters: readonly unknown[]) => IterableIterator<unknown>;
}

function bindable(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

function cacheable(statement: Database.Statement): CachedStatement {
  const plain: CachedStatement = {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
  if (!statement.reader) return plain;
  const names = statement.columns().map((c) => c.name);
  if (new Set(names).size !== names.length) return plain;
  // One object literal per statement: every row gets the same hidden class.
  const toRow = new Function(
    'r',
    `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`,
  ) as (values: unknown[]) => Row;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(bindable(parameters)) as unknown[][]).map(toRow),
    run: plain.run,
    iterate: function* (parameters) {
      for (const values of statement.iterate(bindable(parameters)) as IterableIterator<unknown[]>) {
        yield toRow(values);
      }
    },
  };
}

type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const directReaders = new WeakMap<object, DirectRead>();

/**
 * Runs a compiled read on SQLite's one connection at once, when no transaction is open on it: the rows,
 * or undefined when it must go through Kysely (PostgreSQL, a transaction's handle, an open transaction,
 * a statement that writes). better-sqlite3 runs a statement synchronously, so outside a transaction
 * nothing can come between; inside one, the read would see another request's uncommitted rows, so it
 * waits in Kysely's queue as before. Kysely's path (a promise chain and the connection's mutex) costs
 * several times a small indexed read itself: the hot prepared reads (db/prepared.ts) take this path.
 */
export function directRead(db: object, sql: string, parameters: readonly unknown[]): unknown[] | undefined {
  return directReaders.get(db)?.(sql, parameters);
}

/** Opens SQLite under dataDir, or PostgreSQL when a URL is given. */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onError?: (error: Error) => void;
}): Database_ {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover, idle timeout) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onError?.(error));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const sqlite = new Database(path.join(options.dataDir, 'splikz.db'));
  sqlite.pragma('journal_mode = WAL');
  // NORMAL, as SQLite advises for WAL: still never corrupt, and a crash of the app loses nothing; only a
  // power cut can lose the last commits. FULL fsyncs on every commit, and better-sqlite3 waits on the
  // event loop, so each fsync stalled every request and socket (docs/BENCH.md, messages).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's lower() only folds ASCII; searches lower-case both sides, so fold every script like PostgreSQL.
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  const database = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  directReaders.set(db, database.read);
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
