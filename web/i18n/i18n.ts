import english from '@common/i18n/locales/en-US.json';
import type { Language } from '@common/options.ts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, rememberLanguage, startingLanguage } from './languages.ts';

/**
 * The interface's words. Keys are the English texts themselves (the spec's strings, verbatim), so
 * English needs no catalogue beyond its plural forms (common/i18n/locales/en-US.json); each other
 * language is one catalogue, common/i18n/locales/<code>.json (the server's emails use them too),
 * loaded only when that language is shown. `npm test` checks that every key used in web/ (and every
 * sentence the server answers with) is in every catalogue (scripts/i18n).
 */
type Catalogue = Record<string, string>;
/** One chunk per language, fetched the first time it is shown (typed: a new language needs its line). */
const catalogues: Record<Exclude<Language, 'en-US'>, () => Promise<{ default: Catalogue }>> = {
  'es-ES': () => import('@common/i18n/locales/es-ES.json'),
  'fr-FR': () => import('@common/i18n/locales/fr-FR.json'),
  'de-DE': () => import('@common/i18n/locales/de-DE.json'),
  'pt-BR': () => import('@common/i18n/locales/pt-BR.json'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    const load: (() => Promise<{ default: Catalogue }>) | undefined =
      catalogues[language as keyof typeof catalogues];
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, module.default),
      (error: Error) => done(error, null),
    );
  },
};

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: startingLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    resources: { [DEFAULT_LANGUAGE]: { translation: english } },
    partialBundledLanguages: true,
    // English sentences as keys: '.' and ':' are part of them, not separators.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    react: { useSuspense: true },
  });

function applyToDocument(language: string) {
  // Unit tests import modules that import this one without a page.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyToDocument(i18n.language);
i18n.on('languageChanged', applyToDocument);

/**
 * Shows the interface in this language from now on (and on this browser's next visit). The catalogue
 * is loaded before the switch, so screens change words in place instead of suspending.
 */
export async function showLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  if (i18n.language === language) return;
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

/** The language dates, times and numbers are written in. */
export const currentLocale = (): string => i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;

export { i18n };
