import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// "Where you're signed in" on /settings/security (issue 52): the member's own sessions with browser,
// system, address and last activity; each ended at once, or every other one together.
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  browser: string | null;
  system: string | null;
  ip_address: string | null;
  signed_in_at: string;
  last_active_at: string;
  current: boolean;
}

describe.each(dialects)('sessions (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  /** A member signed in on a first device, and a second device signed in with `userAgent`. */
  async function twoDevices(userAgent = SAFARI_ON_IOS) {
    const { client: here, input, me } = await signedInMember(server);
    const phone = new TestClient(server.baseUrl);
    const signIn = await phone.request(
      'POST',
      '/api/auth/sign-in/email',
      { email: input.email, password: input.password },
      { headers: { 'user-agent': userAgent } },
    );
    expect(signIn.status).toBe(200);
    return { here, phone, me, input };
  }
  const list = async (client: TestClient) => {
    const res = await client.get('/api/auth/sessions');
    expect(res.status).toBe(200);
    return res.body as Listed[];
  };

  it("lists the member's sessions, this device first, with browser, system and address", async () => {
    const { here, phone } = await twoDevices();
    const sessions = await list(here);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions[1]).toMatchObject({
      current: false,
      browser: 'Safari',
      system: 'iOS',
      ip_address: '127.0.0.1',
    });
    expect(Date.parse(sessions[1]!.last_active_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(sessions[1]!.signed_in_at)).toBeGreaterThan(Date.now() - 60_000);
    // The phone sees the same two, itself first; no token or cookie value is ever in the answer.
    const fromPhone = await list(phone);
    expect(fromPhone.map((s) => s.id)).toEqual([sessions[1]!.id, sessions[0]!.id]);
    const answer = JSON.stringify(sessions) + JSON.stringify(fromPhone);
    for (const value of [...here.cookies.values(), ...phone.cookies.values()]) {
      expect(answer).not.toContain(decodeURIComponent(value).split('.')[0]);
    }
    expect(Object.keys(sessions[0]!).sort()).toEqual(
      ['browser', 'current', 'id', 'ip_address', 'last_active_at', 'signed_in_at', 'system'].sort(),
    );
  });

  it('ends one session at once: that device is signed out, this one goes on', async () => {
    const { here, phone } = await twoDevices(FIREFOX_ON_LINUX);
    const [, other] = await list(here);
    expect(other).toMatchObject({ browser: 'Firefox', system: 'Linux' });
    expect((await phone.get('/api/me')).status).toBe(200);
    const ended = await here.request('DELETE', `/api/auth/sessions/${other!.id}`);
    expect(ended.status).toBe(204);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await list(here)).map((s) => s.id)).not.toContain(other!.id);
    // Ended twice: it is gone, and the answer says so.
    const again = await here.request('DELETE', `/api/auth/sessions/${other!.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({
      code: 'session_not_found',
      message: 'This session has already ended. Reload the list.',
    });
  });

  it("refuses another member's session, and ids that are no session", async () => {
    const mine = await twoDevices();
    const theirs = await twoDevices();
    const [, theirPhone] = await list(theirs.here);
    const refused = await mine.here.request('DELETE', `/api/auth/sessions/${theirPhone!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('session_not_found');
    expect((await theirs.phone.get('/api/me')).status).toBe(200);
    expect(await list(theirs.here)).toHaveLength(2);
    for (const id of ['not-a-session', '..%2f..%2fsign-out', '%00', 'x'.repeat(5000)]) {
      const res = await mine.here.request('DELETE', `/api/auth/sessions/${id}`);
      expect(res.status, id).toBe(404);
    }
    expect(await list(mine.here)).toHaveLength(2);
    // Signed out: nothing to list, nothing to end.
    const visitor = new TestClient(server.baseUrl);
    expect((await visitor.get('/api/auth/sessions')).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/auth/sessions/${theirPhone!.id}`)).status).toBe(401);
    expect((await visitor.post('/api/auth/sessions/sign-out-others', {})).status).toBe(401);
    expect((await theirs.phone.get('/api/me')).status).toBe(200);
  });

  it("'Sign out of all other sessions' ends every other one and keeps this one", async () => {
    const { here, phone, input } = await twoDevices();
    const laptop = new TestClient(server.baseUrl);
    expect(
      (await laptop.post('/api/auth/sign-in/email', { email: input.email, password: input.password })).status,
    ).toBe(200);
    expect(await list(here)).toHaveLength(3);
    const res = await here.post('/api/auth/sessions/sign-out-others', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
    const left = await list(here);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('moves a session’s last activity as it is used', async () => {
    const { here, phone, me } = await twoDevices();
    const [, other] = await list(here);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await server.built.ctx.database.db
      .updateTable('session')
      .set({ updatedAt: hourAgo })
      .where('id', '=', other!.id)
      .execute();
    server.built.ctx.sessions.forgetUser(me.id);
    expect(Date.parse((await list(here))[1]!.last_active_at)).toBeLessThan(Date.now() - 3_000_000);
    expect((await phone.get('/api/me')).status).toBe(200);
    await expect
      .poll(async () => Date.parse((await list(here))[1]!.last_active_at))
      .toBeGreaterThan(Date.now() - 60_000);
  });
});
