import type { AckResult } from '@common/realtime.ts';
import type { Circle, CreateCircleInput } from '@common/schemas/circles.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import {
  type Dialect,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from './harness.ts';
import { type ClientSocket, connected, connectSocket } from './sockets.ts';

// FaithVerse circles for the circle tests: one started through the API, and the database changes
// that stand in for waiting (a preview's 10 s, a host's 45 s of silence).

/** Starts a circle as the host through POST /api/circles (title and faith filled in) and returns it. */
export async function makeCircle(host: TestClient, input: Partial<CreateCircleInput> = {}): Promise<Circle> {
  const res = await host.post('/api/circles', { title: 'Evening prayer', faith: 'Christianity', ...input });
  if (res.status !== 201) throw new Error(`circle creation failed: ${JSON.stringify(res.body)}`);
  return res.body.circle;
}

/** The host's media started: POST /api/circles/:id/live. */
export async function goLive(host: TestClient, circleId: string, source_type = 'camera'): Promise<Circle> {
  const res = await host.post(`/api/circles/${circleId}/live`, { source_type });
  if (res.status !== 200) throw new Error(`going live failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Lets `guest` into the circle the way the room does: at once where the circle is open, else by
 * asking and the host's approval.
 */
export async function letIn(
  host: { client: TestClient },
  guest: { client: TestClient; me: { id: string } },
  circleId: string,
): Promise<void> {
  const asked = await guest.client.post(`/api/circles/${circleId}/requests`);
  if (asked.body.access === 'pending') {
    const approved = await host.client.post(`/api/circles/${circleId}/requests/${guest.me.id}/approve`);
    if (approved.status !== 200) throw new Error(`approval failed: ${JSON.stringify(approved.body)}`);
  }
  const page = await guest.client.get(`/api/circles/${circleId}`);
  if (page.body.role !== 'guest') throw new Error(`not let in: ${JSON.stringify(page.body)}`);
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** Moves the host's last heartbeat `seconds` into the past. */
export async function ageHeartbeat(server: TestServer, circleId: string, seconds: number): Promise<void> {
  await server.built.ctx.database.db
    .updateTable('faith_circles')
    .set({ host_heartbeat: secondsAgo(seconds) })
    .where('id', '=', circleId)
    .execute();
}

/** Moves the start of a member's preview `seconds` into the past. */
export async function agePreview(
  server: TestServer,
  circleId: string,
  userId: string,
  seconds: number,
): Promise<void> {
  await server.built.ctx.database.db
    .updateTable('faith_circle_previews')
    .set({ started_at: secondsAgo(seconds) })
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .execute();
}

/** Sends any event, as a script could, and waits for the acknowledgement. */
export function ask(tab: ClientSocket, event: string, ...payload: unknown[]): Promise<AckResult<unknown>> {
  return (tab as unknown as Socket).timeout(2000).emitWithAck(event, ...payload);
}

/** Everything a socket receives, by event, for checking what did and did not arrive. */
export function recordEvents(tab: ClientSocket): Map<string, unknown[]> {
  const heard = new Map<string, unknown[]>();
  tab.onAny((event: string, payload: unknown) => {
    heard.set(event, [...(heard.get(event) ?? []), payload]);
  });
  return heard;
}

/** Resolves with the first `event` on the socket that `match` accepts; fails after `timeoutMs`. */
export function nextEvent<T>(
  tab: ClientSocket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  const socket = tab as unknown as Socket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Lets events already sent arrive, before checking that something did not. */
export const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Inside a `describe`: a test server for the circle tests (started before, closed after, with the
 * tabs opened through `openTab`), and the shortcuts every circle test file uses.
 */
export function circleTestServer(dialect: Dialect) {
  let server: TestServer;
  const tabs: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    for (const tab of tabs) tab.close();
    await server.close();
  });
  return {
    server: () => server,
    db: () => server.built.ctx.database.db,
    member: (name?: string) => signedInMember(server, name ? { name } : {}),
    page: (viewer: CircleMember, id: string) => viewer.client.get(`/api/circles/${id}`),
    openTab: async (viewer: CircleMember) => {
      const tab = connectSocket(server, viewer.client);
      tabs.push(tab);
      await connected(tab);
      return tab;
    },
  };
}
export type CircleMember = Awaited<ReturnType<typeof signedInMember>>;
