import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('admin console: members (%s)', (dialect) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let visitor: TestClient;

  const db = () => server.built.ctx.database.db;
  const grantAdmin = (userId: string) =>
    db().insertInto('user_roles').values({ user_id: userId, role: 'admin' }).execute();
  const audit = async () =>
    (await admin.client.get('/api/admin/audit')).body.entries as Array<{ action: string; target_id: string }>;

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    admin = await signedInMember(server, { name: 'Ada Admin' });
    await grantAdmin(admin.me.id);
    member = await signedInMember(server, { name: 'Mo Member' });
    visitor = new TestClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 401 to visitors and 403 to members on every admin route', async () => {
    const id = member.me.id;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/access'],
      ['GET', '/api/admin/members'],
      ['GET', '/api/admin/members?q=mo'],
      ['DELETE', `/api/admin/members/${id}`],
      ['PUT', `/api/admin/members/${id}/admin-role`],
      ['DELETE', `/api/admin/members/${id}/admin-role`],
      ['GET', '/api/admin/messages'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/shows'],
      ['POST', '/api/admin/shows', {}],
      ['PUT', `/api/admin/shows/${id}`, {}],
      ['DELETE', `/api/admin/shows/${id}`],
    ];
    for (const [method, url, body] of routes) {
      const asVisitor = await visitor.request(method, url, body);
      expect(asVisitor.status, `${method} ${url} as a visitor`).toBe(401);
      const asMember = await member.client.request(method, url, body);
      expect(asMember.status, `${method} ${url} as a member`).toBe(403);
      expect(asMember.body.error.message).toBe("You don't have admin privileges");
    }
    expect((await admin.client.get('/api/admin/access')).body).toEqual({ admin: true });
    expect((await admin.client.get('/api/me')).body.is_admin).toBe(true);
    // The member is untouched by all of it.
    expect((await member.client.get('/api/me')).status).toBe(200);
  });

  it('lists members newest first with their email, join date and role, and counts them', async () => {
    const res = await admin.client.get('/api/admin/members');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const total = Number(
      (
        await db()
          .selectFrom('profiles')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(res.body.total).toBe(total);
    expect(res.body.matching).toBe(total);
    const mo = res.body.members.find((m: { id: string }) => m.id === member.me.id);
    expect(mo).toEqual({
      id: member.me.id,
      username: member.me.profile.username,
      full_name: 'Mo Member',
      email: member.input.email.toLowerCase(),
      avatar_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      is_admin: false,
      suspended: false,
    });
    expect(res.body.members.find((m: { id: string }) => m.id === admin.me.id).is_admin).toBe(true);
    const ids = res.body.members.map((m: { id: string }) => m.id);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('searches by name, username or email, case-insensitively, with % and _ as plain letters', async () => {
    const odd = await signedInMember(server, { name: 'Percy 100%_Sure' });
    await signedInMember(server, { name: 'Percy 1000 Sure' });
    const search = async (q: string) => {
      const res = await admin.client.get(`/api/admin/members?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.members.map((m: { id: string }) => m.id) as string[];
    };
    expect(await search('100%_')).toEqual([odd.me.id]);
    expect(await search('%')).toEqual([odd.me.id]);
    expect(await search('_')).toEqual([odd.me.id]);
    expect(await search('PERCY 100%_SURE')).toEqual([odd.me.id]);
    expect(await search(member.me.profile.username.toUpperCase())).toContain(member.me.id);
    const emailPart = member.input.email.split('@')[0]!.toUpperCase();
    expect(await search(emailPart)).toEqual([member.me.id]);
    expect(await search('nobody-like-this')).toEqual([]);
    const counted = (await admin.client.get('/api/admin/members?q=percy')).body;
    expect(counted.matching).toBe(2);
    expect(counted.total).toBeGreaterThan(2);
    expect((await admin.client.get(`/api/admin/members?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('pages through members with a cursor, without gaps or repeats', async () => {
    for (let i = 0; i < 3; i += 1) await signedInMember(server, { name: `Pager ${i}` });
    const all = (await admin.client.get('/api/admin/members?limit=100')).body;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/members?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { body: { members: Array<{ id: string }>; next_cursor: string | null } } =
        await admin.client.get(url);
      expect(page.body.members.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.members.map((m) => m.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.members.map((m: { id: string }) => m.id));
    expect((await admin.client.get('/api/admin/members?cursor=%25%25')).status).toBe(400);
    expect((await admin.client.get('/api/admin/members?limit=0')).status).toBe(400);
  });

  it('deletes a member completely: sign-in fails, posts and sessions are gone, an audit line is written', async () => {
    const gone = await signedInMember(server, { name: 'Gone Soon' });
    const post = await makePost(gone.client, { content: 'About to vanish' });
    const other = await makePost(member.client, { content: 'Still here' });
    await gone.client.request('PUT', `/api/posts/${other.id}/like`);
    expect((await member.client.get(`/api/posts/${other.id}`)).body.like_count).toBe(1);

    const res = await admin.client.request('DELETE', `/api/admin/members/${gone.me.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    expect((await gone.client.get('/api/me')).status).toBe(401);
    const signIn = await new TestClient(server.baseUrl).post('/api/auth/sign-in/email', {
      email: gone.input.email,
      password: gone.input.password,
    });
    expect(signIn.status).toBe(401);
    expect(
      await db().selectFrom('posts').select('id').where('id', '=', post.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await db().selectFrom('session').select('id').where('userId', '=', gone.me.id).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('user').select('id').where('id', '=', gone.me.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await member.client.get(`/api/posts/${other.id}`)).body.like_count).toBe(0);
    const list = (await admin.client.get('/api/admin/members?limit=100')).body.members;
    expect(list.map((m: { id: string }) => m.id)).not.toContain(gone.me.id);

    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'member.delete', target_type: 'member', target_id: gone.me.id });
    expect(entry).toMatchObject({ actor_id: admin.me.id, actor_username: admin.me.profile.username });
    expect((entry as unknown as { summary: string }).summary).toContain(gone.me.profile.username);

    // Deleting again: the member is simply not there.
    expect((await admin.client.request('DELETE', `/api/admin/members/${gone.me.id}`)).status).toBe(404);
  });

  it('refuses self-deletion, unknown and malformed ids, and keeps the last admin', async () => {
    const before = (await audit()).length;
    const self = await admin.client.request('DELETE', `/api/admin/members/${admin.me.id}`);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toMatch(/cannot delete your own account/);
    expect((await admin.client.get('/api/me')).status).toBe(200);
    expect(
      (await admin.client.request('DELETE', '/api/admin/members/0190a000-0000-7000-8000-000000000000'))
        .status,
    ).toBe(404);
    expect((await admin.client.request('DELETE', '/api/admin/members/not%20an%20id')).status).toBe(400);
    expect((await admin.client.request('DELETE', `/api/admin/members/${'a'.repeat(65)}`)).status).toBe(400);

    // The only admin cannot take their own role away…
    const revoke = await admin.client.request('DELETE', `/api/admin/members/${admin.me.id}/admin-role`);
    expect(revoke.status).toBe(409);
    expect(revoke.body.error.code).toBe('last_admin');
    expect((await audit()).length).toBe(before);

    // …but can once there is another, who may then not delete the first while being the last.
    const second = await signedInMember(server, { name: 'Second Admin' });
    const grant = await admin.client.request('PUT', `/api/admin/members/${second.me.id}/admin-role`);
    expect(grant.status).toBe(200);
    expect(grant.body).toEqual({ is_admin: true });
    expect((await second.client.get('/api/admin/access')).status).toBe(200);
    expect(
      (await admin.client.request('DELETE', `/api/admin/members/${admin.me.id}/admin-role`)).status,
    ).toBe(200);
    expect((await admin.client.get('/api/admin/access')).status).toBe(403);
    expect(
      (await second.client.request('DELETE', `/api/admin/members/${second.me.id}/admin-role`)).status,
    ).toBe(409);
    const actions = (await second.client.get('/api/admin/audit')).body.entries.map(
      (e: { action: string }) => e.action,
    );
    expect(actions.slice(0, 2)).toEqual(['member.revoke_admin', 'member.grant_admin']);
    // Restore the first admin for the tests after this one.
    expect((await second.client.request('PUT', `/api/admin/members/${admin.me.id}/admin-role`)).status).toBe(
      200,
    );
  });

  it('lets only one of two admins deleting each other at once succeed', async () => {
    const one = await signedInMember(server, { name: 'Duel One' });
    const two = await signedInMember(server, { name: 'Duel Two' });
    await grantAdmin(one.me.id);
    await grantAdmin(two.me.id);
    const results = await Promise.all([
      one.client.request('DELETE', `/api/admin/members/${two.me.id}`),
      two.client.request('DELETE', `/api/admin/members/${one.me.id}`),
    ]);
    // The loser is refused: 403 when its transaction waited for the winner's, 401 when its request
    // arrived after its own account was already gone.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const left = await db()
      .selectFrom('user')
      .select('id')
      .where('id', 'in', [one.me.id, two.me.id])
      .execute();
    expect(left).toHaveLength(1);
  });

  it('shows Contact Us messages newest first, paged', async () => {
    for (const n of [1, 2, 3]) {
      const sent = await visitor.post('/api/contact', {
        name: `Sender ${n}`,
        email: `sender${n}@example.com`,
        subject: 'general',
        message: `Message number ${n}`,
      });
      expect(sent.status).toBe(201);
    }
    const first = (await admin.client.get('/api/admin/messages?limit=2')).body;
    expect(first.messages.map((m: { message: string }) => m.message)).toEqual([
      'Message number 3',
      'Message number 2',
    ]);
    expect(first.messages[0]).toMatchObject({
      name: 'Sender 3',
      email: 'sender3@example.com',
      subject: 'general',
    });
    const second = (await admin.client.get(`/api/admin/messages?limit=2&cursor=${first.next_cursor}`)).body;
    expect(second.messages.map((m: { message: string }) => m.message)).toEqual(['Message number 1']);
    expect(second.next_cursor).toBeNull();
  });
});
