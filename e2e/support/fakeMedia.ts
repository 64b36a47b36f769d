import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import config from '../../playwright.config.ts';

/**
 * The fake camera's picture: a small moving test pattern, 320 × 180 at 15 frames a second, looped. Left
 * to itself the fake device makes the 1280 × 720 the app asks for, and encoding that for every guest is
 * most of what the circle tests cost on 2 cores; the app takes the smaller picture as it takes any camera's.
 */
export function fakeCamera(size = '320x180'): string {
  const file = resolve(`.e2e-data/fake-camera-${size}.y4m`);
  if (!existsSync(file)) {
    mkdirSync('.e2e-data', { recursive: true });
    const partial = `${file}.${process.pid}.y4m`;
    execFileSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${size}:rate=15`,
        '-frames:v',
        '30',
        '-pix_fmt',
        'yuv420p',
        partial,
      ],
      { stdio: 'pipe' },
    );
    // Two workers may make it at once: each writes its own file and renames it into place.
    renameSync(partial, file);
  }
  return file;
}

/**
 * Launch options for real WebRTC between pages of one Chromium: a fake camera and microphone, no
 * permission prompt, connections over the loopback interface. `test.use({ launchOptions: fakeMedia })`.
 */
export const fakeMedia = {
  ...config.use?.launchOptions,
  args: [
    ...(config.use?.launchOptions?.args ?? []),
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${fakeCamera()}`,
    '--use-fake-ui-for-media-stream',
    '--allow-loopback-in-peer-connection',
  ],
};
