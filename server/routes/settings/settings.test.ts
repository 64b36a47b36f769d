import { DEFAULT_PREFERENCES } from '@common/schemas/settings.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dialects)('settings: account, profile details, privacy, preferences (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const profileOf = (id: string) =>
    db().selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const patch = (client: TestClient, url: string, body: unknown) => client.request('PATCH', url, body);
  const unique = () => `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  it('answers only signed-in members', async () => {
    const visitor = new TestClient(server.baseUrl);
    for (const path of ['account', 'profile-details', 'privacy', 'preferences', 'data', 'data/summary']) {
      expect((await visitor.get(`/api/settings/${path}`)).status).toBe(401);
    }
    expect((await patch(visitor, '/api/settings/account', { full_name: 'X' })).status).toBe(401);
    expect((await visitor.post('/api/settings/delete-account', { password: 'secret123' })).status).toBe(401);
  });

  it('changes the username once, then refuses a second change for 30 days', async () => {
    const { client, me } = await signedInMember(server, { name: 'Una Username' });
    const before = await client.get('/api/settings/account');
    expect(before.body).toEqual({
      full_name: 'Una Username',
      username: me.profile.username,
      last_username_change: null,
      can_change_username: true,
      days_until_username_change: 0,
    });

    const first = unique();
    const changed = await patch(client, '/api/settings/account', { username: `  ${first.toUpperCase()}!` });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      username: first,
      can_change_username: false,
      days_until_username_change: 30,
    });
    expect(changed.body.last_username_change).toEqual(expect.any(String));
    expect((await client.get('/api/me')).body.profile.username).toBe(first);

    const second = await patch(client, '/api/settings/account', {
      username: unique(),
      full_name: 'Una Renamed',
    });
    expect(second.status).toBe(400);
    expect(second.body.error).toEqual({
      code: 'username_locked',
      message: 'Cannot change username - You can change your username in 30 days',
      params: { count: 30 },
    });
    // Nothing of the refused request was written, the full name included.
    expect(await profileOf(me.id)).toMatchObject({ username: first, full_name: 'Una Username' });

    // 20 days later, 10 remain.
    const twentyDaysAgo = new Date(Date.now() - 20 * DAY_MS).toISOString();
    await db()
      .updateTable('profiles')
      .set({ last_username_change: twentyDaysAgo })
      .where('id', '=', me.id)
      .execute();
    expect((await client.get('/api/settings/account')).body.days_until_username_change).toBe(10);
    expect((await patch(client, '/api/settings/account', { username: unique() })).body.error.message).toBe(
      'Cannot change username - You can change your username in 10 days',
    );

    // 31 days later it may change again.
    const monthAgo = new Date(Date.now() - 31 * DAY_MS).toISOString();
    await db()
      .updateTable('profiles')
      .set({ last_username_change: monthAgo })
      .where('id', '=', me.id)
      .execute();
    expect((await client.get('/api/settings/account')).body.can_change_username).toBe(true);
    const third = unique();
    const again = await patch(client, '/api/settings/account', { username: third });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ username: third, days_until_username_change: 30 });
  });

  it('refuses a username another member has, also when two ask for it at once', async () => {
    const a = await signedInMember(server);
    const b = await signedInMember(server);
    const c = await signedInMember(server);
    const taken = await patch(b.client, '/api/settings/account', { username: a.me.profile.username });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: 'username_taken',
      message: 'Username taken - This username is already in use',
    });
    expect((await profileOf(b.me.id)).username).toBe(b.me.profile.username);

    const wanted = unique();
    const both = await Promise.all([
      patch(b.client, '/api/settings/account', { username: wanted }),
      patch(c.client, '/api/settings/account', { username: wanted }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await db().selectFrom('profiles').select('id').where('username', '=', wanted).execute();
    expect(owners).toHaveLength(1);
  });

  it.each([
    [{}, 'No changes to save'],
    [{ full_name: '   ' }, 'Full name is required.'],
    [{ full_name: 'x'.repeat(81) }, 'Full name must be at most 80 characters.'],
    [{ username: '!!!' }, 'Username must have at least one letter, number or underscore.'],
    [{ username: 'a'.repeat(31) }, 'Username must be at most 30 characters.'],
    [{ username: 42 }, 'Username must be text.'],
    [{ email: 'x@example.com' }, 'Unknown field: email.'],
  ])('refuses account input %o with a clear message', async (body, message) => {
    const { client, me } = await signedInMember(server, { name: 'Vera Valid' });
    const res = await patch(client, '/api/settings/account', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await profileOf(me.id)).toMatchObject({ full_name: 'Vera Valid', username: me.profile.username });
  });

  it('says "No changes to save" for the same values, and saves a trimmed full name', async () => {
    const { client, me } = await signedInMember(server, { name: 'Sam Same' });
    const same = await patch(client, '/api/settings/account', {
      full_name: ' Sam Same ',
      username: me.profile.username.toUpperCase(),
    });
    expect(same.status).toBe(400);
    expect(same.body.error).toEqual({ code: 'no_changes', message: 'No changes to save' });

    const renamed = await patch(client, '/api/settings/account', {
      full_name: '  Samuel Same  ',
      username: me.profile.username,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ full_name: 'Samuel Same', last_username_change: null });
    expect((await client.get('/api/me')).body.profile.full_name).toBe('Samuel Same');
    const user = await db()
      .selectFrom('user')
      .select('name')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Samuel Same');
  });

  it('edits the bio up to 150 characters; empty clears it', async () => {
    const { client, me } = await signedInMember(server, { name: 'Bea Bio' });
    expect((await client.get('/api/settings/profile-details')).body).toEqual({
      username: me.profile.username,
      full_name: 'Bea Bio',
      bio: null,
    });
    const long = await patch(client, '/api/settings/profile-details', { bio: 'x'.repeat(151) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Bio must be at most 150 characters.');
    expect((await profileOf(me.id)).bio).toBeNull();

    const saved = await patch(client, '/api/settings/profile-details', { bio: ` ${'y'.repeat(150)} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.bio).toBe('y'.repeat(150));
    const cleared = await patch(client, '/api/settings/profile-details', { bio: '  ' });
    expect(cleared.body.bio).toBeNull();
    expect((await patch(client, '/api/settings/profile-details', { bio: 5 })).status).toBe(400);
  });

  it('toggles whether the followers list is public', async () => {
    const { client, me } = await signedInMember(server);
    const defaults = { followers_visible: true, who_can_message: 'friends' };
    expect((await client.get('/api/settings/privacy')).body).toEqual(defaults);
    const off = await patch(client, '/api/settings/privacy', { followers_visible: false });
    expect(off.body).toEqual({ ...defaults, followers_visible: false });
    expect(Boolean((await profileOf(me.id)).followers_visible)).toBe(false);
    expect((await client.get('/api/settings/privacy')).body).toEqual({
      ...defaults,
      followers_visible: false,
    });
    const bad = await patch(client, '/api/settings/privacy', { followers_visible: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('followers_visible must be true or false.');
    expect((await patch(client, '/api/settings/privacy', { followers_visible: true })).body).toEqual(
      defaults,
    );
  });

  it("saves 'Who can message you' (Friends by default, or Everyone) and refuses anything else", async () => {
    const { client, me } = await signedInMember(server);
    const everyone = await patch(client, '/api/settings/privacy', { who_can_message: 'everyone' });
    expect(everyone.status).toBe(200);
    expect(everyone.body).toEqual({ followers_visible: true, who_can_message: 'everyone' });
    expect((await client.get('/api/settings/privacy')).body.who_can_message).toBe('everyone');
    for (const [body, message] of [
      [{ who_can_message: 'strangers' }, 'who_can_message must be friends or everyone.'],
      [{ who_can_message: 'Friends' }, 'who_can_message must be friends or everyone.'],
      [{ who_can_message: null }, 'who_can_message must be friends or everyone.'],
      [{ who_can_message: 'friends', followers_visible: 'yes' }, 'followers_visible must be true or false.'],
      [{ who_can_message: 'friends', theme: 'dark' }, 'Unknown field: theme.'],
      [{}, 'No changes to save'],
    ] as const) {
      const res = await patch(client, '/api/settings/privacy', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.error.message).toBe(message);
    }
    // Nothing of a refused request was written.
    expect(await profileOf(me.id)).toMatchObject({ who_can_message: 'everyone' });
    const both = await patch(client, '/api/settings/privacy', {
      who_can_message: 'friends',
      followers_visible: false,
    });
    expect(both.body).toEqual({ followers_visible: false, who_can_message: 'friends' });
  });

  it('keeps preferences: defaults first, then partial saves', async () => {
    const { client, me } = await signedInMember(server);
    const other = await signedInMember(server);
    expect((await client.get('/api/settings/preferences')).body).toEqual(DEFAULT_PREFERENCES);

    const first = await patch(client, '/api/settings/preferences', { data_saver: true, push_likes: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...DEFAULT_PREFERENCES, data_saver: true, push_likes: false });
    const second = await patch(client, '/api/settings/preferences', { language: 'pt-BR' });
    expect(second.body).toEqual({
      ...DEFAULT_PREFERENCES,
      data_saver: true,
      push_likes: false,
      language: 'pt-BR',
    });
    expect((await client.get('/api/settings/preferences')).body).toEqual(second.body);
    expect((await other.client.get('/api/settings/preferences')).body).toEqual(DEFAULT_PREFERENCES);
    const rows = await db()
      .selectFrom('user_settings')
      .select('user_id')
      .where('user_id', '=', me.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ language: 'it-IT' }, 'Choose a language: English (United States), Español (España)'],
    [{ autoplay_videos: 'yes' }, 'autoplay_videos must be true or false.'],
    [{ theme: 'dark' }, 'Unknown field: theme.'],
    [{}, 'No changes to save'],
  ])('refuses preferences %o and changes nothing', async (body, message) => {
    const { client } = await signedInMember(server);
    await patch(client, '/api/settings/preferences', { email_updates: true });
    const res = await patch(client, '/api/settings/preferences', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect((await client.get('/api/settings/preferences')).body).toEqual({
      ...DEFAULT_PREFERENCES,
      email_updates: true,
    });
  });
});
