import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './scripts/i18n/vitePlugin.ts';

const root = import.meta.dirname;

const ALL = ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];
/** Test files that mock a module; they run isolated. */
const MOCKING = [
  'server/routes/media/limits.test.ts',
  'web/media/uploadSlot.test.ts',
  'web/realtime/connection.test.ts',
];

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
    environment: 'node',
    // Migrates a SQLite file and a PostgreSQL template once; each test server starts from a copy.
    globalSetup: ['server/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        // Most files share their worker's loaded modules (isolate: false): importing the app's module
        // graph anew for every file was 75 s of a 190 s run. Nothing in them mocks a module.
        extends: true,
        test: { name: 'shared', isolate: false, include: ALL, exclude: MOCKING },
      },
      {
        // Files that replace a module (vi.mock) get a fresh module registry of their own.
        extends: true,
        test: { name: 'isolated', include: MOCKING },
      },
    ],
  },
});
