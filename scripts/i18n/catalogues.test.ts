import { ERRORS } from '@common/errors.ts';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, LANGUAGES_TO_CHECK, readCatalogue, usedKeys, WEB_ROOT } from './catalogues.ts';
import { extract, sourceFiles } from './extract.ts';
import { ENTRY, ERRORS_PART, partKeys } from './parts.ts';

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

  it('include a key for every error the server can send, and miss one a catalogue lacks', () => {
    const used = new Set(keys.map((key) => key.key));
    expect(Object.keys(ERRORS).filter((code) => !used.has(`error.${code}`))).toEqual([]);
    const german = readCatalogue('de-DE');
    delete german['error.video_too_long'];
    delete german['error.rate_limited_other'];
    expect(checkCatalogue('de-DE', keys, german).missing).toEqual([
      'error.rate_limited_other',
      'error.video_too_long',
    ]);
    const renamed = {
      ...readCatalogue('fr-FR'),
      'error.upload_quota_files': 'Vous avez envoyé {{n}} fichiers.',
    };
    expect(checkCatalogue('fr-FR', keys, renamed).placeholders).toEqual([
      'error.upload_quota_files → Vous avez envoyé {{n}} fichiers.',
    ]);
  });

  describe('cut into parts that load with their code (scripts/i18n/parts.ts)', () => {
    const parts = partKeys();
    const keysOf = (root: string) => new Set((parts.get(root) ?? []).map((key) => key.key));

    it('leave no key of the web app out of every part (a module no screen loads would speak English)', () => {
      const covered = new Set([...parts.values()].flat().map((key) => key.key));
      const left = extract(sourceFiles(WEB_ROOT)).keys.filter((key) => !covered.has(key.key));
      expect(left.map((key) => `${key.where}  ${key.key}`)).toEqual([]);
    });

    it('give the sign-in screen its words and its form checks, and not the rest of the app', () => {
      const auth = keysOf('web/screens/Auth/AuthScreen.tsx');
      expect(auth).toContain('Forgot password?');
      expect(auth).toContain('error.email_invalid');
      expect(auth).not.toContain('No conversations yet');
      expect(keysOf(ENTRY)).not.toContain('Forgot password?');
      expect(keysOf('web/screens/Messages/MessagesScreen.tsx')).toContain('No conversations yet');
      expect(keysOf(ERRORS_PART)).toContain('error.invalid_email_or_password');
    });
  });
});
