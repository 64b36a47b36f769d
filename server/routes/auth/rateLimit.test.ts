import { dialects, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const contactMessage = {
  name: 'Visitor',
  email: 'visitor@example.com',
  subject: 'general',
  message: 'Hello there',
};

describe.each(dialects)('auth rate limits (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { authRateLimit: { perIp: 4, perEmail: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  const signIn = (email: string) =>
    new TestClient(server.baseUrl).post('/api/auth/sign-in/email', { email, password: 'wrong-password' });

  it('limits sign-in attempts per email, then per IP', async () => {
    // Attempts 1 and 2 for this email get the normal answer.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await signIn('target@example.com');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_email_or_password');
    }

    // Attempt 3 for the same email (in another case) is refused with a wait time.
    const limited = await signIn('Target@Example.com');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toContain('wait');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another email from the same IP still gets its normal answer (4th request from the IP).
    const other = await signIn('someone-else@example.com');
    expect(other.status).toBe(401);
    expect(other.body.error.code).toBe('invalid_email_or_password');

    // The 5th request from the IP is refused whatever the email.
    const fifth = await signIn('third-person@example.com');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('rate_limited');
    expect(fifth.body.error.message).toContain('wait');
  });

  it('counts each auth endpoint separately', async () => {
    // Sign-in is exhausted for this IP; a reset request is still answered.
    const res = await new TestClient(server.baseUrl).post('/api/auth/request-password-reset', {
      email: 'target@example.com',
    });
    expect(res.status).toBe(200);
  });
});

describe.each(dialects)('contact rate limit (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { contactRateLimit: { perIp: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  const storedMessages = async () =>
    Number(
      (
        await server.built.ctx.database.db
          .selectFrom('contact_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses the third message from one IP and does not store it', async () => {
    const client = new TestClient(server.baseUrl);
    expect((await client.post('/api/contact', { ...contactMessage, message: 'first' })).status).toBe(201);
    expect((await client.post('/api/contact', { ...contactMessage, message: 'second' })).status).toBe(201);
    expect(await storedMessages()).toBe(2);

    const third = await client.post('/api/contact', { ...contactMessage, message: 'third' });
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('rate_limited');
    expect(third.body.error.message).toContain('wait');
    expect(await storedMessages()).toBe(2);
    const thirdRows = await server.built.ctx.database.db
      .selectFrom('contact_messages')
      .select('id')
      .where('message', '=', 'third')
      .execute();
    expect(thirdRows).toHaveLength(0);
  });
});
