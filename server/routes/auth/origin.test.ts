import {
  makeUserInput,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('cross-site protection of the auth routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a sign-out posted from another site and keeps the session', async () => {
    const { client } = await signUpMember(server);
    const res = await client.request(
      'POST',
      '/api/auth/sign-out',
      {},
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it.each(['//evil.example/welcome', '/\\evil.example', 'https://evil.example/'])(
    'refuses %s as the page to return to after confirming',
    async (callbackURL) => {
      const res = await new TestClient(server.baseUrl).post('/api/auth/sign-up/email', {
        ...makeUserInput(),
        callbackURL,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('callbackURL must be a path on this site.');
    },
  );
});
