// Translators' helper: `npx tsx scripts/i18n/cli.ts missing es-ES` prints the entries es-ES lacks as
// JSON (English text as the value, to be replaced); `strays` lists interface text outside t();
// `prune <language>` drops stale entries from a catalogue.
import { writeFileSync } from 'node:fs';
import {
  catalogueFile,
  checkCatalogue,
  ENGLISH,
  readCatalogue,
  requiredEntries,
  usedKeys,
} from './catalogues.ts';

const [command, language = ''] = process.argv.slice(2);
const { keys, strays } = usedKeys();

if (command === 'strays') {
  for (const s of strays) console.log(`${s.where}  ${s.text}`);
  console.error(`${strays.length} strays, ${keys.length} keys`);
} else if (command === 'missing') {
  const needed = requiredEntries(language, keys);
  const catalogue = readCatalogue(language);
  const english = readCatalogue(ENGLISH);
  const missing: Record<string, string> = {};
  for (const [entry, key] of needed) {
    if (catalogue[entry] !== undefined) continue;
    const base = entry.replace(/_(zero|one|two|few|many|other)$/, '');
    missing[entry] =
      english[`${base}_other`] && key.plural ? english[`${base}_other`]! : (key.english ?? key.key);
  }
  console.log(JSON.stringify(missing, null, 2));
} else if (command === 'prune') {
  const { stale } = checkCatalogue(language, keys);
  const catalogue = readCatalogue(language);
  for (const entry of stale) delete catalogue[entry];
  writeFileSync(catalogueFile(language), `${JSON.stringify(catalogue, null, 2)}\n`);
  console.error(`dropped ${stale.length} stale entries from ${language}`);
} else {
  console.error('usage: cli.ts strays | missing <language> | prune <language>');
  process.exit(2);
}
