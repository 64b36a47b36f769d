import { describe, expect, it } from 'vitest';
import { checkCatalogue, LANGUAGES_TO_CHECK, usedKeys } from './catalogues.ts';

// `npx tsx scripts/i18n/cli.ts missing <language>` prints what a catalogue lacks, ready to translate.
describe('the interface’s words', () => {
  const { keys, strays } = usedKeys();

  it('are all written through t() (no interface text outside the catalogues)', () => {
    expect(strays.map((s) => `${s.where}  ${s.text}`)).toEqual([]);
  });

  it('are many enough that the check is reading the app', () => {
    expect(keys.length).toBeGreaterThan(300);
  });

  it.each(LANGUAGES_TO_CHECK)(
    'are complete in %s: every key, no stale ones, the same placeholders',
    (language) => {
      const problems = checkCatalogue(language, keys);
      expect(problems).toEqual({ missing: [], stale: [], empty: [], placeholders: [] });
    },
  );
});
