import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { setupKeyOf, totpCode } from '@server/test/totp.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two-factor sign-in (issue 52): Better Auth's twoFactor plugin behind our routes. Turned on with the
// password and a code of the app; then a sign-in takes a code or a recovery code, each once.
describe.each(dialects)('two-factor sign-in (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const anonymous = () => new TestClient(server.baseUrl);
  const status = async (client: TestClient) => (await client.get('/api/auth/two-factor')).body;

  /** A member with two-factor sign-in on: their setup key, recovery codes and credentials. */
  async function withTwoFactor() {
    const member = await signedInMember(server);
    const enabled = await member.client.post('/api/auth/two-factor/enable', {
      password: member.input.password,
    });
    expect(enabled.status).toBe(200);
    const setupKey = setupKeyOf(enabled.body.totpURI);
    const verified = await member.client.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(setupKey),
    });
    expect(verified.status).toBe(200);
    return { ...member, setupKey, recoveryCodes: enabled.body.backupCodes as string[] };
  }

  /** The first step of a sign-in: the password, answered by a request for the second. */
  async function firstStep(input: { email: string; password: string }) {
    const device = anonymous();
    const res = await device.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.twoFactorRedirect).toBe(true);
    expect((await device.get('/api/me')).status).toBe(401);
    return device;
  }

  it('turns on with the password and a code of the app, and shows 10 recovery codes', async () => {
    const { client, input } = await signedInMember(server);
    expect(await status(client)).toEqual({ enabled: false });
    const wrongPassword = await client.post('/api/auth/two-factor/enable', { password: 'not-mine' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('invalid_password');

    const enabled = await client.post('/api/auth/two-factor/enable', { password: input.password });
    expect(enabled.status).toBe(200);
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Splikz:.+\?secret=[A-Z2-7]+&issuer=Splikz/);
    expect(enabled.body.backupCodes).toHaveLength(10);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);
    const setupKey = setupKeyOf(enabled.body.totpURI);
    // Not on until a code comes back: a sign-in still takes the password alone.
    expect(await status(client)).toEqual({ enabled: false });
    const wrong = await client.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({
      code: 'invalid_code',
      message: 'That code is not right. Check your authenticator app and try again.',
    });
    expect(await status(client)).toEqual({ enabled: false });
    const cookie = client.cookies.get('better-auth.session_token');
    const right = await client.post('/api/auth/two-factor/verify-totp', { code: await totpCode(setupKey) });
    expect(right.status).toBe(200);
    expect(client.cookies.get('better-auth.session_token')).toBe(cookie);
    // This browser keeps its session (Better Auth's own endpoint would swap it for a new one).
    expect((await client.get('/api/me')).status).toBe(200);
    expect(await status(client)).toEqual({ enabled: true });
    // The secret and the codes are never given again.
    const again = await client.post('/api/auth/two-factor/enable', { password: input.password });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('totp_already_enabled');
    expect(JSON.stringify(again.body)).not.toContain(setupKey);
    for (const hidden of ['get-totp-uri', 'view-backup-codes', 'generate-backup-codes']) {
      const res = await client.post(`/api/auth/two-factor/${hidden}`, { password: input.password });
      expect(res.status, hidden).toBe(404);
    }
  });

  it('signs in with the password and a code; a replayed or older code is refused', async () => {
    const { input, setupKey } = await withTwoFactor();
    const device = await firstStep(input);
    const code = await totpCode(setupKey, 1);
    const signedIn = await device.post('/api/auth/two-factor/verify-totp', { code });
    expect(signedIn.status).toBe(200);
    expect((await device.get('/api/me')).status).toBe(200);

    // The same code (seen over a shoulder) with the password, from elsewhere: refused.
    const thief = await firstStep(input);
    const replayed = await thief.post('/api/auth/two-factor/verify-totp', { code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toEqual({
      code: 'two_factor_code_used',
      message: 'This code was already used. Wait for the next one in your app.',
    });
    // A code of a step before it, still inside Better Auth's window, is refused as well.
    const older = await thief.post('/api/auth/two-factor/verify-totp', { code: await totpCode(setupKey) });
    expect(older.status).toBe(401);
    expect(older.body.error.code).toBe('two_factor_code_used');
    expect((await thief.get('/api/me')).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const { input, recoveryCodes } = await withTwoFactor();
    const device = await firstStep(input);
    const used = await device.post('/api/auth/two-factor/verify-backup-code', { code: recoveryCodes[0] });
    expect(used.status).toBe(200);
    expect((await device.get('/api/me')).status).toBe(200);
    const again = await firstStep(input);
    const reused = await again.post('/api/auth/two-factor/verify-backup-code', { code: recoveryCodes[0] });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('invalid_backup_code');
    expect((await again.get('/api/me')).status).toBe(401);
    expect(
      (await again.post('/api/auth/two-factor/verify-backup-code', { code: recoveryCodes[1] })).status,
    ).toBe(200);
  });

  it("refuses a second step without a first, another member's codes and bad input", async () => {
    const ann = await withTwoFactor();
    const ben = await withTwoFactor();
    // No password sign-in first: nobody to check the code for.
    const stranger = anonymous();
    const none = await stranger.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(ann.setupKey, 1),
    });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('invalid_two_factor_cookie');
    // Ben's code and recovery code do not open Ann's account.
    const device = await firstStep(ann.input);
    const bens = await device.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(ben.setupKey, 1),
    });
    expect(bens.status).toBe(401);
    expect(bens.body.error.code).toBe('invalid_code');
    const bensRecovery = await device.post('/api/auth/two-factor/verify-backup-code', {
      code: ben.recoveryCodes[0],
    });
    expect(bensRecovery.status).toBe(401);
    for (const code of ['12345', '1234567', 'abcdef', '', 42, null]) {
      const res = await device.post('/api/auth/two-factor/verify-totp', { code });
      expect(res.status, String(code)).toBe(400);
      expect(res.body.error.code).toBe('two_factor_code_format');
    }
    const trusted = await device.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(ann.setupKey, 1),
      trustDevice: true,
    });
    expect(trusted.status).toBe(400);
    expect((await device.get('/api/me')).status).toBe(401);
    // A forged challenge cookie is no challenge.
    const forged = anonymous();
    forged.cookies.set('better-auth.two_factor', encodeURIComponent('2fa-forged.c2lnbmF0dXJl'));
    const res = await forged.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(ann.setupKey, 1),
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_two_factor_cookie');
  });

  it('waits after 5 wrong codes for the account, whatever the challenge', async () => {
    const { input, setupKey } = await withTwoFactor();
    const statuses: number[] = [];
    let device = await firstStep(input);
    for (let i = 0; i < 6; i++) {
      // A new challenge half-way: the count is the account's, not the sign-in's.
      if (i === 3) device = await firstStep(input);
      statuses.push((await device.post('/api/auth/two-factor/verify-totp', { code: '000000' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await device.post('/api/auth/two-factor/verify-totp', {
      code: await totpCode(setupKey, 1),
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({
      code: 'two_factor_locked',
      message: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await device.get('/api/me')).status).toBe(401);
  });

  it('turns off with the password and a code, and not with one of them', async () => {
    const { client, input, setupKey } = await withTwoFactor();
    const noCode = await client.post('/api/auth/two-factor/disable', { password: input.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.code).toBe('two_factor_code_format');
    const wrongCode = await client.post('/api/auth/two-factor/disable', {
      password: input.password,
      code: '000000',
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.error.code).toBe('invalid_code');
    const code = await totpCode(setupKey, 1);
    const wrongPassword = await client.post('/api/auth/two-factor/disable', { password: 'not-mine', code });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.code).toBe('invalid_password');
    expect(await status(client)).toEqual({ enabled: true });
    // The code was not used up by the wrong password.
    const off = await client.post('/api/auth/two-factor/disable', { password: input.password, code });
    expect(off.status).toBe(200);
    expect(await status(client)).toEqual({ enabled: false });
    const device = anonymous();
    const signIn = await device.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect((await device.get('/api/me')).status).toBe(200);
  });

  it('needs a session to turn it on or off, or to ask whether it is on', async () => {
    const visitor = anonymous();
    expect((await visitor.get('/api/auth/two-factor')).status).toBe(401);
    expect((await visitor.post('/api/auth/two-factor/enable', { password: 'x' })).status).toBe(401);
    expect(
      (await visitor.post('/api/auth/two-factor/disable', { password: 'x', code: '123456' })).status,
    ).toBe(401);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { ...GENEROUS_AUTH_LIMITS, requireAdmin2fa: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets an admin into the admin console only with two-factor sign-in on', async () => {
    const admin = await signedInMember(server);
    await server.built.ctx.database.db
      .insertInto('user_roles')
      .values({ user_id: admin.me.id, role: 'admin' })
      .execute();
    const before = await admin.client.get('/api/admin/members');
    expect(before.status).toBe(403);
    expect(before.body.error).toEqual({
      code: 'two_factor_required',
      message: 'Turn on two-factor authentication to use the admin console.',
    });
    const enabled = await admin.client.post('/api/auth/two-factor/enable', {
      password: admin.input.password,
    });
    const code = await totpCode(setupKeyOf(enabled.body.totpURI));
    expect((await admin.client.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await admin.client.get('/api/admin/members')).status).toBe(200);
    // A member without the role is still only 'not_admin'.
    const member = await signedInMember(server);
    expect((await member.client.get('/api/admin/members')).body.error.code).toBe('not_admin');
  });
});
