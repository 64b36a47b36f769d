import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { setupKeyOf, totpCode } from '@server/test/totp.ts';
import { TestAuthenticator } from '@server/test/webauthn.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Sign-in alerts (issue 52): a sign-in from a browser the account has not used before mails 'New
// sign-in to your Splikz account'; the first browser of an account, a browser it knows and a member
// who turned the mail off get none.
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const FIREFOX_141_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:141.0) Gecko/20100101 Firefox/141.0';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const EDGE_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0';
const SUBJECT = /New sign-in to your Splikz account/;

describe.each(dialects)('sign-in alerts (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const alertsTo = (email: string) =>
    readOutbox(server).filter((mail) => mail.to === email && SUBJECT.test(mail.subject));

  /** A password sign-in from a browser that sends `userAgent`. */
  async function signIn(input: { email: string; password: string }, userAgent: string) {
    const device = new TestClient(server.baseUrl);
    const res = await device.request(
      'POST',
      '/api/auth/sign-in/email',
      { email: input.email, password: input.password },
      { headers: { 'user-agent': userAgent } },
    );
    expect(res.status).toBe(200);
    return { device, res };
  }

  it('mails the member once per new browser, with its time, browser, system and the security page', async () => {
    const { input } = await signedInMember(server);
    const email = input.email.toLowerCase();
    // The account's first browser is only remembered; a newer version of it is the same browser.
    await signIn(input, FIREFOX_ON_LINUX);
    await signIn(input, FIREFOX_141_ON_LINUX);
    await signIn(input, SAFARI_ON_IOS);
    const mail = await waitForMail(server, email, SUBJECT);
    expect(mail.text).toContain('signed in to from a browser it had not used before');
    expect(mail.text).toContain('Browser: Safari');
    expect(mail.text).toContain('System: iOS');
    expect(mail.text).toContain('IP address: 127.0.0.1');
    expect(mail.text).toMatch(/Time: .*20\d\d.*UTC/);
    expect(mail.links).toContain(`${server.baseUrl}/settings/security`);
    // Safari again is known now: the next new one (Chrome on Windows) is the only other mail.
    await signIn(input, SAFARI_ON_IOS);
    await signIn(input, CHROME_ON_WINDOWS);
    await expect.poll(() => alertsTo(email).length).toBe(2);
    expect(alertsTo(email).map((m) => m.text.match(/Browser: (\w+)/)?.[1])).toEqual(['Safari', 'Chrome']);
    const exported = await (await signIn(input, FIREFOX_ON_LINUX)).device.get('/api/settings/data');
    expect(exported.body.sign_in_browsers).toEqual([
      { browser: 'Firefox', system: 'Linux', first_seen_at: expect.any(String) },
      { browser: 'Safari', system: 'iOS', first_seen_at: expect.any(String) },
      { browser: 'Chrome', system: 'Windows', first_seen_at: expect.any(String) },
    ]);
    expect(alertsTo(email)).toHaveLength(2);
  });

  it('sends nothing to a member who turned the alerts off, and is on for everyone else', async () => {
    const { client, input } = await signedInMember(server);
    const email = input.email.toLowerCase();
    expect((await client.get('/api/settings/preferences')).body.email_sign_in_alerts).toBe(true);
    const off = await client.request('PATCH', '/api/settings/preferences', { email_sign_in_alerts: false });
    expect(off.status).toBe(200);
    expect(off.body.email_sign_in_alerts).toBe(false);
    await signIn(input, FIREFOX_ON_LINUX);
    await signIn(input, SAFARI_ON_IOS);
    // On again: the browsers seen while it was off stay known; a new one mails.
    await client.request('PATCH', '/api/settings/preferences', { email_sign_in_alerts: true });
    await signIn(input, SAFARI_ON_IOS);
    await signIn(input, CHROME_ON_WINDOWS);
    await waitForMail(server, email, SUBJECT);
    expect(alertsTo(email).map((m) => m.text.match(/Browser: (\w+)/)?.[1])).toEqual(['Chrome']);
    const bad = await client.request('PATCH', '/api/settings/preferences', { email_sign_in_alerts: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('email_sign_in_alerts must be true or false.');
  });

  it('waits for the second step of a two-factor sign-in, and counts a passkey sign-in', async () => {
    const { client, input } = await signedInMember(server);
    const email = input.email.toLowerCase();
    await signIn(input, FIREFOX_ON_LINUX);
    const enabled = await client.post('/api/auth/two-factor/enable', { password: input.password });
    const setupKey = setupKeyOf(enabled.body.totpURI);
    await client.post('/api/auth/two-factor/verify-totp', { code: await totpCode(setupKey) });

    // The password alone from a new browser: no session yet, so no alert, and the browser stays new.
    const { device, res } = await signIn(input, SAFARI_ON_IOS);
    expect(res.body.twoFactorRedirect).toBe(true);
    const { device: again } = await signIn(input, SAFARI_ON_IOS);
    const second = await again.request(
      'POST',
      '/api/auth/two-factor/verify-totp',
      { code: await totpCode(setupKey, 1) },
      { headers: { 'user-agent': SAFARI_ON_IOS } },
    );
    expect(second.status).toBe(200);
    const mail = await waitForMail(server, email, SUBJECT);
    expect(mail.text).toContain('Browser: Safari');
    expect((await device.get('/api/me')).status).toBe(401);

    // A passkey sign-in is a sign-in too.
    const options = await client.post('/api/auth/passkeys/options', { password: input.password });
    const authenticator = new TestAuthenticator(server.baseUrl);
    await client.post('/api/auth/passkeys', { name: 'Laptop', response: authenticator.create(options.body) });
    const laptop = new TestClient(server.baseUrl);
    const challenge = await laptop.post('/api/auth/passkey/sign-in-options', {});
    const passkeySignIn = await laptop.request(
      'POST',
      '/api/auth/passkey/sign-in',
      { response: authenticator.get(challenge.body) },
      { headers: { 'user-agent': EDGE_ON_MAC } },
    );
    expect(passkeySignIn.status).toBe(200);
    await expect.poll(() => alertsTo(email).length).toBe(2);
    expect(alertsTo(email)[1]!.text).toContain('Browser: Microsoft Edge');
    expect(alertsTo(email)[1]!.text).toContain('System: macOS');
  });
});
