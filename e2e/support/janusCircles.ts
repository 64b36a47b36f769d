import { type Browser, chromium, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { fakeCamera, fakeMedia } from './fakeMedia.ts';
import { newMember } from './members.ts';
import type { OwnServer } from './ownServer.ts';

/** e2e/janus.spec.ts's members and circles, on the app server that spec starts with JANUS_URL. */

export interface Member {
  page: Page;
  id: string;
  name: string;
  close(): Promise<void>;
  /** Everything the server sent this page: API bodies and socket frames. */
  received: string[];
}

export async function memberPage(
  server: OwnServer,
  browser: Browser,
  prefix: string,
  viewport?: { width: number; height: number },
): Promise<Member> {
  const member = newMember(prefix);
  const context = await browser.newContext({
    baseURL: server.url,
    permissions: ['camera', 'microphone'],
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  const received: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => received.push(String(payload))),
  );
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) received.push(await response.text().catch(() => ''));
  });
  await server.createMember(page.request, member);
  const me = await (await page.request.get('/api/me')).json();
  return { page, id: me.id, name: member.name, received, close: () => context.close() };
}

export async function createCircle(
  server: OwnServer,
  page: Page,
  data: Record<string, unknown>,
): Promise<string> {
  const response = await page.request.post('/api/circles', { data, headers: { origin: server.url } });
  expect(response.status()).toBe(201);
  return (await response.json()).circle.id as string;
}

/** The room's id, secret and pin, as only the server's database holds them. */
export function roomSecrets(server: OwnServer, circleId: string): string[] {
  const db = new Database(`${server.dataDir}/splikz.db`, { readonly: true });
  try {
    const row = db
      .prepare('select room_id, secret, pin from faith_circle_janus_rooms where circle_id = ?')
      .get(circleId) as { room_id: string; secret: string; pin: string } | undefined;
    return row ? [row.room_id, row.secret, row.pin] : [];
  } finally {
    db.close();
  }
}

export async function goLive(host: Member, circleId: string) {
  await host.page.goto(`/faithverse/c/${circleId}`);
  await host.page.getByRole('button', { name: 'Go live' }).click();
  await expect(host.page.getByTestId('local-video')).toBeVisible();
  // The camera shows before the server has answered the page's go-live: wait for its decision.
  await expect
    .poll(async () => (await (await host.page.request.get(`/api/circles/${circleId}`)).json()).circle.media)
    .not.toBeNull();
}

/** Keeps every RTCPeerConnection the page makes, for mediaPorts(): call before the page loads. */
export async function recordPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
}

/** The local UDP ports of the page's connected media (each peer connection's selected candidate pair). */
export function mediaPorts(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const ports: number[] = [];
    const made = (window as unknown as { peerConnections?: RTCPeerConnection[] }).peerConnections ?? [];
    for (const connection of made) {
      if (connection.connectionState !== 'connected') continue;
      const stats = await connection.getStats();
      for (const report of stats.values()) {
        if (report.type !== 'transport' || !report.selectedCandidatePairId) continue;
        const pair = stats.get(report.selectedCandidatePairId);
        const local = pair && stats.get(pair.localCandidateId);
        if (local?.port) ports.push(Number(local.port));
      }
    }
    return ports;
  });
}

/** How wide the picture a page receives is (the simulcast layer Janus forwards it). */
export const receivedWidth = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLVideoElement>('video[data-testid="remote-video"]')?.videoWidth ?? 0,
  );

/** A browser whose fake camera is 1280 × 720: the host's page sends it in three layers (1280, 640, 320 wide). */
export function launchWithHdCamera() {
  const camera = fakeCamera('1280x720');
  const args = fakeMedia.args.map((arg) =>
    arg.startsWith('--use-file-for-fake-video-capture=')
      ? `--use-file-for-fake-video-capture=${camera}`
      : arg,
  );
  return chromium.launch({
    ...fakeMedia,
    args: [
      ...args,
      '--autoplay-policy=no-user-gesture-required',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
}
