import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { preparedQuery } from './prepared.ts';

// A prepared read on SQLite runs on the connection at once (database.ts directRead), except while a
// transaction is open on it: then it waits in Kysely's queue, so it never sees another request's
// uncommitted rows.
describe('prepared reads on SQLite', () => {
  let dataDir = '';
  let app: ReturnType<typeof openDatabase>;
  let count: (values: { n: number }) => Promise<Array<{ c: number }>>;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-prepared-'));
    app = openDatabase({ dataDir });
    await sql`create table t (n integer)`.execute(app.db);
    const db = app.db as unknown as Kysely<{ t: { n: number } }>;
    count = preparedQuery(db, { n: -1 }, (v) => ({
      compile: () => sql<{ c: number }>`select count(*) as c from t where n >= ${v.n}`.compile(db),
    }));
  });
  afterEach(async () => {
    await app.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('read committed rows with each new value', async () => {
    await sql`insert into t (n) values (1), (2), (3)`.execute(app.db);
    expect(await count({ n: 2 })).toEqual([{ c: 2 }]);
    expect(await count({ n: 0 })).toEqual([{ c: 3 }]);
  });

  it('wait for an open transaction, and never see what it rolls back', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = app.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t (n) values (5)`.execute(trx);
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    let answered = false;
    const read = count({ n: 0 }).then((rows) => {
      answered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    expect(await transaction).toBe('rolled back');
    expect(await read).toEqual([{ c: 0 }]);
  });

  it('read at once again once the transaction has committed', async () => {
    await app.db.transaction().execute(async (trx) => {
      await sql`insert into t (n) values (7)`.execute(trx);
    });
    expect(await count({ n: 7 })).toEqual([{ c: 1 }]);
  });
});
