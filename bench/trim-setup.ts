// Setup of the trim bench: the fixture clip, the ffprobe check every clip must pass, the page's bundle,
// the local server that hands the page its script, the fixture and ffmpeg.wasm, and Chromium.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Browser, chromium } from '@playwright/test';
import { build } from 'esbuild';
import { englishOnly } from '../scripts/i18n/esbuildEnglishOnly.ts';

export const REPO = path.join(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The same flags as playwright.config.ts gives the e2e suite.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// ---- Fixture and probe ------------------------------------------------------------------------------

/** 30 s, 1920x1080 at 30 fps, H.264 + AAC tone: the clip e2e/trim.spec.ts trims. */
export function makeFixture(file: string) {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=1920x1080:rate=30:duration=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=30'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-shortest', file],
  ]);
}

export interface ClipProbe {
  duration: number;
  video: string;
  audio: string | null;
}

/** What a clip must look like: its length (within `slackSeconds`) and the widest video allowed. */
export interface ClipExpectation {
  seconds: number;
  slackSeconds: number;
  maxWidth: number;
}

/** The clip's shape, or a list of what is wrong with it. */
export function probeClip(file: string, expected: ClipExpectation): { probe: ClipProbe; problems: string[] } {
  const out = JSON.parse(
    execFileSync('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height'],
      ...['-of', 'json', file],
    ]).toString(),
  ) as {
    format: { duration?: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
  const duration = Number(out.format.duration);
  const video = out.streams.find((s) => s.codec_type === 'video');
  const audio = out.streams.find((s) => s.codec_type === 'audio');
  const problems: string[] = [];
  const length = expected.seconds;
  if (!(Math.abs(duration - length) <= expected.slackSeconds)) {
    problems.push(`lasts ${duration} s, not ${length}`);
  }
  if (video?.codec_name !== 'h264') problems.push(`video is ${video?.codec_name ?? 'missing'}, not h264`);
  if (!video?.width || video.width > expected.maxWidth) problems.push(`video is ${video?.width} wide`);
  if (!audio) problems.push('has no audio');
  return {
    probe: {
      duration: round(duration, 3),
      video: `${video?.codec_name} ${video?.width}x${video?.height}`,
      audio: audio?.codec_name ?? null,
    },
    problems,
  };
}

// ---- The page's server ------------------------------------------------------------------------------

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
};

/** A page, its bundle, the fixture and ffmpeg.wasm as published; clips come back with PUT /out/<name>. */
export async function serve(pageScript: string, fixture: string, outDir: string): Promise<Server> {
  const packageDir = (name: string) => path.join(REPO, 'node_modules', '@ffmpeg', name, 'dist', 'esm');
  const dirs: Record<string, string> = {
    ffmpeg: packageDir('ffmpeg'),
    util: packageDir('util'),
    core: packageDir('core'),
  };
  const html =
    '<!doctype html><meta charset="utf-8"><title>trim bench</title><script type="module" src="/bench.js"></script>';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, first = '', name = '', ...rest] = url.pathname.split('/');
    const sendFile = (file: string) => {
      if (!existsSync(file)) return response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      createReadStream(file).pipe(response);
    };
    if (request.method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    } else if (request.method === 'GET' && url.pathname === '/bench.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(pageScript);
    } else if (request.method === 'GET' && url.pathname === '/input.mp4') {
      sendFile(fixture);
    } else if (rest.length === 0 && /^[\w.-]+$/.test(name) && !name.startsWith('.')) {
      const dir = dirs[first];
      if (request.method === 'GET' && dir) sendFile(path.join(dir, name));
      else if (request.method === 'PUT' && first === 'out') {
        pipeline(request, createWriteStream(path.join(outDir, name))).then(
          () => response.writeHead(204).end(),
          () => response.writeHead(500).end(),
        );
      } else response.writeHead(404).end();
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export const serverUrl = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

/** The in-page half (bench/trim-pages.ts unless told), bundled for the browser. */
export async function bundlePage(entry = path.join(REPO, 'bench', 'trim-pages.ts')): Promise<string> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    plugins: [englishOnly],
  });
  return bundle.outputFiles[0]?.text ?? '';
}
