import {
  dialects,
  readOutbox,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const valid = {
  name: 'Grace Visitor',
  email: 'grace@example.com',
  subject: 'support',
  message: 'The upload button does nothing on my phone.',
};

describe.each(dialects)('contact form (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // The default limit (5 an hour) would stop this file; the limit has its own test.
    server = await startTestServer(dialect, { contactRateLimit: { perIp: 1000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  const rows = () => server.built.ctx.database.db.selectFrom('contact_messages').selectAll().execute();
  const teamMails = () => readOutbox(server).filter((m) => m.to === 'team@splikz.test');
  const visitor = () => new TestClient(server.baseUrl);

  it('stores a visitor message and mails it to the team', async () => {
    const before = teamMails().length;
    const res = await visitor().post('/api/contact', valid);
    expect(res.status).toBe(201);
    expect(typeof res.body.id).toBe('string');

    const row = (await rows()).find((r) => r.id === res.body.id);
    expect(row).toMatchObject({ user_id: null, ...valid });

    const mails = teamMails();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toContain('Technical Support');
    expect(mail.subject).toContain('Grace Visitor');
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('grace@example.com');
  });

  it('trims the fields before storing them', async () => {
    const res = await visitor().post('/api/contact', {
      ...valid,
      name: '  Trim Me  ',
      email: ' trim@example.com ',
      message: '  spaced out  ',
    });
    expect(res.status).toBe(201);
    const row = (await rows()).find((r) => r.id === res.body.id);
    expect(row).toMatchObject({ name: 'Trim Me', email: 'trim@example.com', message: 'spaced out' });
  });

  // [what, the body's change, the message, the check's code, its params]; the field is the one changed.
  const invalid: Array<[string, Record<string, unknown>, string, string, object?]> = [
    ['no name', { name: undefined }, 'Name is required.', 'contact_name_required'],
    ['a blank name', { name: '   ' }, 'Name is required.', 'contact_name_required'],
    ['no email', { email: undefined }, 'Email is required.', 'contact_email_required'],
    ['an empty email', { email: '' }, 'Email is required.', 'contact_email_required'],
    ['no subject', { subject: undefined }, 'Choose a subject from the list.', 'contact_subject_invalid'],
    ['no message', { message: undefined }, 'Message is required.', 'contact_message_required'],
    ['a blank message', { message: '\n  \t' }, 'Message is required.', 'contact_message_required'],
    [
      'a subject outside the list',
      { subject: 'sales' },
      'Choose a subject from the list.',
      'contact_subject_invalid',
    ],
    [
      'a subject label instead of its value',
      { subject: 'Technical Support' },
      'Choose a subject from the list.',
      'contact_subject_invalid',
    ],
    ['an invalid email', { email: 'grace-at-example.com' }, 'Enter a valid email address.', 'email_invalid'],
    [
      'a message over 5000 characters',
      { message: 'x'.repeat(5001) },
      'Message must be at most 5000 characters.',
      'text_too_long',
      { label: 'Message', max: 5000 },
    ],
    [
      'a name over 100 characters',
      { name: 'n'.repeat(101) },
      'Name must be at most 100 characters.',
      'text_too_long',
      { label: 'Name', max: 100 },
    ],
    ['a number as message', { message: 12 }, 'Message is required.', 'contact_message_required'],
  ];

  it.each(invalid)(
    'refuses %s with a 400 naming the problem and stores nothing',
    async (_label, override, message, code, params) => {
      const before = (await rows()).length;
      const mailsBefore = teamMails().length;
      const res = await visitor().post('/api/contact', { ...valid, ...override });
      expect(res.status).toBe(400);
      const field = Object.keys(override)[0];
      expect(res.body.error).toEqual({ code, message, ...(params ? { params } : {}), field });
      expect(await rows()).toHaveLength(before);
      expect(teamMails()).toHaveLength(mailsBefore);
    },
  );

  it('accepts a message of exactly 5000 characters', async () => {
    const res = await visitor().post('/api/contact', { ...valid, message: 'y'.repeat(5000) });
    expect(res.status).toBe(201);
  });

  it('refuses an unknown field such as user_id and stores nothing', async () => {
    const before = (await rows()).length;
    const res = await visitor().post('/api/contact', { ...valid, user_id: 'someone-else' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'unknown_field',
      message: 'Unknown field: user_id.',
      params: { count: 1, fields: 'user_id' },
    });
    expect(await rows()).toHaveLength(before);
  });

  it('refuses malformed JSON', async () => {
    const before = (await rows()).length;
    const res = await visitor().request('POST', '/api/contact', undefined, { rawBody: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The request body is not valid JSON.');
    expect(await rows()).toHaveLength(before);
  });

  it('refuses a request without an Origin header (403 missing_origin)', async () => {
    const before = (await rows()).length;
    const response = await fetch(`${server.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: 'missing_origin', message: 'The request must carry an Origin header.' },
    });
    expect(await rows()).toHaveLength(before);
  });

  it('refuses a request from a foreign Origin, even with a member cookie', async () => {
    const { client } = await signedInMember(server);
    const before = (await rows()).length;
    const res = await client.request('POST', '/api/contact', valid, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'bad_origin',
      message: 'Requests from https://evil.example are not allowed.',
      params: { origin: 'https://evil.example' },
    });
    expect(await rows()).toHaveLength(before);
  });

  it("stores a signed-in member's user id with the message", async () => {
    const { client, me } = await signedInMember(server);
    const res = await client.post('/api/contact', { ...valid, subject: 'bug', message: 'member message' });
    expect(res.status).toBe(201);
    const row = (await rows()).find((r) => r.id === res.body.id);
    expect(row).toMatchObject({ user_id: me.id, subject: 'bug', message: 'member message' });
    expect(teamMails().at(-1)!.subject).toContain('Report a Bug');
  });

  it('stores no user id for a forged session cookie', async () => {
    const client = visitor();
    client.cookies.set('better-auth.session_token', 'forged-token.c2lnbmF0dXJl');
    const res = await client.post('/api/contact', valid);
    expect(res.status).toBe(201);
    const row = (await rows()).find((r) => r.id === res.body.id);
    expect(row!.user_id).toBeNull();
  });
});
