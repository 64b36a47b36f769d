import { parts } from 'virtual:i18n-parts';
import english from '@common/i18n/locales/en-US.json';
import type { Language } from '@common/options.ts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, rememberLanguage, startingLanguage } from './languages.ts';

/**
 * The interface's words. Keys are the English texts themselves (the spec's strings, verbatim), so
 * English needs no catalogue beyond its plural forms (common/i18n/locales/en-US.json); each other
 * language is one catalogue, common/i18n/locales/<code>.json (the server's emails use them too).
 * `npm test` checks that every key used in web/ (and every sentence the server answers with) is in
 * every catalogue (scripts/i18n).
 *
 * A page loads only the words of the code it runs: the build cuts each catalogue into parts, one for
 * the entry and one for each lazily loaded screen or dialog (scripts/i18n/parts.ts), and loading such
 * a module also loads its part (withCatalogue, put in by the build: scripts/i18n/vitePlugin.ts).
 */
type Catalogue = Record<string, string>;
type PartLoader = () => Promise<{ default: Catalogue }>;
const partLists: Partial<Record<string, () => Promise<{ default: Record<string, PartLoader> }>>> = parts;
const ENTRY = 'web/main.tsx';

/** The parts this page has needed so far; a language switch loads them all in the new language. */
const wanted = new Set<string>([ENTRY]);
/** The language shown, or being loaded to be shown next. */
let showing = startingLanguage();

async function readParts(language: string, ids: Iterable<string>): Promise<Catalogue> {
  const list = partLists[language];
  if (!list) return {};
  const loaders = (await list()).default;
  const modules = await Promise.all([...ids].flatMap((id) => loaders[id] ?? []).map((load) => load()));
  return Object.assign({}, ...modules.map((module) => module.default));
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    readParts(language, wanted).then(
      (catalogue) => done(null, catalogue),
      (error: Error) => done(error, null),
    );
  },
};

/**
 * A lazily loaded module, once its words are there too (the build wraps each `import('…')` of a root
 * in it). Words that cannot be loaded leave the screen in English rather than not there at all.
 */
export async function withCatalogue<T>(module: Promise<T>, root: string): Promise<T> {
  const [loaded] = await Promise.all([module, loadCataloguePart(root).catch(() => {})]);
  return loaded;
}

/**
 * Loads a part's words in the language shown (and in the one being switched to). See withCatalogue;
 * web/api calls it for the server's sentences.
 */
export async function loadCataloguePart(id: string): Promise<void> {
  wanted.add(id);
  const languages = new Set([i18n.language ?? showing, showing]);
  await Promise.all(
    [...languages].map(async (language) => {
      const part = await readParts(language, [id]);
      if (Object.keys(part).length > 0) i18n.addResourceBundle(language, 'translation', part, true, true);
    }),
  );
}

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: showing,
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
  showing = language;
  if (i18n.language === language) return;
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

/** The language dates, times and numbers are written in. */
export const currentLocale = (): string => i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;

export { i18n };
