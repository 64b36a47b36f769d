import { soakSize } from '@server/test/soak.ts';
import { describe, it } from 'vitest';
import { expectDurable } from './durability/expectDurable.ts';
import { runDurability } from './durability.ts';

// 100 kills in `npm run test:soak`, a few in `npm test`.
const CYCLES = soakSize(6, 100);

// The same 100 kills as durability.sqlite.test.ts on PostgreSQL (TEST_DATABASE_URL; skipped without):
// every foreign key holds row by row and amcheck finds every table and index intact.
describe.skipIf(!process.env.TEST_DATABASE_URL)('durability on PostgreSQL', () => {
  it(`keeps every acknowledged write through ${CYCLES} kills in the middle of writes`, {
    timeout: 15 * 60_000,
  }, async () => {
    expectDurable(await runDurability({ dialect: 'postgres', cycles: CYCLES }));
  });
});
