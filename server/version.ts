import packageJson from '../package.json' with { type: 'json' };

/** This release's version, from package.json (the Mastodon API and NodeInfo say it); bundles inline it. */
export const SPLIKZ_VERSION: string = packageJson.version;
