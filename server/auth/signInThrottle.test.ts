import { createHash } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@server/test/database.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beginSignInAttempt,
  endSignInAttempt,
  MAX_WAIT_MS,
  QUIET_MS,
  waitAfterFailures,
} from './signInThrottle.ts';

describe('waitAfterFailures', () => {
  it('lets 5 failures through, then doubles from 1 s to at most 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 14, 15, 30].map(waitAfterFailures)).toEqual([
      0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000,
    ]);
  });
});

describe.each(dialects)('sign-in throttle on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.close();
  });
  const db = () => test.database.db;

  async function attemptsRow(email: string) {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(email.toLowerCase()).digest('hex');
    return db().selectFrom('sign_in_failures').selectAll().where('email_hash', '=', hash).executeTakeFirst();
  }

  it('makes each attempt after the fifth failure wait 2^(n-5) s, and a success starts again', async () => {
    const email = `Someone.${dialect}@Example.com`;
    let now = Date.parse('2026-11-23T10:00:00Z');
    for (let i = 0; i < 5; i += 1) {
      expect(await beginSignInAttempt(db(), email, now)).toBeNull();
      await endSignInAttempt(db(), email, 'wrong_password', now);
      now += 1000;
    }
    // The fifth failure was 0.5 s ago: 0.5 s to go, said as 1.
    expect(await beginSignInAttempt(db(), email, now - 500)).toBe(1);
    for (const wait of [2, 4, 8, 16]) {
      expect(await beginSignInAttempt(db(), email, now)).toBeNull();
      expect(await beginSignInAttempt(db(), email.toLowerCase(), now)).toBe(wait); // one try per wait
      await endSignInAttempt(db(), email, 'wrong_password', now);
      expect(await beginSignInAttempt(db(), email, now + 1)).toBe(wait);
      now += wait * 1000;
    }
    expect((await attemptsRow(email))?.failures).toBe(9);
    expect(await beginSignInAttempt(db(), email, now)).toBeNull();
    await endSignInAttempt(db(), email, 'signed_in', now);
    expect(await attemptsRow(email)).toBeUndefined();
  });

  it('does not count an attempt that was not a wrong password', async () => {
    const email = `unconfirmed.${dialect}@example.com`;
    const now = Date.parse('2026-11-23T10:00:00Z');
    for (let i = 0; i < 8; i += 1) {
      expect(await beginSignInAttempt(db(), email, now)).toBeNull();
      await endSignInAttempt(db(), email, 'other', now);
    }
    expect((await attemptsRow(email))?.failures).toBe(0);
  });

  it('starts a new count after 15 quiet minutes and caps the wait at 15 minutes', async () => {
    const email = `quiet.${dialect}@example.com`;
    let now = Date.parse('2026-11-23T10:00:00Z');
    for (let i = 0; i < 20; i += 1) {
      expect(await beginSignInAttempt(db(), email, now)).toBeNull();
      await endSignInAttempt(db(), email, 'wrong_password', now);
      now += waitAfterFailures(i + 1);
    }
    expect((await attemptsRow(email))?.failures).toBe(20);
    expect(await beginSignInAttempt(db(), email, now - MAX_WAIT_MS + 1)).toBe(MAX_WAIT_MS / 1000);
    now += QUIET_MS + 1;
    expect(await beginSignInAttempt(db(), email, now)).toBeNull();
    expect((await attemptsRow(email))?.failures).toBe(1);
  });
});

describe.each(dialects)('POST /api/auth/sign-in/email on %s, one account from any IP', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 429 with Retry-After once the account has failed 5 times, and lets it in after the wait', async () => {
    const { input } = await signUpMember(server);
    const signIn = (password: string, ip: string) =>
      new TestClient(server.baseUrl).request(
        'POST',
        '/api/auth/sign-in/email',
        { email: input.email.toUpperCase(), password },
        { headers: { 'x-forwarded-for': ip } },
      );
    // The waits run on the server's clock; the test moves `locked_until` instead of sleeping, so a
    // slow machine (scrypt under load) cannot outlast a one-second wait between two requests.
    const db = server.built.ctx.database.db;
    const hash = createHash('sha256').update(input.email.toLowerCase()).digest('hex');
    const lockFor = (ms: number) =>
      db
        .updateTable('sign_in_failures')
        .set({ locked_until: new Date(Date.now() + ms).toISOString() })
        .where('email_hash', '=', hash)
        .execute();
    for (let i = 0; i < 5; i += 1) expect((await signIn('wrong-password', `10.0.0.${i}`)).status).toBe(401);
    await lockFor(60_000);
    const refused = await signIn(input.password, '10.0.1.1'); // even the right password waits
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(refused.body.error.code).toBe('sign_in_throttled');
    expect(refused.body.error.message).toMatch(
      /^Too many failed sign-in attempts for this account\. Please wait (5\d|60) seconds and try again\.$/,
    );

    await lockFor(-1);
    // Attempts at once get one try between them.
    const burst = await Promise.all([1, 2, 3, 4].map((i) => signIn('wrong-password', `10.0.2.${i}`)));
    expect(burst.map((r) => r.status).sort()).toEqual([401, 429, 429, 429]);
    // The one try counted as the sixth failure (whose wait, 2 s, a loaded machine may outlast).
    const row = await db
      .selectFrom('sign_in_failures')
      .select('failures')
      .where('email_hash', '=', hash)
      .executeTakeFirst();
    expect(row?.failures).toBe(6);

    await lockFor(-1);
    expect((await signIn(input.password, '10.0.4.1')).status).toBe(200);
    expect((await signIn('wrong-password', '10.0.4.2')).status).toBe(401);
    expect((await signIn(input.password, '10.0.4.3')).status).toBe(200);
  });
});
