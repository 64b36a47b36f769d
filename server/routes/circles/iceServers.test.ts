import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IceServer } from '@common/schemas/circles.ts';
import { DEFAULT_ICE_SERVERS, loadConfig, type TurnConfig } from '@server/config.ts';
import { makeCircle } from '@server/test/circles.ts';
import {
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iceServersFor } from './iceServers.ts';

const SECRET = 'north-wind-shared-with-coturn';
const TURN: TurnConfig = {
  secret: SECRET,
  urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'],
  ttlSeconds: 3600,
};
const STUN: IceServer = { urls: 'stun:stun.example.org:3478' };
const STATIC_TURN: IceServer = {
  urls: 'turn:old.example.org:3478',
  username: 'everyone',
  credential: 'same',
};

/** The minted TURN entry, checked the way coturn checks it: the HMAC of the username, and its expiry. */
function checkMinted(servers: IceServer[], userId: string, ttlSeconds: number) {
  const turn = servers.find((server) => server.username !== undefined)!;
  expect(turn.urls).toEqual(TURN.urls);
  const [expiry, who] = turn.username!.split(':');
  expect(who).toBe(userId);
  expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username!).digest('base64'));
  const left = Number(expiry) - Date.now() / 1000;
  expect(left).toBeGreaterThan(0.75 * ttlSeconds - 1);
  expect(left).toBeLessThanOrEqual(ttlSeconds);
  return turn;
}

describe('TURN credentials minted per member (TURN_SECRET)', () => {
  it('gives each member their own username and a credential coturn can verify, expiring within the TTL', () => {
    const config = { iceServers: [STUN, STATIC_TURN], turn: TURN };
    const ann = iceServersFor(config, 'ann-id');
    const ben = iceServersFor(config, 'ben-id');
    const annTurn = checkMinted(ann, 'ann-id', TURN.ttlSeconds);
    const benTurn = checkMinted(ben, 'ben-id', TURN.ttlSeconds);
    expect(annTurn.username).not.toBe(benTurn.username);
    expect(annTurn.credential).not.toBe(benTurn.credential);
    // The configured STUN servers stay; a static TURN password would be everyone's again, so it goes.
    expect(ann).toEqual([STUN, annTurn]);
  });

  it('gives the same entries when asked again soon, so a refetched page does not rebuild connections', () => {
    const config = { iceServers: [STUN], turn: TURN };
    const start = Math.floor(Date.now() / 1000 / 900) * 900 * 1000;
    expect(iceServersFor(config, 'ann-id', start + 1000)).toEqual(
      iceServersFor(config, 'ann-id', start + 800_000),
    );
    const later = iceServersFor(config, 'ann-id', start + 900_000);
    expect(later[1]!.username).not.toBe(iceServersFor(config, 'ann-id', start)[1]!.username);
  });

  it('changes nothing without TURN_SECRET', () => {
    const iceServers = [STUN, STATIC_TURN];
    expect(iceServersFor({ iceServers, turn: undefined }, 'ann-id')).toBe(iceServers);
  });
});

describe('TURN settings', () => {
  const dirs: string[] = [];
  const load = (env: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'splikz-turn-'));
    dirs.push(dir);
    return loadConfig({ DATA_DIR: dir, ...env });
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('reads TURN_SECRET, TURN_URLS and TURN_TTL (a day by default), and none without them', () => {
    expect(load({}).turn).toBeUndefined();
    expect(
      load({ TURN_SECRET: SECRET, TURN_URLS: 'turn:a.example.org:3478, turns:a.example.org:5349' }).turn,
    ).toEqual({
      secret: SECRET,
      urls: ['turn:a.example.org:3478', 'turns:a.example.org:5349'],
      ttlSeconds: 86_400,
    });
    expect(
      load({ TURN_SECRET: SECRET, TURN_URLS: 'turn:a.example.org', TURN_TTL: '600' }).turn?.ttlSeconds,
    ).toBe(600);
  });

  it.each([
    [{ TURN_URLS: 'turn:a.example.org' }, /TURN_URLS: needs TURN_SECRET/],
    [{ TURN_TTL: '600' }, /TURN_TTL: needs TURN_SECRET/],
    [{ TURN_SECRET: SECRET }, /TURN_URLS: is required/],
    [
      { TURN_SECRET: SECRET, TURN_URLS: 'stun:a.example.org' },
      /TURN_URLS: 'stun:a.example.org' is not a turn/,
    ],
    [{ TURN_SECRET: 'short', TURN_URLS: 'turn:a.example.org' }, /TURN_SECRET: must be at least 16/],
    [
      { TURN_SECRET: SECRET, TURN_URLS: 'turn:a.example.org', TURN_TTL: '172800' },
      /TURN_TTL: must be at most/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});

describe('the circle page with TURN_SECRET', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      ...GENEROUS_AUTH_LIMITS,
      iceServers: [...DEFAULT_ICE_SERVERS, STATIC_TURN],
      turn: TURN,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("hands each member's browser TURN credentials of their own, beside the STUN servers", async () => {
    const host = await signedInMember(server);
    const guest = await signedInMember(server);
    const circle = await makeCircle(host.client);
    const hostPage = await host.client.get(`/api/circles/${circle.id}`);
    const guestPage = await guest.client.get(`/api/circles/${circle.id}`);
    expect(hostPage.status).toBe(200);
    expect(guestPage.status).toBe(200);
    const hostTurn = checkMinted(hostPage.body.ice_servers, host.me.id, TURN.ttlSeconds);
    const guestTurn = checkMinted(guestPage.body.ice_servers, guest.me.id, TURN.ttlSeconds);
    expect(hostTurn.username).not.toBe(guestTurn.username);
    expect(guestPage.body.ice_servers).toEqual([...DEFAULT_ICE_SERVERS, guestTurn]);
  });
});
