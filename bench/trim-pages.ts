// The trim bench's in-page half: bench/trim.ts bundles this file with esbuild and serves it as the
// page's module. It times one job at a time and PUTs each clip back to the bench's server, where Node
// probes it. ffmpeg.wasm is not bundled: its class spawns a module worker from its own directory, so
// it is imported from the server as published.
import type { FFmpeg } from '@ffmpeg/ffmpeg';
import type { fetchFile } from '@ffmpeg/util';
import { trimVideo } from '@web/media/trimVideo.ts';

export interface OursJob {
  start: number;
  end: number;
  maxSeconds: number;
  /** Where the clip is PUT once the clock has stopped. */
  upload: string;
}

export interface FfmpegJob {
  args: string[];
  inputName: string;
  outputName: string;
  upload: string;
}

export interface TimedRun {
  ms: number;
  bytes: number;
}

export interface TrimBench {
  ours(job: OursJob): Promise<TimedRun>;
  loadFfmpeg(): Promise<{ ms: number }>;
  ffmpeg(job: FfmpegJob): Promise<TimedRun>;
}

const INPUT_URL = '/input.mp4';
const absolute = (path: string) => new URL(path, location.href).href;

let input: Blob | null = null;
async function inputBlob(): Promise<Blob> {
  if (!input) {
    const response = await fetch(INPUT_URL);
    if (!response.ok) throw new Error(`GET ${INPUT_URL}: ${response.status}`);
    input = await response.blob();
  }
  return input;
}

async function upload(path: string, body: Blob): Promise<void> {
  const response = await fetch(path, { method: 'PUT', body });
  if (!response.ok) throw new Error(`PUT ${path}: ${response.status}`);
}

async function ours({ start, end, maxSeconds, upload: uploadPath }: OursJob): Promise<TimedRun> {
  const file = new File([await inputBlob()], 'holiday.mp4', { type: 'video/mp4' });
  const t0 = performance.now();
  const clip = await trimVideo(file, { start, end }, { maxSeconds });
  const ms = performance.now() - t0;
  await upload(uploadPath, clip);
  return { ms, bytes: clip.size };
}

let ffmpeg: FFmpeg | null = null;
/** The last lines ffmpeg logged, for the error when a run fails. */
const ffmpegLog: string[] = [];

async function loadFfmpeg(): Promise<{ ms: number }> {
  // Through variables, so esbuild leaves these imports to the browser.
  const ffmpegModule = absolute('/ffmpeg/index.js');
  const t0 = performance.now();
  const { FFmpeg } = (await import(ffmpegModule)) as typeof import('@ffmpeg/ffmpeg');
  const instance = new FFmpeg();
  instance.on('log', ({ message }) => {
    ffmpegLog.push(message);
    if (ffmpegLog.length > 30) ffmpegLog.shift();
  });
  await instance.load({
    coreURL: absolute('/core/ffmpeg-core.js'),
    wasmURL: absolute('/core/ffmpeg-core.wasm'),
  });
  ffmpeg = instance;
  return { ms: performance.now() - t0 };
}

async function runFfmpeg({ args, inputName, outputName, upload: uploadPath }: FfmpegJob): Promise<TimedRun> {
  if (!ffmpeg) throw new Error('ffmpeg.wasm is not loaded');
  const utilModule = absolute('/util/index.js');
  const util = (await import(utilModule)) as { fetchFile: typeof fetchFile };
  // writeFile hands the buffer over to the worker: a fresh copy for every run, made off the clock.
  const bytes = await util.fetchFile(await inputBlob());
  ffmpegLog.length = 0;
  const t0 = performance.now();
  await ffmpeg.writeFile(inputName, bytes);
  const code = await ffmpeg.exec(args);
  const output = code === 0 ? await ffmpeg.readFile(outputName) : null;
  const ms = performance.now() - t0;
  if (!output || typeof output === 'string') {
    throw new Error(`ffmpeg.wasm exited with ${code}:\n${ffmpegLog.join('\n')}`);
  }
  await ffmpeg.deleteFile(inputName);
  await ffmpeg.deleteFile(outputName);
  const clip = new Blob([output as Uint8Array<ArrayBuffer>], { type: 'video/mp4' });
  await upload(uploadPath, clip);
  return { ms, bytes: clip.size };
}

const bench: TrimBench = { ours, loadFfmpeg, ffmpeg: runFfmpeg };
(globalThis as unknown as { trimBench: TrimBench }).trimBench = bench;
