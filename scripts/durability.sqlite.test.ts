import { soakSize } from '@server/test/soak.ts';
import { describe, it } from 'vitest';
import { expectDurable } from './durability/expectDurable.ts';
import { runDurability } from './durability.ts';

// 100 kills in `npm run test:soak`, a few in `npm test`.
const CYCLES = soakSize(6, 100);

// The app killed with SIGKILL 100 times while members' writes are in flight (scripts/durability.ts):
// every acknowledged write must survive, counters must agree with their rows, SQLite must pass
// integrity_check and foreign_key_check after every kill, and the app must start cleanly each time.
// The PostgreSQL run is its own file so the two run side by side.
describe('durability on SQLite', () => {
  it(`keeps every acknowledged write through ${CYCLES} kills in the middle of writes`, {
    timeout: 15 * 60_000,
  }, async () => {
    expectDurable(await runDurability({ dialect: 'sqlite', cycles: CYCLES }));
  });
});
