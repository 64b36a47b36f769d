import { createHmac } from 'node:crypto';
import { SESSIONS } from '@server/cache/declared.ts';
import { createTestDatabase, dialects, insertMember, type TestDatabase } from '@server/test/database.ts';
import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResolver } from './sessions.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const cookieOf = (token: string) =>
  `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`)}`;

describe.each(dialects)('SessionResolver on %s', (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function newSession() {
    const userId = await insertMember(test.database.db);
    const token = uuidv7();
    const now = new Date();
    await sql`insert into session (id, token, "userId", "expiresAt", "createdAt", "updatedAt")
      values (${uuidv7()}, ${token}, ${userId}, ${new Date(now.getTime() + 3600_000).toISOString()},
              ${now.toISOString()}, ${now.toISOString()})`.execute(test.database.db);
    return { userId, token, cookie: cookieOf(token) };
  }
  const deleteSession = (token: string) =>
    test.database.db.deleteFrom('session').where('token', '=', token).execute();

  it('serves a session from its cache until the member is forgotten, and tells its listeners', async () => {
    const resolver = new SessionResolver(test.database.db, SECRET, false, SESSIONS);
    const heard: string[] = [];
    resolver.onRevoked((userId) => heard.push(userId));
    const { userId, token, cookie } = await newSession();
    expect(await resolver.resolve(cookie)).toMatchObject({ userId, sessionToken: token });
    await deleteSession(token);
    expect(await resolver.resolve(cookie)).toMatchObject({ userId }); // cached
    resolver.forgetUser(userId);
    expect(heard).toEqual([userId]);
    expect(await resolver.resolve(cookie)).toBeNull();
  });

  it('does not cache a lookup that was in flight when the member was forgotten', async () => {
    const resolver = new SessionResolver(test.database.db, SECRET, false, SESSIONS);
    const { userId, token, cookie } = await newSession();
    const inFlight = resolver.resolve(cookie);
    resolver.forgetUser(userId); // the sign-out lands while the row is being read
    await deleteSession(token);
    await inFlight;
    expect(await resolver.resolve(cookie)).toBeNull();
  });

  it('refuses a cookie whose signature is wrong without a lookup', async () => {
    const resolver = new SessionResolver(test.database.db, SECRET, false, SESSIONS);
    const { token } = await newSession();
    expect(await resolver.resolve(`better-auth.session_token=${token}.AAAA`)).toBeNull();
    expect(await resolver.resolve(undefined)).toBeNull();
  });
});

describe('SessionResolver with REDIS_URL', () => {
  it('does not trust its cache while the revocation channel is down', async () => {
    const test = await createTestDatabase('sqlite');
    // Nothing listens on port 1: the channel never comes up, so every request reads the database.
    const resolver = new SessionResolver(test.database.db, SECRET, false, SESSIONS, {
      redisUrl: 'redis://127.0.0.1:1',
    });
    try {
      const userId = await insertMember(test.database.db);
      const token = uuidv7();
      const now = new Date().toISOString();
      const expires = new Date(Date.now() + 3600_000).toISOString();
      await sql`insert into session (id, token, "userId", "expiresAt", "createdAt", "updatedAt")
        values (${uuidv7()}, ${token}, ${userId}, ${expires}, ${now}, ${now})`.execute(test.database.db);
      expect(await resolver.resolve(cookieOf(token))).toMatchObject({ userId });
      await test.database.db.deleteFrom('session').where('token', '=', token).execute();
      expect(await resolver.resolve(cookieOf(token))).toBeNull();
    } finally {
      await resolver.close();
      await test.close();
    }
  });
});
