import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUserInput,
  readOutbox,
  signUpMember,
  startTestServer,
  TestClient,
  type TestServer,
  waitForMail,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const USERNAME_TAKEN = 'Username taken - This username is already in use';

describe.each(dialects)('sign-up and confirmation (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Generous limits: this file signs many members up from one IP.
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    await server.close();
  });

  const usersWithEmail = (email: string) =>
    server.built.ctx.database.db
      .selectFrom('user')
      .select(['id', 'emailVerified'])
      .where('email', '=', email)
      .execute();

  async function counts() {
    const { db } = server.built.ctx.database;
    const users = await db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const profiles = await db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return { users: Number(users.n), profiles: Number(profiles.n), mails: readOutbox(server).length };
  }

  const signUp = (body: unknown) => new TestClient(server.baseUrl).post('/api/auth/sign-up/email', body);

  it('creates the profile with a username from the email, then signs in after confirming', async () => {
    const { client, input, me } = await signUpMember(server, {
      email: 'Mary.Jane-99@Example.com',
      name: '  Mary Jane ',
    });
    expect(me.email).toBe('mary.jane-99@example.com');
    expect(me.profile).toMatchObject({ username: 'maryjane99', full_name: 'Mary Jane' });
    expect(me.is_admin).toBe(false);

    await client.post('/api/auth/sign-out');
    expect((await client.get('/api/me')).status).toBe(401);
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signIn.status).toBe(200);
    expect((await client.get('/api/me')).body.profile.username).toBe('maryjane99');
  });

  it('refuses a password under 6 characters with the spec message and creates nothing', async () => {
    const client = new TestClient(server.baseUrl);
    const input = makeUserInput({ password: '12345' });
    const res = await client.post('/api/auth/sign-up/email', input);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Weak password — Please use at least 6 characters.');
    const rows = await server.built.ctx.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', input.email)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('sanitizes an explicit username: lower case, only a-z, 0-9 and underscore', async () => {
    const { me } = await signUpMember(server, { username: '  Cool_Name!! ' });
    expect(me.profile.username).toBe('cool_name');
  });

  it('adds a number when the username taken from the email already exists', async () => {
    const first = await signUpMember(server, { email: 'sam@a.com' });
    const second = await signUpMember(server, { email: 'sam@b.com' });
    expect(first.me.profile.username).toBe('sam');
    expect(second.me.profile.username).toBe('sam1');
  });

  it('refuses an explicit username that is already taken and creates no user', async () => {
    await signUpMember(server, { username: 'taken_name' });
    const input = makeUserInput({ username: 'Taken_Name' });
    const before = await counts();
    const res = await signUp(input);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'username_taken', message: USERNAME_TAKEN });
    expect(await usersWithEmail(input.email)).toHaveLength(0);
    expect(await counts()).toEqual(before);
  });

  // [what, the body's change, the message, the check's code, its params]; the field is the one changed.
  const invalidBodies: Array<[string, Record<string, unknown>, string, string, object?]> = [
    ['a missing name', { name: undefined }, 'Full name is required.', 'full_name_required'],
    ['a blank name', { name: '   ' }, 'Full name is required.', 'full_name_required'],
    ['a missing email', { email: undefined }, 'Email is required.', 'email_required'],
    ['an invalid email', { email: 'not-an-email' }, 'Enter a valid email address.', 'email_invalid'],
    ['a number as name', { name: 42 }, 'Full name is required.', 'full_name_required'],
    ['an array as email', { email: ['a@example.com'] }, 'Email is required.', 'email_required'],
    [
      'a number as password',
      { password: 12345678 },
      'Weak password — Please use at least 6 characters.',
      'weak_password',
    ],
    [
      'a number as username',
      { username: 7 },
      'Username must be text.',
      'text_not_text',
      { label: 'Username' },
    ],
    [
      'a name of 81 characters',
      { name: 'n'.repeat(81) },
      'Full name must be at most 80 characters.',
      'text_too_long',
      { label: 'Full name', max: 80 },
    ],
    [
      'a callbackURL to another site',
      { callbackURL: 'https://evil.example/' },
      'callbackURL must be a path on this site.',
      'callback_url_not_path',
    ],
  ];

  it.each(invalidBodies)(
    'refuses %s with a clear 400 and writes nothing',
    async (_label, override, message, code, params) => {
      const input = { ...makeUserInput(), ...override };
      const before = await counts();
      const res = await signUp(input);
      expect(res.status).toBe(400);
      const field = Object.keys(override)[0];
      expect(res.body.error).toEqual({ code, message, ...(params ? { params } : {}), field });
      expect(await counts()).toEqual(before);
    },
  );

  it.each([
    ['emailVerified', true],
    ['role', 'admin'],
  ])('refuses the unknown field %s and creates no user', async (field, value) => {
    const input = makeUserInput();
    const before = await counts();
    const res = await signUp({ ...input, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'unknown_field',
      message: `Unknown field: ${field}.`,
      params: { count: 1, fields: field },
    });
    expect(await usersWithEmail(input.email)).toHaveLength(0);
    expect(await counts()).toEqual(before);
  });

  it('refuses malformed JSON and a body that is not an object', async () => {
    const before = await counts();
    const client = new TestClient(server.baseUrl);
    const malformed = await client.request('POST', '/api/auth/sign-up/email', undefined, {
      rawBody: '{"name": "A",',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('The request body is not valid JSON.');
    const array = await client.request('POST', '/api/auth/sign-up/email', undefined, { rawBody: '[]' });
    expect(array.status).toBe(400);
    expect(array.body.error.message).toBe('The request body must be a JSON object.');
    expect(await counts()).toEqual(before);
  });

  it('accepts a name of exactly 80 characters', async () => {
    const { me } = await signUpMember(server, { name: 'n'.repeat(80) });
    expect(me.profile.full_name).toBe('n'.repeat(80));
  });

  it('answers the same for an existing email and creates no second account', async () => {
    const input = makeUserInput();
    const first = await signUp({ ...input, callbackURL: '/auth/callback' });
    await waitForMail(server, input.email, /Confirm/);
    const before = await counts();
    const again = await signUp({ ...input, name: 'Someone Else', callbackURL: '/auth/callback' });
    expect(again.status).toBe(first.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(first.body.user).sort());
    expect(again.body.token).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await counts()).toEqual(before);
    expect(await usersWithEmail(input.email)).toHaveLength(1);
  });

  it('refuses to sign in before confirming and sends a new confirmation mail', async () => {
    const input = makeUserInput();
    const client = new TestClient(server.baseUrl);
    expect((await client.post('/api/auth/sign-up/email', input)).status).toBe(200);
    await waitForMail(server, input.email, /Confirm/);
    const confirmations = () =>
      readOutbox(server).filter((m) => m.to === input.email && /Confirm/.test(m.subject));
    expect(confirmations()).toHaveLength(1);

    const signIn = await client.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.error.code).toBe('email_not_verified');
    expect(signIn.body.error.message).toMatch(/confirm your email/i);
    expect(client.cookies.size).toBe(0);
    await expect.poll(() => confirmations().length).toBe(2);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('signs the member in from the confirmation link and redirects to the callback', async () => {
    const input = makeUserInput();
    const client = new TestClient(server.baseUrl);
    await client.post('/api/auth/sign-up/email', { ...input, callbackURL: '/auth/callback' });
    const mail = await waitForMail(server, input.email, /Confirm/);
    expect((await client.get('/api/me')).status).toBe(401);

    const confirm = await client.get(mail.links[0]!.replace(server.baseUrl, ''));
    expect(confirm.status).toBe(302);
    expect(new URL(confirm.headers.get('location')!, server.baseUrl).pathname).toBe('/auth/callback');
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(input.email);
    expect((await usersWithEmail(input.email))[0]!.emailVerified).toBeTruthy();
  });

  it('does not sign in or confirm with a tampered confirmation token', async () => {
    const input = makeUserInput();
    const client = new TestClient(server.baseUrl);
    await client.post('/api/auth/sign-up/email', { ...input, callbackURL: '/auth/callback' });
    const mail = await waitForMail(server, input.email, /Confirm/);
    const tampered = mail.links[0]!.replace(
      /token=([^&]+)/,
      (_m, token: string) => `token=${token.slice(0, -4)}AAAA`,
    );
    expect(tampered).not.toBe(mail.links[0]);

    const res = await client.get(tampered.replace(server.baseUrl, ''));
    expect(res.headers.get('set-cookie') ?? '').not.toContain('session_token');
    expect(client.cookies.size).toBe(0);
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await usersWithEmail(input.email))[0]!.emailVerified).toBeFalsy();
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: input.email,
      password: input.password,
    });
    expect(signIn.status).toBe(403);
  });

  it('does not sign in again with a confirmation link that was already used', async () => {
    const input = makeUserInput();
    const client = new TestClient(server.baseUrl);
    await client.post('/api/auth/sign-up/email', { ...input, callbackURL: '/auth/callback' });
    const link = (await waitForMail(server, input.email, /Confirm/)).links[0]!.replace(server.baseUrl, '');
    expect((await client.get(link)).status).toBe(302);
    expect((await client.get('/api/me')).status).toBe(200);

    const stranger = new TestClient(server.baseUrl);
    await stranger.get(link);
    expect(stranger.cookies.size).toBe(0);
    expect((await stranger.get('/api/me')).status).toBe(401);
  });
});
