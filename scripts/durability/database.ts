import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

type Row = Record<string, unknown>;

/**
 * The run's own look at the database, beside the app: one consistent snapshot of the tables the
 * checks need, and the database's integrity checks. It reads only.
 */
export interface DatabaseInspector {
  /** Runs the queries inside one read transaction, so every table is seen at the same moment. */
  snapshot(queries: Record<string, string>): Promise<Record<string, Row[]>>;
  /** Problems found by the database's own checks; `deep` adds the slower ones. Empty: all is well. */
  integrity(deep: boolean): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * SQLite, opened read-only for each look while an app process holds the database: a read-only
 * connection never checkpoints or deletes the WAL when it closes, so the next app still starts from
 * the files exactly as the kill left them.
 */
export function sqliteInspector(dataDir: string): DatabaseInspector {
  const file = path.join(dataDir, 'splikz.db');
  const open = () => new Database(file, { readonly: true, fileMustExist: true });
  return {
    async snapshot(queries) {
      const sqlite = open();
      try {
        return sqlite.transaction(() =>
          Object.fromEntries(
            Object.entries(queries).map(([name, sql]) => [name, sqlite.prepare(sql).all() as Row[]]),
          ),
        )();
      } finally {
        sqlite.close();
      }
    },
    async integrity() {
      let sqlite: Database.Database | undefined;
      try {
        sqlite = open();
        const problems: string[] = [];
        const integrity = sqlite.pragma('integrity_check') as Array<{ integrity_check: string }>;
        if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
          problems.push(`PRAGMA integrity_check: ${integrity.map((r) => r.integrity_check).join('; ')}`);
        }
        for (const row of sqlite.pragma('foreign_key_check') as Row[]) {
          problems.push(`PRAGMA foreign_key_check: ${JSON.stringify(row)}`);
        }
        return problems;
      } catch (error) {
        // A damaged file may not even open: SQLITE_CORRUPT, SQLITE_NOTADB.
        return [`SQLite: ${error instanceof Error ? error.message : String(error)}`];
      } finally {
        sqlite?.close();
      }
    },
    async close() {},
  };
}

/** Every foreign key of the public schema, as columns of the child and of the parent table. */
const FOREIGN_KEYS = `
  select c.conname, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
    array(select quote_ident(a.attname) from unnest(c.conkey) with ordinality k(n, i)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_columns,
    array(select quote_ident(a.attname) from unnest(c.confkey) with ordinality k(n, i)
      join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_columns
  from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`;

const BTREE_INDEXES = `
  select c.oid, c.relname from pg_index i join pg_class c on c.oid = i.indexrelid
  join pg_am am on am.oid = c.relam where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace`;

/**
 * PostgreSQL: a kill of the app cannot corrupt the server's files, but it must not leave half a
 * command either. Foreign keys are checked row by row (an orphan means a constraint did not hold), and
 * with amcheck (contrib, present wherever PostgreSQL's Debian package is) every heap and b-tree index.
 */
export async function postgresInspector(url: string): Promise<DatabaseInspector & { amcheck: boolean }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const amcheck = await client.query('create extension if not exists amcheck').then(
    () => true,
    () => false,
  );
  return {
    amcheck,
    async snapshot(queries) {
      await client.query('begin isolation level repeatable read read only');
      try {
        const result: Record<string, Row[]> = {};
        for (const [name, sql] of Object.entries(queries)) result[name] = (await client.query(sql)).rows;
        return result;
      } finally {
        await client.query('commit');
      }
    },
    async integrity(deep) {
      const problems: string[] = [];
      const keys = (await client.query(FOREIGN_KEYS)).rows as Array<{
        conname: string;
        child: string;
        parent: string;
        child_columns: string[];
        parent_columns: string[];
      }>;
      if (keys.length === 0) problems.push('no foreign keys found: the schema is not what the checks expect');
      for (const key of keys) {
        const join = key.child_columns
          .map((column, i) => `p.${key.parent_columns[i]} = c.${column}`)
          .join(' and ');
        const present = key.child_columns.map((column) => `c.${column} is not null`).join(' and ');
        const orphans = await client.query(
          `select count(*)::int as n from ${key.child} c where ${present}
           and not exists (select 1 from ${key.parent} p where ${join})`,
        );
        const n = orphans.rows[0].n as number;
        if (n > 0) problems.push(`${n} rows of ${key.child} break ${key.conname} (no row in ${key.parent})`);
      }
      if (deep && amcheck) {
        for (const index of (await client.query(BTREE_INDEXES)).rows as Array<{
          oid: number;
          relname: string;
        }>) {
          await client.query('select bt_index_check($1, true)', [index.oid]).catch((error: Error) => {
            problems.push(`amcheck of index ${index.relname}: ${error.message}`);
          });
        }
        const heaps = await client.query(
          `select c.relname, v.blkno, v.msg from pg_class c, verify_heapam(c.oid) v
           where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
        );
        for (const row of heaps.rows)
          problems.push(`amcheck of table ${row.relname} block ${row.blkno}: ${row.msg}`);
      }
      return problems;
    },
    close: () => client.end(),
  };
}
