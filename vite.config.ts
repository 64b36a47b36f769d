import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueParts } from './scripts/i18n/vitePlugin.ts';

const root = import.meta.dirname;

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  plugins: [
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
            // Every icon in one chunk: one by one they were some 20 requests of under 1 KB on the first screen.
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
            // The error templates ride with the field schemas that /auth and the feeds both load (alone
            // they were one more request of 350 bytes).
            { name: 'fields', test: /[\\/]common[\\/](errorTemplates|schemas[\\/]fields)\.ts$/ },
            // The small modules of the signed-in screens (queries, post cards, dialogs, realtime) in one
            // chunk instead of some 25 of under 2 KB; nothing /auth loads (the session and sign-in queries, Field,
            // Footer, Spinner) is in it.
            {
              name: 'member',
              // Their own dependencies (React, the API client, i18n) stay where /auth loads them.
              includeDependenciesRecursively: false,
              test: (id) =>
                (/[\\/]web[\\/](queries|components[\\/]posts|realtime|firstScreen\.ts|afterPaint\.ts|ui[\\/](Dialog|ConfirmDialog|Select|Textarea|EmptyState)\.tsx|components[\\/](Avatar|Badges|ReportDialog|reportReasons|useWhenVisible)|media[\\/](useVideoTrimmer|useUpload|uploadSlot|UploadProgress|files)|screens[\\/]FaithVerse[\\/]components[\\/]Badges)/.test(
                  id,
                ) ||
                  // The feed's schemas and React Query's infinite-query hooks (the sign-in screen uses none
                  // of them; the core's infiniteQueryBehavior stays out: QueryClient imports it).
                  /[\\/]common[\\/](schemas[\\/](postLimits|prayer|settings|reports|notifications|realtime)|realtime)\.ts$/.test(
                    id,
                  ) ||
                  /[\\/]@tanstack[\\/](react-query[\\/].*[\\/](useInfiniteQuery|infiniteQueryOptions)|query-core[\\/].*[\\/]infiniteQueryObserver)\.js$/.test(
                    id,
                  )) &&
                !/[\\/]queries[\\/](session|auth)\.ts$/.test(id),
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
