import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@server/db/database.ts';
import { migrateToLatest } from '@server/db/migrate.ts';
import pg from 'pg';

// Vitest's global setup: the migrations run once per test run, into a SQLite file and (with
// TEST_DATABASE_URL) a PostgreSQL template database. Every test server and test database then starts
// from a copy (database.ts): a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL. The
// workers are forked after this runs, so they inherit the two variables.

export const SQLITE_TEMPLATE_ENV = 'SPLIKZ_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'SPLIKZ_TEST_POSTGRES_TEMPLATE';

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const sqliteDir = mkdtempSync(path.join(tmpdir(), 'splikz-template-'));
  const sqlite = openDatabase({ dataDir: sqliteDir });
  await migrateToLatest(sqlite.db);
  await sqlite.destroy();
  process.env[SQLITE_TEMPLATE_ENV] = sqliteDir;

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: string | undefined;
  if (adminUrl) {
    template = `splikz_template_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(adminUrl, `create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const postgres = openDatabase({ databaseUrl: url.toString(), dataDir: sqliteDir });
    await migrateToLatest(postgres.db);
    await postgres.destroy();
    process.env[POSTGRES_TEMPLATE_ENV] = template;
  }

  return async () => {
    rmSync(sqliteDir, { recursive: true, force: true });
    if (adminUrl && template) await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  };
}
