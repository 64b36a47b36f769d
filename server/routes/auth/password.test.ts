import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEAK_PASSWORD = 'Weak password — Please use at least 6 characters.';

describe.each(dialects)('forgot and reset password (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const anonymous = () => new TestClient(server.baseUrl);
  const resetMails = (email: string) =>
    readOutbox(server).filter((m) => m.to === email && /Reset/.test(m.subject));

  /** Asks for a reset link, follows it and returns the token from the redirect. */
  async function requestResetToken(email: string): Promise<string> {
    const count = resetMails(email).length;
    const res = await anonymous().post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/reset',
    });
    expect(res.status).toBe(200);
    await expect.poll(() => resetMails(email).length).toBe(count + 1);
    const link = resetMails(email).at(-1)!.links[0]!;
    const follow = await anonymous().get(link.replace(server.baseUrl, ''));
    expect(follow.status).toBe(302);
    const location = new URL(follow.headers.get('location')!, server.baseUrl);
    expect(location.pathname).toBe('/auth/reset');
    return location.searchParams.get('token')!;
  }

  it.each([
    ['an empty email', { email: '' }],
    ['a blank email', { email: '   ' }],
    ['no email', {}],
  ])('refuses %s with "Email required"', async (_label, body) => {
    const res = await anonymous().post('/api/auth/request-password-reset', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'reset_email_required',
      message: 'Email required',
      field: 'email',
    });
  });

  it('answers 200 for an unknown email and sends no mail', async () => {
    const before = readOutbox(server).length;
    const res = await anonymous().post('/api/auth/request-password-reset', {
      email: 'nobody-here@example.com',
      redirectTo: '/auth/reset',
    });
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readOutbox(server)).toHaveLength(before);
  });

  it('answers an unknown and a known email the same way', async () => {
    const { input } = await signUpMember(server);
    const known = await anonymous().post('/api/auth/request-password-reset', { email: input.email });
    const unknown = await anonymous().post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('mails a link that redirects to the redirectTo path with the token', async () => {
    const { input } = await signUpMember(server);
    const res = await anonymous().post('/api/auth/request-password-reset', {
      email: input.email.toUpperCase(),
      redirectTo: '/auth/reset',
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(server, input.email, /Reset your Splikz password/);
    expect(mail.links[0]).toMatch(new RegExp(`^${server.baseUrl}/api/auth/reset-password/`));

    const follow = await anonymous().get(mail.links[0]!.replace(server.baseUrl, ''));
    expect(follow.status).toBe(302);
    const location = new URL(follow.headers.get('location')!, server.baseUrl);
    expect(location.origin).toBe(server.baseUrl);
    expect(location.pathname).toBe('/auth/reset');
    expect(location.searchParams.get('token')).toBeTruthy();
  });

  it('refuses a new password under 6 characters and keeps the old one', async () => {
    const { input } = await signUpMember(server);
    const token = await requestResetToken(input.email);
    const res = await anonymous().post('/api/auth/reset-password', { token, newPassword: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(WEAK_PASSWORD);
    const signIn = await anonymous().post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signIn.status).toBe(200);
  });

  it('resets the password: the old one fails, the new one works, other sessions end', async () => {
    const { client: first, input } = await signUpMember(server);
    const second = anonymous();
    const signedIn = await second.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signedIn.status).toBe(200);
    // Both sessions have been used (and may be cached) before the reset.
    expect((await first.get('/api/me')).status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(200);

    const token = await requestResetToken(input.email);
    const reset = await anonymous().post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new-secret',
    });
    expect(reset.status).toBe(200);

    const firstMe = await first.get('/api/me');
    expect(firstMe.status).toBe(401);
    expect(firstMe.body.error.code).toBe('unauthorized');
    expect((await second.get('/api/me')).status).toBe(401);

    const oldPassword = await anonymous().post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(oldPassword.status).toBe(401);
    expect(oldPassword.body.error).toEqual({
      code: 'invalid_email_or_password',
      message: 'Invalid email or password.',
    });
    const fresh = anonymous();
    const newPassword = await fresh.post('/api/auth/sign-in/email', {
      email: input.email,
      password: 'brand-new-secret',
    });
    expect(newPassword.status).toBe(200);
    expect((await fresh.get('/api/me')).body.email).toBe(input.email);
  });

  it('refuses a reset token that was already used', async () => {
    const { input } = await signUpMember(server);
    const token = await requestResetToken(input.email);
    expect(
      (await anonymous().post('/api/auth/reset-password', { token, newPassword: 'first-new-one' })).status,
    ).toBe(200);
    const again = await anonymous().post('/api/auth/reset-password', {
      token,
      newPassword: 'second-new-one',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'invalid_token',
      message: 'This link is invalid or has expired. Please ask for a new one.',
    });
    const signIn = await anonymous().post('/api/auth/sign-in/email', {
      email: input.email,
      password: 'first-new-one',
    });
    expect(signIn.status).toBe(200);
    const second = await anonymous().post('/api/auth/sign-in/email', {
      email: input.email,
      password: 'second-new-one',
    });
    expect(second.status).toBe(401);
  });

  it('refuses a made-up reset token', async () => {
    const res = await anonymous().post('/api/auth/reset-password', {
      token: 'not-a-real-token',
      newPassword: 'whatever1',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_token');
  });
});

describe.each(dialects)('resend confirmation (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['an empty email', { email: '' }],
    ['no email', {}],
  ])('refuses %s with "Enter your email"', async (_label, body) => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/send-verification-email', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'resend_email_required',
      message: 'Enter your email',
      field: 'email',
    });
  });

  it('sends a new confirmation mail to a member who has not confirmed yet', async () => {
    const client = new TestClient(server.baseUrl);
    const email = 'resend-me@example.com';
    await client.post('/api/auth/sign-up/email', { name: 'Resend Me', email, password: 'secret123' });
    await waitForMail(server, email, /Confirm/);
    const res = await client.post('/api/auth/send-verification-email', {
      email,
      callbackURL: '/auth/callback',
    });
    expect(res.status).toBe(200);
    const confirmations = () => readOutbox(server).filter((m) => m.to === email && /Confirm/.test(m.subject));
    await expect.poll(() => confirmations().length).toBe(2);
    const confirm = await client.get(confirmations().at(-1)!.links[0]!.replace(server.baseUrl, ''));
    expect(confirm.status).toBe(302);
    expect((await client.get('/api/me')).body.email).toBe(email);
  });
});
