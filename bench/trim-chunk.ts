// The trim bench's other figure: how much the trimmer adds to the download when a person opens it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { REPO } from './trim-setup.ts';

export interface ChunkSize {
  measured: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

const gzipSize = (data: Buffer | Uint8Array) => gzipSync(data, { level: 9 }).length;

/**
 * The lazy chunk that holds TrimDialog (and mediabunny) in dist/, plus the chunks that only it
 * loads, from Vite's manifest; null when there is no build.
 */
export function builtTrimmerChunk(): ChunkSize | null {
  const manifestFile = path.join(REPO, 'dist', '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const root = 'media/TrimDialog.tsx';
  if (!manifest[root]) return null;
  const importers = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const imported of chunk.imports ?? [])
      importers.set(imported, [...(importers.get(imported) ?? []), key]);
  }
  // Grow the set by chunks every importer of which is already in it (entries load on their own).
  const owned = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of owned) {
      for (const imported of manifest[key]?.imports ?? []) {
        const chunk = manifest[imported];
        if (owned.has(imported) || !chunk || chunk.isEntry || chunk.isDynamicEntry) continue;
        if ((importers.get(imported) ?? []).every((k) => owned.has(k))) {
          owned.add(imported);
          grew = true;
        }
      }
    }
  }
  const files = [...owned].map((key) => manifest[key]!.file);
  const contents = files.map((file) => readFileSync(path.join(REPO, 'dist', file)));
  return {
    // dist/ is whatever was last built: say when, so a stale build is noticed.
    measured: `dist/ built ${statSync(manifestFile).mtime.toISOString()}: the TrimDialog chunk and the chunks only it imports`,
    files,
    bytes: contents.reduce((sum, c) => sum + c.length, 0),
    gzipBytes: contents.reduce((sum, c) => sum + gzipSize(c), 0),
  };
}

/** Without a build: TrimDialog.tsx bundled by esbuild, minus what the app's other chunks hold. */
export async function bundledTrimmerChunk(): Promise<ChunkSize> {
  // The app's main chunks hold these (esbuild leaves out a package's subpaths too: react/jsx-runtime).
  const external = ['react', 'react-dom', 'lucide-react', '@common/*', '@web/components/*', '@web/i18n/*'];
  const bundle = await build({
    entryPoints: [path.join(REPO, 'web', 'media', 'TrimDialog.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external,
    write: false,
    logLevel: 'error',
  });
  const code = bundle.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    measured: `esbuild bundle of web/media/TrimDialog.tsx, minified, without ${external.join(', ')}`,
    files: ['web/media/TrimDialog.tsx'],
    bytes: code.length,
    gzipBytes: gzipSize(code),
  };
}
