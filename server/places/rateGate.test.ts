import { createTestDatabase, dialects, type TestDatabase } from '@server/test/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateGate } from './rateGate.ts';

let names = 0;
const gateName = () => `rate:test-${++names}`;

describe.each(dialects)('rate gate (%s)', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test.close();
  });

  it('lets the first caller go at once', async () => {
    const gate = createRateGate({
      db: test.database.db,
      name: gateName(),
      intervalMs: 1000,
      maxWaitMs: 3000,
    });
    const started = Date.now();
    expect(await gate.take()).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('spaces turns across two nodes and refuses callers whose turn would come too late', async () => {
    const name = gateName();
    const other = test.openNode();
    const options = { name, intervalMs: 200, maxWaitMs: 700 };
    const gates = [
      createRateGate({ db: test.database.db, ...options }),
      createRateGate({ db: other.db, ...options }),
    ];
    const turns: number[] = [];
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const ok = await gates[i % 2]!.take();
        if (ok) turns.push(Date.now());
        return ok;
      }),
    );
    turns.sort((a, b) => a - b);
    // 0, 200, 400, 600 ms fit in 700 ms of waiting; the rest are refused rather than kept waiting.
    expect(turns.length).toBeGreaterThanOrEqual(3);
    expect(turns.length).toBeLessThanOrEqual(5);
    expect(answers.filter((ok) => !ok).length).toBe(10 - turns.length);
    for (let i = 1; i < turns.length; i += 1) {
      expect(turns[i]! - turns[i - 1]!).toBeGreaterThanOrEqual(190);
    }
  });

  it('opens again after a quiet moment', async () => {
    const gate = createRateGate({ db: test.database.db, name: gateName(), intervalMs: 150, maxWaitMs: 50 });
    expect(await gate.take()).toBe(true);
    expect(await gate.take()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await gate.take()).toBe(true);
  });

  it('makes its row again when it was removed', async () => {
    const name = gateName();
    const gate = createRateGate({ db: test.database.db, name, intervalMs: 100, maxWaitMs: 500 });
    expect(await gate.take()).toBe(true);
    await test.database.db.deleteFrom('job_leases').where('name', '=', name).execute();
    expect(await gate.take()).toBe(true);
  });
});
