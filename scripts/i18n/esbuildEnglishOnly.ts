import type { Plugin } from 'esbuild';

/**
 * For code bundled by esbuild outside the app's build (the trimmer's e2e and bench pages): web/i18n's
 * list of catalogue parts, which scripts/i18n/vitePlugin.ts builds for Vite, is empty, so those pages
 * speak English.
 */
export const englishOnly: Plugin = {
  name: 'splikz:i18n-english-only',
  setup(build) {
    build.onResolve({ filter: /^virtual:i18n-parts$/ }, () => ({
      path: 'i18n-parts',
      namespace: 'splikz-i18n',
    }));
    build.onLoad({ filter: /.*/, namespace: 'splikz-i18n' }, () => ({
      contents: 'export const parts = {};',
      loader: 'js',
    }));
  },
};
