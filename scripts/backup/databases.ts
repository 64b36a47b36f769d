// The databases a backup reads and a restore writes: row counts from one snapshot (SQLite, or a
// PostgreSQL client inside the snapshot's transaction), and pg_dump / pg_restore as child processes.
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import pg from 'pg';

/** A refusal to act, printed as is (exit 1), or with exit 2 for a wrong command line. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A connection string without its password, which goes to pg_dump/pg_restore through PGPASSWORD. */
export function pgTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client tools (the same major version as the server or newer).`
            : `${command} failed: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function sqliteCounts(file: string): { counts: Record<string, number>; migration: string | null } {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    const counts: Record<string, number> = {};
    for (const table of tables) {
      counts[table] = sqlite
        .prepare(`select count(*) from ${quoteIdent(table)}`)
        .pluck()
        .get() as number;
    }
    const migration = tables.includes('kysely_migration')
      ? ((sqlite.prepare('select max(name) from kysely_migration').pluck().get() as string | null) ?? null)
      : null;
    return { counts, migration };
  } finally {
    sqlite.close();
  }
}

export async function pgCounts(
  client: pg.Client | pg.PoolClient,
): Promise<{ counts: Record<string, number>; migration: string | null }> {
  const { rows } = await client.query<{ tablename: string }>(
    'select tablename from pg_tables where schemaname = current_schema() order by tablename',
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const result = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(tablename)}`);
    counts[tablename] = Number(result.rows[0]!.n);
  }
  const migration = counts.kysely_migration
    ? ((await client.query<{ name: string | null }>('select max(name) as name from kysely_migration')).rows[0]
        ?.name ?? null)
    : null;
  return { counts, migration };
}

/** Rows per table in the PostgreSQL database at `url`. */
export async function countPostgres(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await pgCounts(client)).counts;
  } finally {
    await client.end();
  }
}

export async function pgIsEmpty(url: string): Promise<boolean> {
  return Object.values(await countPostgres(url)).every((n) => n === 0);
}
