import { i18n } from './i18n.ts';

/**
 * A sentence of the server's (an error's message, a shared schema's check) in the language shown.
 * A fixed sentence is its own catalogue key. One built from values ('Videos can be at most 10
 * seconds long. This one is 12.5 seconds.') is found by its key's shape ('… {{videoSeconds}} …
 * {{seconds}} …', read from the code by scripts/i18n) and written again with the same values.
 * Anything else stays as the server wrote it.
 */
export function translateSentence(message: string): string {
  if (i18n.exists(message)) return i18n.t(message);
  // Our sentences are short; a long one (an address echoed back) is not worth a regex's time.
  if (message.length > MAX_SHAPED_LENGTH) return message;
  for (const { pattern, key, names } of shapes()) {
    const match = pattern.exec(message);
    if (match) return i18n.t(key, Object.fromEntries(names.map((name, i) => [name, match[i + 1]])));
  }
  return message;
}

const MAX_SHAPED_LENGTH = 500;

interface Shape {
  pattern: RegExp;
  key: string;
  names: string[];
}

let cached: { language: string; size: number; shapes: Shape[] } | null = null;

/** The keys with values of the catalogue loaded so far, as patterns (made again as parts load). */
function shapes(): Shape[] {
  const language = i18n.language;
  const bundle = (i18n.getResourceBundle(language, 'translation') ?? {}) as Record<string, string>;
  const keys = Object.keys(bundle);
  if (cached?.language === language && cached.size === keys.length) return cached.shapes;
  const found: Shape[] = [];
  for (const key of keys) {
    if (!key.includes('{{')) continue;
    const names: string[] = [];
    const source = key
      .split(/\{\{\s*(\w+)\s*\}\}/)
      .map((part, i) => {
        if (i % 2 === 1) {
          names.push(part);
          return '(.+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    found.push({ pattern: new RegExp(`^${source}$`, 's'), key, names });
  }
  cached = { language, size: keys.length, shapes: found };
  return found;
}
