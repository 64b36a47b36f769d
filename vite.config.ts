import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@web': path.join(root, 'web'),
      '@common': path.join(root, 'common'),
    },
  },
  build: { outDir: path.join(root, 'dist'), emptyOutDir: true, sourcemap: false, manifest: true },
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
