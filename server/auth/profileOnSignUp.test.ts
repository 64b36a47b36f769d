import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('usernames given at sign-up (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Members created straight in the database: faster than signing 100 people up. */
  async function seedUsernames(usernames: string[]) {
    const db = server.built.ctx.database.db as any;
    const now = new Date().toISOString();
    for (const [i, username] of usernames.entries()) {
      const id = `seed-${username}-${i}`;
      await db.transaction().execute(async (trx: any) => {
        await trx
          .insertInto('user')
          .values({
            id,
            name: username,
            email: `${id}@seed.test`,
            emailVerified: true,
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        await trx.insertInto('profiles').values({ id, username, full_name: username }).execute();
      });
    }
  }

  const usernameOf = async (email: string) =>
    (
      await server.built.ctx.database.db
        .selectFrom('profiles')
        .innerJoin('user', 'user.id', 'profiles.id')
        .select('profiles.username')
        .where('user.email', '=', email)
        .executeTakeFirstOrThrow()
    ).username;

  it('finds the smallest free suffix even when more than 100 names start the same way', async () => {
    await seedUsernames([
      'sam',
      'sam1',
      'sam2',
      'sam3',
      ...Array.from({ length: 110 }, (_, i) => `samantha${i}`),
    ]);
    await signUpMember(server, { email: 'sam@new.test' });
    expect(await usernameOf('sam@new.test')).toBe('sam4');
  });

  it('says the username is taken when a member asks for one in use, however many look alike', async () => {
    const res = await new TestClient(server.baseUrl).post('/api/auth/sign-up/email', {
      name: 'Sam Again',
      email: 'sam.again@new.test',
      password: 'secret123',
      username: 'SAM',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Username taken - This username is already in use');
  });

  it('keeps a suffixed username within 30 characters', async () => {
    const long = 'a'.repeat(30);
    await seedUsernames([long]);
    await signUpMember(server, { email: `${long}@new.test` });
    const username = await usernameOf(`${long}@new.test`);
    expect(username).toBe(`${'a'.repeat(29)}1`);
  });
});
