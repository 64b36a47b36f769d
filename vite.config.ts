import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './scripts/i18n/vitePlugin.ts';
import { directIconImports } from './scripts/icons/vitePlugin.ts';

const root = import.meta.dirname;

const lucideIcon = /node_modules[\\/]lucide-react[\\/]/;

/** The signed-in screens' shared modules (and React Query's infinite-query hooks, which only they use). */
const memberModule = (id: string) =>
  (/[\\/]web[\\/](queries|components[\\/]posts|realtime|firstScreen\.ts|afterPaint\.ts|ui[\\/](Dialog|ConfirmDialog|Select|Textarea|EmptyState)\.tsx|components[\\/](Avatar|Badges|ReportDialog|reportReasons|useWhenVisible)|media[\\/](useVideoTrimmer|useUpload|uploadSlot|UploadProgress|files)|screens[\\/]FaithVerse[\\/]components[\\/]Badges)/.test(
    id,
  ) ||
    // The feed's schemas and React Query's infinite-query hooks (the sign-in screen uses none of them; the
    // core's infiniteQueryBehavior stays out: QueryClient imports it).
    /[\\/]common[\\/](schemas[\\/](postLimits|prayer|settings|reports|notifications|realtime)|realtime)\.ts$/.test(
      id,
    ) ||
    /[\\/]@tanstack[\\/](react-query[\\/].*[\\/](useInfiniteQuery|infiniteQueryOptions)|query-core[\\/].*[\\/]infiniteQueryObserver)\.js$/.test(
      id,
    )) &&
  !/[\\/]queries[\\/](session|auth)\.ts$/.test(id);

/** Our own source (web/ and common/), not a package's. */
const ownModule = (id: string) =>
  [path.join(root, 'web'), path.join(root, 'common')].some((dir) => id.startsWith(dir + path.sep));

/** The screens a visitor sees (web/App.tsx's routes outside the signed-in shell). */
const VISITOR_SCREENS = [
  'Auth/AuthScreen.tsx',
  'AuthCallback/AuthCallbackScreen.tsx',
  'Legal/PrivacyScreen.tsx',
  'Legal/TermsScreen.tsx',
  'Legal/CookiesScreen.tsx',
  'About/AboutScreen.tsx',
  'NotFound/NotFoundScreen.tsx',
];

/**
 * The modules a visitor loads: what the entry imports, and each visitor screen with what it imports
 * (static imports only: a lazy screen is not loaded with its importer). Worked out once per process:
 * `vite build` chunks the app once (the service worker's own build has none of these modules).
 */
let visitorModules: Set<string> | undefined;
function loadedByVisitors(ctx: Rolldown.ChunkingContext): Set<string> {
  if (visitorModules) return visitorModules;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(path.join(root, 'web/main.tsx'));
  for (const screen of VISITOR_SCREENS) visit(path.join(root, 'web/screens', screen));
  visitorModules = seen;
  return seen;
}

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  plugins: [
    directIconImports(),
    react(),
    tailwindcss(),
    // Each language's words in parts that load with the screens that use them (web/i18n/i18n.ts).
    catalogueParts(),
    // Installable app: the manifest, and web/sw.ts built with the list of files to keep offline.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      // web/pwa/registerServiceWorker.ts registers it after the first screen, and asks before updating.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Splikz',
        short_name: 'Splikz',
        description: 'A social network where faith, food and laughter bring people together.',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4f46e5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The video trimmer (mediabunny) and the bench-only ffmpeg files load when used, not before.
        globIgnores: ['**/TrimDialog-*.js', '**/ffmpeg*', '**/*.map'],
      },
    }),
  ],
  resolve: {
    alias: {
      '@web': path.join(root, 'web'),
      '@common': path.join(root, 'common'),
    },
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Top-level await: a lazily loaded screen waits for its words (scripts/i18n/vitePlugin.ts).
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen loads (React, the router, React Query, i18n, the API client, the icons and field
            // schemas of the visitor's screens; the screens themselves apart) in one chunk: split by which
            // screens share them they were some 10 requests of 0.5-15 KB before any screen could render.
            // The signed-in screens' icons ride in `member` below, not in what /auth loads
            // (scripts/icons/vitePlugin.ts lets the build see which screen imports which icon).
            {
              name: (id, ctx) =>
                loadedByVisitors(ctx).has(id) && !/[\\/]web[\\/]screens[\\/]/.test(id) ? 'app' : null,
              includeDependenciesRecursively: false,
            },
            // The small modules of the signed-in screens (queries, post cards, dialogs, realtime, their icons) in
            // one chunk instead of some 35 of under 2 KB, with the small parts of ours that those import
            // (FormActions, the upload limits, the recipe skeleton, event times); nothing a visitor loads is in it
            // (the `app` group above takes those first).
            {
              name: (id, ctx) =>
                memberModule(id) ||
                lucideIcon.test(id) ||
                (ownModule(id) && (ctx.getModuleInfo(id)?.importers ?? []).some(memberModule))
                  ? 'member'
                  : null,
              // Their own dependencies (React, the API client, i18n) stay where /auth loads them.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    // API calls go to the server; source modules under web/api/ (e.g. /api/client.ts) stay with Vite.
    proxy: {
      '^/(api|media)/(?!.*\\.tsx?(\\?.*)?$)': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
        ws: true,
      },
    },
  },
});
