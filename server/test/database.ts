import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database_, openDatabase } from '@server/db/database.ts';
import { migrateToLatest } from '@server/db/migrate.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';

// Test databases: one per run on PostgreSQL (harness.ts starts whole servers on them), and, for tests
// that need no app (jobs), a migrated database with further connections to it as further nodes.

export type Dialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  dataDir: string;
  database: Database_;
  /** Another connection to the same database, as another app node has. */
  openNode(): Database_;
  close(): Promise<void>;
}

/**
 * A database of its own for this run on the TEST_DATABASE_URL server, dropped by `drop`: a copy of the
 * migrated template that globalSetup.ts made for this test run (empty when run outside Vitest, and
 * with `{ fresh: true }`: the tests of migrations themselves).
 */
export async function createPostgresDatabase(
  options: { fresh?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `splikz_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = options.fresh ? undefined : process.env.SPLIKZ_TEST_POSTGRES_TEMPLATE;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Puts a copy of this run's migrated SQLite database (globalSetup.ts) into dataDir, when there is one. */
export function copySqliteTemplate(dataDir: string): void {
  const template = process.env.SPLIKZ_TEST_SQLITE_TEMPLATE;
  if (template && existsSync(path.join(template, 'splikz.db'))) {
    copyFileSync(path.join(template, 'splikz.db'), path.join(dataDir, 'splikz.db'));
  }
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-jobs-'));
  if (dialect === 'sqlite') copySqliteTemplate(dataDir);
  const pgDb = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const databaseUrl = pgDb?.url;
  const nodes: Database_[] = [];
  const openNode = () => {
    const node = openDatabase({ databaseUrl, dataDir });
    nodes.push(node);
    return node;
  };
  const database = openNode();
  await migrateToLatest(database.db);
  return {
    dataDir,
    database,
    openNode,
    close: async () => {
      for (const node of nodes) await node.destroy();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A member written straight into the database (user and profile rows), for tests without an app. */
export async function insertMember(db: Kysely<DB>, name = 'M'): Promise<string> {
  const id = uuidv7();
  const now = new Date().toISOString();
  await db
    .insertInto('user')
    .values({ id, name, email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now })
    .execute();
  await db
    .insertInto('profiles')
    .values({ id, username: `${name.toLowerCase()[0]}${id.slice(-12)}`, full_name: name })
    .execute();
  return id;
}
