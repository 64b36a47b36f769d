import { readFileSync } from 'node:fs';

/** This release's version, from package.json (the Mastodon API and NodeInfo say it). */
export const SPLIKZ_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
