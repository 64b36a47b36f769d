import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './scripts/i18n/vitePlugin.ts';

const root = import.meta.dirname;

export default defineConfig({
  // web/i18n imports the catalogue parts' index (here one part per language, as in `npm run dev`).
  plugins: [catalogueParts()],
  resolve: {
    alias: {
      '@web': path.join(root, 'web'),
      '@server': path.join(root, 'server'),
      '@common': path.join(root, 'common'),
    },
  },
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Migrates a SQLite file and a PostgreSQL template once; each test server starts from a copy.
    globalSetup: ['server/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
