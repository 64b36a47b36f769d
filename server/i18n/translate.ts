import deDE from '@common/i18n/locales/de-DE.json';
import enUS from '@common/i18n/locales/en-US.json';
import esES from '@common/i18n/locales/es-ES.json';
import frFR from '@common/i18n/locales/fr-FR.json';
import ptBR from '@common/i18n/locales/pt-BR.json';
import { isLanguageCode, LANGUAGE_CODES, type Language } from '@common/options.ts';
import { createInstance, type TFunction } from 'i18next';

/**
 * The server's words in the member's language (emails), from the same catalogues as the web app
 * (common/i18n/locales): keys are the English texts, so English needs no lookup. Imported, not read
 * from disk, so bundles of the server (the durability test's) carry them.
 */
const CATALOGUES: Record<Language, Record<string, string>> = {
  'en-US': enUS,
  'es-ES': esES,
  'fr-FR': frFR,
  'de-DE': deDE,
  'pt-BR': ptBR,
};
const resources = Object.fromEntries(
  Object.entries(CATALOGUES).map(([language, translation]) => [language, { translation }]),
);

const i18n = createInstance();
void i18n.init({
  resources,
  lng: 'en-US',
  fallbackLng: 'en-US',
  supportedLngs: LANGUAGE_CODES,
  keySeparator: false,
  nsSeparator: false,
  // Emails escape what they put into HTML themselves.
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function translator(language: Language): TFunction {
  return i18n.getFixedT(language);
}

/** A member's saved language (settings.language), or English when they have not saved one. */
export const savedLanguage = (saved: string | null | undefined): Language =>
  saved && isLanguageCode(saved) ? saved : 'en-US';

/**
 * The language an Accept-Language header asks for, among ours (the web app sends the one it shows);
 * 'es' or 'es-MX' gives es-ES. Null when none of ours is asked for.
 */
export function languageFromHeader(header: string | null | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of asked) {
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const same = LANGUAGE_CODES.find((code) => code.split('-')[0] === tag.split('-')[0]);
    if (same) return same;
  }
  return null;
}
