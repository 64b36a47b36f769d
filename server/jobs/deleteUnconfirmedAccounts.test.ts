import { PROFILE_MESSAGES } from '@common/schemas/profiles.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUserInput,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DELETE_UNCONFIRMED_ACCOUNTS_INTERVAL_MS,
  deleteUnconfirmedAccounts,
  UNCONFIRMED_ACCOUNT_TTL_MS,
} from './deleteUnconfirmedAccounts.ts';
import { startJobs } from './index.ts';

const MINUTE = 60_000;

describe.each(dialects)('unconfirmed accounts (%s)', (dialect) => {
  let server: TestServer;
  let viewer: Awaited<ReturnType<typeof signUpMember>>;
  const db = () => server.built.ctx.database.db;

  /** Signs up without following the confirmation link. */
  async function signUpOnly(overrides: Parameters<typeof makeUserInput>[0] = {}) {
    const input = makeUserInput(overrides);
    const res = await new TestClient(server.baseUrl).post('/api/auth/sign-up/email', {
      ...input,
      callbackURL: '/auth/callback',
    });
    return { input, res };
  }
  const userByEmail = (email: string) =>
    db().selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    viewer = await signUpMember(server, { name: 'Vera Viewer' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('hides an unconfirmed account from search and its profile', async () => {
    const { res } = await signUpOnly({ name: 'Quentin Unconfirmed', username: 'quentin_waits' });
    expect(res.status).toBe(200);
    const search = await viewer.client.get('/api/profiles/search?q=quentin');
    expect(search.status).toBe(200);
    expect(search.body.profiles).toEqual([]);
    expect((await viewer.client.get('/api/profiles/by-username/quentin_waits')).status).toBe(404);
    const profile = await db()
      .selectFrom('profiles')
      .select('id')
      .where('username', '=', 'quentin_waits')
      .executeTakeFirstOrThrow();
    for (const what of ['posts', 'followers', 'following']) {
      const res = await viewer.client.get(`/api/profiles/${profile.id}/${what}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(PROFILE_MESSAGES.userNotFound);
    }
  });

  it('deletes accounts unconfirmed a week after sign-up, freeing username and email; confirmed ones stay', async () => {
    const { input } = await signUpOnly({ name: 'Una Late', username: 'una_late' });
    const confirmed = await signUpMember(server, { name: 'Carl Confirmed', username: 'carl_confirmed' });
    const email = input.email.toLowerCase();
    const ctx = server.built.ctx;

    // Not yet a week.
    expect(
      await deleteUnconfirmedAccounts(ctx, { now: Date.now() + UNCONFIRMED_ACCOUNT_TTL_MS - MINUTE }),
    ).toBe(0);
    expect(await userByEmail(email)).toBeTruthy();
    const taken = await signUpOnly({ username: 'una_late' });
    expect(taken.res.status).toBe(400);

    // A week and a minute later: the unconfirmed accounts go (this one and the first test's).
    expect(
      await deleteUnconfirmedAccounts(ctx, { now: Date.now() + UNCONFIRMED_ACCOUNT_TTL_MS + MINUTE }),
    ).toBe(2);
    expect(await userByEmail(email)).toBeUndefined();
    const again = await signUpMember(server, { name: 'Una Again', email, username: 'una_late' });
    expect(again.me.profile.username).toBe('una_late');
    expect((await viewer.client.get('/api/profiles/by-username/una_late')).status).toBe(200);

    // The confirmed member of the same age is untouched.
    expect((await confirmed.client.get('/api/me')).status).toBe(200);
    expect((await viewer.client.get('/api/profiles/by-username/carl_confirmed')).status).toBe(200);
    expect(Boolean((await userByEmail(confirmed.input.email.toLowerCase()))?.emailVerified)).toBe(true);
  });

  it("runs hourly from startJobs, with the runner's leases", async () => {
    const { input } = await signUpOnly({ name: 'Olga Old' });
    const email = input.email.toLowerCase();
    const weekAgo = new Date(Date.now() - UNCONFIRMED_ACCOUNT_TTL_MS - MINUTE).toISOString();
    await db().updateTable('user').set({ createdAt: weekAgo }).where('email', '=', email).execute();
    let clock = Date.now();
    const ctx = { ...server.built.ctx, log: { warn: vi.fn(), error: vi.fn() } };
    const runner = startJobs(ctx, { now: () => clock, tickMs: 60_000 });
    await runner.tick();
    expect(await userByEmail(email)).toBeTruthy(); // a new job waits one interval
    clock += DELETE_UNCONFIRMED_ACCOUNTS_INTERVAL_MS;
    await runner.tick();
    expect(await userByEmail(email)).toBeUndefined();
    await runner.stop();
    expect(ctx.log.error).not.toHaveBeenCalled();
  });
});
