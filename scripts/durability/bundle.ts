import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, version as esbuildVersion } from 'esbuild';

// The durability run starts the app about a hundred times per database. Under tsx a start costs ~5 s
// of CPU (every module transformed and loaded one by one); one CommonJS bundle run through V8's code
// cache (loader.cjs) costs ~1 s. The bundle is rebuilt only when the server code changes, and two runs
// at once (the SQLite and PostgreSQL test files) share it.

const root = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(root, 'node_modules/.cache/splikz-durability');
/** Native addons and optional drivers stay outside the bundle; node_modules has them. */
const external = ['better-sqlite3', 'sharp', '@node-rs/argon2', 'pg-native'];

export interface ChildCommand {
  command: string;
  args: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A key of everything the bundle is made of: our sources, the locked dependencies, node, esbuild. */
function bundleKey(): string {
  const hash = createHash('sha256').update(`${process.version} ${esbuildVersion}`);
  const files = [
    ...sourceFiles(path.join(root, 'server')),
    ...sourceFiles(path.join(root, 'common')),
    path.join(root, 'scripts/durability/child.ts'),
    path.join(root, 'package-lock.json'),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

async function buildBundle(outfile: string): Promise<void> {
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, 'scripts/durability/child.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    keepNames: true,
    external,
    outfile: temporary,
    logLevel: 'error',
    // app.ts finds the repository from import.meta.url; in CommonJS it is the bundle's own path.
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  renameSync(temporary, outfile);
}

/**
 * Removes the bundles (and their code caches) no run has started from for an hour: a run touches its
 * bundle when it starts and lasts minutes, so none of them is in use.
 */
function pruneUnused(keep: string): void {
  for (const name of readdirSync(cacheDir)) {
    const file = path.join(cacheDir, name);
    // A code cache, lock or temporary file goes with its bundle (the part of the name before the dot).
    const bundle = path.join(cacheDir, `${name.split('.')[0]}.cjs`);
    const used = statSync(bundle, { throwIfNoEntry: false }) ?? statSync(file, { throwIfNoEntry: false });
    if (!name.startsWith(keep) && used && Date.now() - used.mtimeMs > 3_600_000) {
      rmSync(file, { recursive: true, force: true });
    }
  }
}

/** The command that starts one app child (loader.cjs and the current bundle), building it if needed. */
export async function childCommand(): Promise<ChildCommand> {
  mkdirSync(cacheDir, { recursive: true });
  const key = `child-${bundleKey()}`;
  const outfile = path.join(cacheDir, `${key}.cjs`);
  const lock = `${outfile}.lock`;
  const deadline = Date.now() + 120_000;
  while (!existsSync(outfile)) {
    if (Date.now() > deadline)
      throw new Error(`the durability bundle was not built within 2 minutes (${lock})`);
    try {
      mkdirSync(lock); // atomic: one builder, the other run waits for the file
    } catch {
      // A lock left by a run that died while building is older than any build takes.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      await sleep(200);
      continue;
    }
    try {
      await buildBundle(outfile);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(outfile, now, now);
  pruneUnused(key);
  return { command: process.execPath, args: [path.join(root, 'scripts/durability/loader.cjs'), outfile] };
}
