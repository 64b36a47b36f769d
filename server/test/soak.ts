// Soak sizes: `npm run test:soak` (SPLIKZ_SOAK=1, run by .ci/run after `npm test`) runs the long
// tests at their full size (100 SIGKILLs per database, 1,000 generated inputs per route); `npm test`
// runs the same tests on a small sample with the same fixed seed.
export const SOAK = process.env.SPLIKZ_SOAK === '1';

/** `small` in `npm test`, `full` in `npm run test:soak`. */
export function soakSize(small: number, full: number): number {
  return SOAK ? full : small;
}
