import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { setupKeyOf, totpCode } from '@server/test/totp.ts';
import { TestAuthenticator } from '@server/test/webauthn.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Passkeys (issue 52): Better Auth's passkey plugin behind our routes. Added with the password and
// the browser's new credential; a sign-in with one needs no password and no second step.
describe.each(dialects)('passkeys (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const anonymous = () => new TestClient(server.baseUrl);

  /** 'Add a passkey' as a browser does it: the password, the options, the authenticator's answer. */
  async function addPasskey(
    client: TestClient,
    password: string,
    name = 'Laptop',
    authenticator = new TestAuthenticator(server.baseUrl),
  ) {
    const options = await client.post('/api/auth/passkeys/options', { password });
    expect(options.status).toBe(200);
    const added = await client.post('/api/auth/passkeys', {
      name,
      response: authenticator.create(options.body),
    });
    return { added, authenticator, options: options.body };
  }

  /** 'Sign in with a passkey' in a new browser: the challenge, then the authenticator's signature. */
  async function signInWith(authenticator: TestAuthenticator, origin?: string) {
    const device = anonymous();
    const options = await device.post('/api/auth/passkey/sign-in-options', {});
    expect(options.status).toBe(200);
    const res = await device.post('/api/auth/passkey/sign-in', {
      response: authenticator.get(options.body, origin),
    });
    return { device, res };
  }

  it('adds a passkey with the password and signs in with it, with no password or second step', async () => {
    const member = await signedInMember(server);
    const wrong = await member.client.post('/api/auth/passkeys/options', { password: 'not-mine' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_password');

    const { added, authenticator, options } = await addPasskey(member.client, member.input.password);
    expect(options.rp).toEqual({ name: 'Splikz', id: '127.0.0.1' });
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: expect.any(String), name: 'Laptop', created_at: expect.any(String) });
    const list = await member.client.get('/api/auth/passkeys');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([added.body]);
    // The list and the export carry names and dates, never the credential or its key.
    expect(JSON.stringify(list.body)).not.toContain(authenticator.id);
    const exported = await member.client.get('/api/settings/data');
    expect(exported.body.passkeys).toEqual([{ name: 'Laptop', created_at: added.body.created_at }]);

    // Two-factor on: the password needs a code, the passkey does not.
    const enabled = await member.client.post('/api/auth/two-factor/enable', {
      password: member.input.password,
    });
    await member.client.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(setupKeyOf(enabled.body.totpURI)),
    });
    const { device, res } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });
    const me = await device.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.me.id);
    // The same signed answer again (a replay) finds no challenge.
    const replay = await device.post('/api/auth/passkey/sign-in', { response: authenticator.get(options) });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('challenge_not_found');
  });

  it('refuses a passkey the server does not know, a signature for another site and a forged one', async () => {
    const member = await signedInMember(server);
    const { authenticator } = await addPasskey(member.client, member.input.password);
    const stranger = new TestAuthenticator(server.baseUrl);
    const unknown = await signInWith(stranger);
    expect(unknown.res.status).toBe(401);
    expect(unknown.res.body.error.code).toBe('passkey_not_found');
    expect((await unknown.device.get('/api/me')).status).toBe(401);

    const phishing = await signInWith(authenticator, 'https://splikz.example.net');
    expect(phishing.res.status).toBe(400);
    expect(phishing.res.body.error.code).toBe('authentication_failed');
    expect((await phishing.device.get('/api/me')).status).toBe(401);

    // Another key under this passkey's id: the signature does not verify.
    const device = anonymous();
    const options = await device.post('/api/auth/passkey/sign-in-options', {});
    const forged = stranger.get(options.body);
    const res = await device.post('/api/auth/passkey/sign-in', {
      response: { ...forged, id: authenticator.id, rawId: authenticator.id },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('authentication_failed');
    expect((await device.get('/api/me')).status).toBe(401);

    // No challenge asked for: nothing to answer.
    const cold = await anonymous().post('/api/auth/passkey/sign-in', {
      response: authenticator.get(options.body),
    });
    expect(cold.status).toBe(400);
    expect(cold.body.error.code).toBe('challenge_not_found');
  });

  it('keeps each member to their own passkeys', async () => {
    const owner = await signedInMember(server);
    const other = await signedInMember(server);
    const { added } = await addPasskey(owner.client, owner.input.password, 'Phone');
    expect((await other.client.get('/api/auth/passkeys')).body).toEqual([]);
    const foreign = await other.client.request('DELETE', `/api/auth/passkeys/${added.body.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('passkey_gone');
    expect((await owner.client.get('/api/auth/passkeys')).body).toHaveLength(1);

    // A registration finished by another member's session: their challenge cookie is not this one's.
    const options = await owner.client.post('/api/auth/passkeys/options', { password: owner.input.password });
    const answer = new TestAuthenticator(server.baseUrl).create(options.body);
    const stolen = await other.client.post('/api/auth/passkeys', { name: 'Mine now', response: answer });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe('challenge_not_found');
    expect((await other.client.get('/api/auth/passkeys')).body).toEqual([]);

    // Signed out: nothing is listed, added or removed.
    const signedOut = anonymous();
    expect((await signedOut.get('/api/auth/passkeys')).status).toBe(401);
    expect((await signedOut.post('/api/auth/passkeys/options', { password: 'x' })).status).toBe(401);
    expect((await signedOut.request('DELETE', `/api/auth/passkeys/${added.body.id}`)).status).toBe(401);

    const removed = await owner.client.request('DELETE', `/api/auth/passkeys/${added.body.id}`);
    expect(removed.status).toBe(204);
    expect((await owner.client.get('/api/auth/passkeys')).body).toEqual([]);
    const again = await owner.client.request('DELETE', `/api/auth/passkeys/${added.body.id}`);
    expect(again.status).toBe(404);
  });

  it('refuses a removed passkey, a suspended member and one whose account was deleted', async () => {
    const suspended = await signedInMember(server);
    const theirs = await addPasskey(suspended.client, suspended.input.password);
    await server.built.ctx.database.db
      .updateTable('profiles')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', suspended.me.id)
      .execute();
    const refused = await signInWith(theirs.authenticator);
    expect(refused.res.status).toBe(403);
    expect(refused.res.body.error.code).toBe('account_suspended');
    expect((await refused.device.get('/api/me')).status).toBe(401);

    const member = await signedInMember(server);
    const { added, authenticator } = await addPasskey(member.client, member.input.password);
    await member.client.request('DELETE', `/api/auth/passkeys/${added.body.id}`);
    const { res } = await signInWith(authenticator);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('passkey_not_found');

    const leaving = await signedInMember(server);
    const second = await addPasskey(leaving.client, leaving.input.password);
    const deleted = await leaving.client.post('/api/settings/delete-account', {
      password: leaving.input.password,
    });
    expect(deleted.status).toBeLessThan(300);
    const rows = await server.built.ctx.database.db
      .selectFrom('passkey')
      .select('id')
      .where('userId', '=', leaving.me.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await signInWith(second.authenticator)).res.status).toBe(401);
  });

  it('checks what a browser sends', async () => {
    const member = await signedInMember(server);
    const options = await member.client.post('/api/auth/passkeys/options', {
      password: member.input.password,
    });
    const response = new TestAuthenticator(server.baseUrl).create(options.body);
    const cases: Array<[unknown, string]> = [
      [{ response }, 'passkey_name_required'],
      [{ name: '   ', response }, 'passkey_name_required'],
      [{ name: 'x'.repeat(61), response }, 'text_too_long'],
      [{ name: 'Bad\u0000name', response }, 'text_nul'],
      [{ name: 'Laptop' }, 'passkey_response_invalid'],
      [{ name: 'Laptop', response: 'abc' }, 'passkey_response_invalid'],
      [{ name: 'Laptop', response: { ...response, type: 'password' } }, 'passkey_response_invalid'],
      [{ name: 'Laptop', response: { ...response, id: 'not base64url!' } }, 'passkey_response_invalid'],
      [{ name: 'Laptop', response, createSession: true }, 'unknown_field'],
    ];
    for (const [body, code] of cases) {
      const res = await member.client.post('/api/auth/passkeys', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code, JSON.stringify(body).slice(0, 80)).toBe(code);
    }
    // An answer that is well formed but not a credential: 400, never 500, and nothing is stored.
    // (Another member: the ten tries above used this one's passkeySetup allowance.)
    const second = await signedInMember(server);
    await second.client.post('/api/auth/passkeys/options', { password: second.input.password });
    const garbage = await second.client.post('/api/auth/passkeys', {
      name: 'Laptop',
      response: { ...response, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.code).toBe('failed_to_verify_registration');
    expect((await second.client.get('/api/auth/passkeys')).body).toEqual([]);
    const limited = await member.client.post('/api/auth/passkeys', { name: 'Laptop', response });
    expect(limited.status).toBe(429);
    // Better Auth's own passkey endpoints stay hidden.
    for (const hidden of [
      'list-user-passkeys',
      'delete-passkey',
      'update-passkey',
      'generate-register-options',
    ]) {
      const res = await member.client.post(`/api/auth/passkey/${hidden}`, {});
      expect(res.status, hidden).toBe(404);
    }
  });
});
