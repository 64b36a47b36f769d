// Setup of the circles bench: the web build, a fake camera file, signed-in browser contexts whose
// pages record their own milestones, a circle that lets guests in at once, and whether this machine
// can run the Janus path.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Circle } from '@common/schemas/circles.ts';
import type { Browser } from '@playwright/test';
import { janusAvailable } from '@server/test/janusNetns.ts';
import Database from 'better-sqlite3';
import { instrumentPage } from './circles-probes.ts';
import type { BenchMember } from './members.ts';

export function ensureWebBuild(repo: string) {
  if (existsSync(path.join(repo, 'dist', 'index.html'))) return;
  console.log('dist/ is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** A looping .y4m test pattern (moving, so the encoders have real work) for the fake camera. */
export function fakeCameraFile(dir: string, video: string): string | null {
  if (video === 'default') return null;
  const match = /^(\d+)x(\d+)@(\d+)$/.exec(video);
  if (!match) throw new Error(`BENCH_VIDEO must look like 320x180@15 or be 'default', not ${video}`);
  const [, width, height, fps] = match;
  const file = path.join(dir, 'camera.y4m');
  // A few seconds of loop, at most ~100 MB of raw frames.
  const frames = Math.min(6 * Number(fps), Math.floor(100e6 / (Number(width) * Number(height) * 1.5)));
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${fps}`,
    '-frames:v',
    String(frames),
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

export async function memberContext(browser: Browser, baseUrl: string, member: BenchMember) {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const [name, value] = member.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  // tsx keeps function names with a __name helper, which the code sent into the page also calls.
  await context.addInitScript({
    content: `globalThis.__name = (f) => f; (${instrumentPage.toString()})();`,
  });
  return context;
}

export async function createCircle(
  baseUrl: string,
  host: BenchMember,
  title: string,
  /** More fields of the circle (max_guests). */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/circles`, {
    method: 'POST',
    headers: { cookie: host.cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ title, faith: 'Christianity', join_by_blessing: false, ...extra }),
  });
  if (response.status !== 201)
    throw new Error(`POST /api/circles: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { circle: { id: string } }).circle.id;
}

/** The circle as a member sees it (GET /api/circles/:id): its status, media path and max guests. */
export async function fetchCircle(baseUrl: string, member: BenchMember, circleId: string): Promise<Circle> {
  const response = await fetch(`${baseUrl}/api/circles/${circleId}`, { headers: { cookie: member.cookie } });
  if (response.status !== 200)
    throw new Error(`GET /api/circles/${circleId}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { circle: Circle }).circle;
}

/**
 * Lets more guests into a live mesh circle than members can (the mesh's cap of 10, which going live
 * enforces), straight in the server's SQLite file: the bench shows what the cap prevents.
 */
export function raiseMaxGuests(dbFile: string, circleId: string, maxGuests: number): void {
  const db = new Database(dbFile);
  try {
    db.prepare('update faith_circles set max_guests = ? where id = ?').run(maxGuests, circleId);
  } finally {
    db.close();
  }
}

/** Why this machine cannot start Janus in a network namespace (server/test/janusNetns.ts), or null. */
export function janusUnavailableReason(): string | null {
  if (janusAvailable()) return null;
  if (!existsSync('/usr/bin/janus')) return 'no /usr/bin/janus (Debian package janus)';
  if (process.getuid?.() !== 0) return 'not root (a network namespace and a veth pair need root)';
  return "'ip netns' failed (iproute2 missing?)";
}
