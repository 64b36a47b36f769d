import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

// A transaction that reads and then writes, while another process (npm run admin, a backup) writes to
// the same SQLite file: the app's transaction must not fail with SQLITE_BUSY (seen as a 422 sign-up).
describe('SQLite transactions beside another process', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('take the write lock when they begin, so a read-then-write never loses its snapshot', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-tx-'));
    const app = openDatabase({ dataDir });
    await sql`create table t (n integer)`.execute(app.db);
    const other = new Database(path.join(dataDir, 'splikz.db'));
    other.pragma('busy_timeout = 50');
    let otherWrite = 'not tried';
    await app.db.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      try {
        other.prepare('insert into t (n) values (2)').run();
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? 'failed';
      }
      await sql`insert into t (n) values (1)`.execute(trx);
    });
    // The other process waited for the lock (and gave up after its short busy timeout); the app's
    // transaction committed. With a deferred begin the other write lands and the app's insert fails.
    expect(otherWrite).toBe('SQLITE_BUSY');
    const rows = other.prepare('select n from t').all();
    expect(rows).toEqual([{ n: 1 }]);
    other.close();
    await app.destroy();
  });
});
