import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGE_CODES } from '../../common/options.ts';
import { catalogueFile, ENGLISH, readCatalogue } from './catalogues.ts';
import type { Key } from './extract.ts';
import { ENTRY, partCatalogue, partKeys } from './parts.ts';

const INDEX = 'virtual:i18n-parts';
const PART = 'virtual:i18n-part/';
const REPO = path.resolve(import.meta.dirname, '../..');
const OTHER_LANGUAGES = LANGUAGE_CODES.filter((language) => language !== ENGLISH);

/** `i18n_es-ES_screens-Auth-AuthScreen`: also the name of the part's chunk in dist/assets. */
const partName = (language: string, root: string) =>
  `i18n_${language}_${root
    .replace(/^web\//, '')
    .replace(/\.tsx?$/, '')
    .replace(/[^\w-]+/g, '-')}`;

/**
 * Builds web/i18n's catalogue parts (scripts/i18n/parts.ts): `virtual:i18n-parts` lists, per language,
 * each root's part chunk, and every `import('…')` of a root in web/ also loads the root's part in the
 * language shown before it resolves, so a screen never renders before its words are there. `npm run dev` keeps one
 * part per language (the whole catalogue), read again on each reload.
 */
export function catalogueParts(): Plugin {
  let serve = false;
  let parts: Map<string, Key[]> | null = null;
  const built = () => {
    parts ??= partKeys();
    return parts;
  };
  return {
    name: 'splikz:i18n-parts',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    buildStart() {
      parts = null;
    },
    resolveId(id) {
      return id === INDEX || id.startsWith(`${INDEX}/`) || id.startsWith(PART) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        // Only each language's list is in the entry; the list of its parts loads when it is shown.
        const loaders = OTHER_LANGUAGES.map(
          (language) =>
            `  ${JSON.stringify(language)}: () => import(${JSON.stringify(`${INDEX}/${language}`)}),`,
        );
        return `export const parts = {\n${loaders.join('\n')}\n};\n`;
      }
      const language = OTHER_LANGUAGES.find((code) => id === `\0${INDEX}/${code}`);
      if (language) {
        const roots = serve
          ? [ENTRY]
          : [...built()].filter(([, keys]) => keys.length > 0).map(([root]) => root);
        const lines = roots.map(
          (root) =>
            `  ${JSON.stringify(root)}: () => import(${JSON.stringify(PART + partName(language, root))}),`,
        );
        return `export default {\n${lines.join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${PART}`)) {
        const name = id.slice(PART.length + 1);
        const language = OTHER_LANGUAGES.find((code) => name.startsWith(`i18n_${code}_`));
        const root = [...(serve ? [ENTRY] : built().keys())].find(
          (candidate) => language && partName(language, candidate) === name,
        );
        if (!language || !root) return null;
        if (serve) this.addWatchFile(catalogueFile(language));
        const catalogue = readCatalogue(language);
        const part = serve ? catalogue : partCatalogue(built().get(root)!, catalogue, language);
        return `export default ${JSON.stringify(part)};\n`;
      }
      return null;
    },
    async transform(code, id) {
      if (serve || id.startsWith('\0') || !relative(id).startsWith('web/')) return null;
      // import('…') of a root with words becomes withCatalogue(import('…'), root). (Not a top-level
      // await in the root itself: Rollup would then move the modules it shares with the entry out of it.)
      const found = [...code.matchAll(/\bimport\(\s*(["'])([^"'\n]+)\1\s*\)/g)];
      let out = code;
      let changed = false;
      for (const match of found.reverse()) {
        const resolved = await this.resolve(match[2]!, id);
        const root = resolved && !resolved.external ? relative(resolved.id) : null;
        if (!root || root === ENTRY || !built().get(root)?.length) continue;
        const at = match.index;
        out = `${out.slice(0, at)}__withCatalogue(${match[0]}, ${JSON.stringify(root)})${out.slice(at + match[0].length)}`;
        changed = true;
      }
      if (!changed) return null;
      return {
        code: `import { withCatalogue as __withCatalogue } from '@web/i18n/i18n.ts';\n${out}`,
        map: null,
      };
    },
  };
}

/** A module's path from the repository's root, with forward slashes. */
const relative = (id: string) => path.relative(REPO, id.split('?')[0]!).split(path.sep).join('/');
