import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '../../common/options.ts';
import { errorKeys } from './errorKeys.ts';
import { entriesFor, extract, type Key, placeholders, sourceFiles } from './extract.ts';

export const WEB_ROOT = path.resolve(import.meta.dirname, '../../web');
const SERVER_ROOTS = ['../../server', '../../common'].map((p) => path.resolve(import.meta.dirname, p));
export const LOCALES = path.resolve(import.meta.dirname, '../../common/i18n/locales');
export const ENGLISH = 'en-US';

export const catalogueFile = (language: string) => path.join(LOCALES, `${language}.json`);

export function readCatalogue(language: string): Record<string, string> {
  const file = catalogueFile(language);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * Every key the web app uses, the server's own (emails, pages), and every error's (`error.<code>`,
 * common/errors.ts), once each (plural if any use passes a count).
 */
export function usedKeys(): { keys: Key[]; strays: ReturnType<typeof extract>['strays'] } {
  const { keys, strays } = extract(sourceFiles(WEB_ROOT));
  const byKey = new Map<string, Key>();
  const serverFiles = SERVER_ROOTS.flatMap((root) => sourceFiles(root)).filter(
    (f) => !/[\\/](test|migrations)[\\/]/.test(f),
  );
  const serverKeys = extract(serverFiles).keys;
  for (const key of [...keys, ...serverKeys, ...errorKeys()]) {
    const seen = byKey.get(key.key);
    byKey.set(key.key, seen ? { ...seen, plural: seen.plural || key.plural } : key);
  }
  return { keys: [...byKey.values()], strays };
}

/**
 * The entries each catalogue must have: English only its plural forms (its keys are its texts, and an
 * error's message is its English); every other language, every key (plural keys in each of its
 * plural categories).
 */
export function requiredEntries(language: string, keys: Key[]): Map<string, Key> {
  const needed = new Map<string, Key>();
  for (const key of keys) {
    if (language === ENGLISH && (!key.plural || key.english !== undefined)) continue;
    for (const entry of entriesFor(key, language)) needed.set(entry, key);
  }
  return needed;
}

export interface CatalogueProblems {
  missing: string[];
  stale: string[];
  empty: string[];
  placeholders: string[];
}

export function checkCatalogue(
  language: string,
  keys: Key[],
  catalogue: Record<string, string> = readCatalogue(language),
): CatalogueProblems {
  const needed = requiredEntries(language, keys);
  const problems: CatalogueProblems = { missing: [], stale: [], empty: [], placeholders: [] };
  for (const [entry, key] of needed) {
    const text = catalogue[entry];
    if (text === undefined) problems.missing.push(entry);
    else if (typeof text !== 'string' || text.trim() === '') problems.empty.push(entry);
    else {
      const expected = placeholders(key.english ?? key.key).filter((p) => p !== 'count');
      const actual = placeholders(text).filter((p) => p !== 'count');
      if (expected.join() !== actual.join()) problems.placeholders.push(`${entry} → ${text}`);
    }
  }
  for (const entry of Object.keys(catalogue)) if (!needed.has(entry)) problems.stale.push(entry);
  return problems;
}

export const LANGUAGES_TO_CHECK = LANGUAGE_CODES;
