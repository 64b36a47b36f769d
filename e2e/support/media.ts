import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePng } from '../../server/test/media.ts';

// Files for the browser's file inputs, as Playwright's setInputFiles takes them.

export async function photo(name = 'photo.png', background = '#0ea5e9') {
  return { name, mimeType: 'image/png', buffer: await makePng(1200, 800, background) };
}

/**
 * A real clip made by Debian's ffmpeg: H.264 video (a moving test pattern) and an AAC tone, small so
 * that browsers decode it fast. What a phone gives, for the trim dialog, which plays and cuts it.
 */
export function realClip(seconds: number, name = 'clip.mp4', size = '320x180') {
  const dir = mkdtempSync(path.join(tmpdir(), 'splikz-clip-'));
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=15`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file],
  ]);
  const buffer = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  return { name, mimeType: 'video/mp4', buffer };
}
