// Bundles the server (server/main.ts and everything it imports) into one CommonJS file, build/server.cjs,
// so `npm start` and the end-to-end tests start it with plain node: under tsx a start transformed every
// module one by one (~5 s of CPU on these machines), the bundle loads in about one.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(root, 'build/server.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  keepNames: true,
  // Native addons and optional drivers stay outside the bundle; node_modules has them. janode too: its
  // unix-dgram addon finds its binary from its own folder (and it loads only with JANUS_URL).
  external: ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pg-native', 'janode'],
  logLevel: 'warning',
  // app.ts finds the repository from import.meta.url: build/ is one level below it, as server/ is.
  define: { 'import.meta.url': '__importMetaUrl' },
  // The first line stops a Node older than 22 with one sentence (scripts/check-node.cjs) before the
  // native addons load: better-sqlite3 would die with "Segmentation fault" and no other word.
  banner: {
    js: [
      "if (Number(process.versions.node.split('.')[0]) < 22) { console.error('Splikz needs Node 22 or 24, and this is Node ' + process.versions.node + ': run `. scripts/use-node-24.sh` first (it fetches Node 24 from the npm registry), then `npm ci` again.'); process.exit(1); }",
      "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;",
    ].join('\n'),
  },
});
