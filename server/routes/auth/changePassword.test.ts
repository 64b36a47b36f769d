import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  readOutbox,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 'Change password' on /settings/security (issue 52): the current password checked by Better Auth, the
// new one of 6 characters at least; every other session ends at once, this one goes on, a mail says so.
describe.each(dialects)('change password (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const anonymous = () => new TestClient(server.baseUrl);
  const change = (client: TestClient, body: unknown) => client.post('/api/auth/change-password', body);
  const signIn = (email: string, password: string) =>
    anonymous().post('/api/auth/sign-in/email', { email, password });

  it('changes it, signs out every other session and mails the member', async () => {
    const { client: here, input } = await signedInMember(server);
    const elsewhere = anonymous();
    expect(
      (await elsewhere.post('/api/auth/sign-in/email', { email: input.email, password: input.password }))
        .status,
    ).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(200);
    expect((await here.get('/api/me')).status).toBe(200);

    const changed = await change(here, { currentPassword: input.password, newPassword: 'a-new-secret' });
    expect(changed.status).toBe(200);
    // This browser goes on (with the new session Better Auth gave it); the other is signed out now.
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await signIn(input.email, input.password)).status).toBe(401);
    expect((await signIn(input.email, 'a-new-secret')).status).toBe(200);
    const mails = readOutbox(server).filter((m) => m.to === input.email.toLowerCase());
    const mail = mails.find((m) => m.subject === 'Your Splikz password was changed');
    expect(mail?.text).toContain('every other device was signed out');
    expect(mail?.links[0]).toBe(`${server.baseUrl}/auth`);
    expect(JSON.stringify(changed.body)).not.toContain('a-new-secret');
  });

  it('changes nothing for a wrong current password, a weak new one or a missing field', async () => {
    const { client, input } = await signedInMember(server);
    const wrong = await change(client, { currentPassword: 'not-my-password', newPassword: 'a-new-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'invalid_password',
      message: 'Your current password is not right. Nothing was changed.',
    });
    const weak = await change(client, { currentPassword: input.password, newPassword: '12345' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('weak_password');
    const missing = await change(client, { newPassword: 'a-new-secret' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('current_password_required');
    const extra = await change(client, {
      currentPassword: input.password,
      newPassword: 'a-new-secret',
      revokeOtherSessions: false,
    });
    expect(extra.status).toBe(400);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await signIn(input.email, input.password)).status).toBe(200);
    expect((await signIn(input.email, 'a-new-secret')).status).toBe(401);
  });

  it('needs a session, and limits guesses of the current password per member', async () => {
    const signedOut = await change(anonymous(), { currentPassword: 'x', newPassword: 'a-new-secret' });
    expect(signedOut.status).toBe(401);
    const { client, input } = await signedInMember(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await change(client, { currentPassword: `guess-${i}`, newPassword: 'a-new-secret' })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await change(client, { currentPassword: input.password, newPassword: 'a-new-secret' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect((await signIn(input.email, input.password)).status).toBe(200);
  });
});
