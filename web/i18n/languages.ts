import { LANGUAGE_CODES, type Language } from '@common/options.ts';

export const DEFAULT_LANGUAGE: Language = 'en-US';
const STORAGE_KEY = 'splikz.language';

/** The first of the browser's languages that Splikz has ('es' and 'es-MX' both give es-ES), else English. */
export function browserLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []),
): Language {
  for (const tag of preferred) {
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const primary = tag.split('-')[0]!.toLowerCase();
    const same = LANGUAGE_CODES.find((code) => code.split('-')[0] === primary);
    if (same) return same;
  }
  return DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return LANGUAGE_CODES.includes(value as Language);
}

/**
 * The language to start in: the last one this browser showed (the member's own, after they signed in
 * here), else the browser's. A member's saved choice replaces it as soon as the session is known.
 */
export function startingLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage blocked: fall through to the browser's languages
  }
  return browserLanguage();
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the member's setting still applies after sign-in
  }
}
