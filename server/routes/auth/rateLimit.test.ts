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

describe('auth rate limits behind a proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      trustProxy: 1,
      authRateLimit: { perIp: 3, perEmail: 100, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  // nginx appends the address it saw to whatever X-Forwarded-For the client sent.
  const signInVia = (clientAddress: string, madeUp: string) =>
    new TestClient(server.baseUrl).request(
      'POST',
      '/api/auth/sign-in/email',
      { email: `${madeUp}@example.com`, password: 'wrong-password' },
      { headers: { 'x-forwarded-for': `${madeUp}, ${clientAddress}` } },
    );

  it('counts a client by the address the proxy saw, whatever X-Forwarded-For it made up', async () => {
    for (const madeUp of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await signInVia('203.0.113.7', madeUp)).status).toBe(401);
    }
    const fourth = await signInVia('203.0.113.7', '198.51.100.4');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('rate_limited');
    // Another client behind the same proxy has its own count.
    expect((await signInVia('203.0.113.8', '198.51.100.9')).status).toBe(401);
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
