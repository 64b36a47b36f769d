import esES from '@common/i18n/locales/es-ES.json';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUserInput,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('emails in the member’s language (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  it('writes the confirmation in the language the sign-up page showed', async () => {
    const input = makeUserInput();
    const client = new TestClient(server.baseUrl);
    const res = await client.request(
      'POST',
      '/api/auth/sign-up/email',
      { ...input, callbackURL: '/auth/callback' },
      { headers: { 'accept-language': 'es-ES' } },
    );
    expect(res.status).toBe(200);
    const mail = await waitForMail(
      server,
      input.email.toLowerCase(),
      new RegExp(esES['Confirm your Splikz account']),
    );
    expect(mail.subject).toBe(esES['Confirm your Splikz account']);
    expect(mail.text).toContain(esES['Confirm your email']);
    expect(mail.text).not.toContain('Welcome to Splikz!');
  });

  it('writes a password reset in the member’s saved language, whatever the page asks', async () => {
    const { client, input } = await signUpMember(server);
    expect((await client.request('PATCH', '/api/settings/preferences', { language: 'es-ES' })).status).toBe(
      200,
    );
    const visitor = new TestClient(server.baseUrl);
    const asked = await visitor.request(
      'POST',
      '/api/auth/request-password-reset',
      { email: input.email, redirectTo: '/auth?mode=reset' },
      { headers: { 'accept-language': 'de-DE' } },
    );
    expect(asked.status).toBe(200);
    const mail = await waitForMail(
      server,
      input.email.toLowerCase(),
      new RegExp(esES['Reset your Splikz password']),
    );
    expect(mail.text).toContain(esES['Set a new password']);
  });

  it('stays in English for a page in a language Splikz does not have', async () => {
    const input = makeUserInput();
    await new TestClient(server.baseUrl).request(
      'POST',
      '/api/auth/sign-up/email',
      { ...input, callbackURL: '/auth/callback' },
      { headers: { 'accept-language': 'ja-JP' } },
    );
    const mail = await waitForMail(server, input.email.toLowerCase(), /Confirm your Splikz account/);
    expect(mail.text).toContain('Welcome to Splikz!');
  });
});
