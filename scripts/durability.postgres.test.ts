import { describe, it } from 'vitest';
import { expectDurable } from './durability/expectDurable.ts';
import { runDurability } from './durability.ts';

// The same 100 kills as durability.sqlite.test.ts on PostgreSQL (TEST_DATABASE_URL; skipped without):
// every foreign key holds row by row and amcheck finds every table and index intact.
describe.skipIf(!process.env.TEST_DATABASE_URL)('durability on PostgreSQL', () => {
  it('keeps every acknowledged write through 100 kills in the middle of writes', {
    timeout: 15 * 60_000,
  }, async () => {
    expectDurable(await runDurability({ dialect: 'postgres', cycles: 100 }));
  });
});
