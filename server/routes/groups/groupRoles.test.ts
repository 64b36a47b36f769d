import { byRole, GROUP_ROLES, type GroupRoleName, type StatusByRole } from '@server/test/groups.ts';
import { dialects, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The group roles (server/test/groups.ts; the authorization matrix's viewers are the site's, these are
 * the group's) against the group's reads, posting and editing, for a private group and a secret one.
 */
const ROLES = GROUP_ROLES;
type Role = GroupRoleName;
type Row = StatusByRole;
const row = byRole;

describe.each(dialects)('group roles (%s)', (dialect) => {
  let server: TestServer;
  const clients = {} as Record<Role, TestClient>;
  const ids = {} as Record<Role, string>;
  const groups = {} as Record<
    'private' | 'secret',
    { slug: string; id: string; ownerPost: string; adminPost: string; prayer: string }
  >;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    clients.visitor = new TestClient(server.baseUrl);
    for (const role of ROLES.slice(1)) {
      const { client, me } = await signedInMember(server, { name: `${role} Member` });
      clients[role] = client;
      ids[role] = me.id;
    }
    const usernameOf = async (role: Role) =>
      (await clients[role].get('/api/me')).body.profile.username as string;
    for (const privacy of ['private', 'secret'] as const) {
      const created = await clients.owner.post('/api/groups', {
        name: `Roles ${privacy}`,
        category: 'faith',
        privacy,
      });
      expect(created.status).toBe(201);
      const slug = created.body.slug as string;
      const at = `/api/groups/${slug}`;
      for (const role of ['admin', 'member', 'blocked', 'banned', 'invited'] as const) {
        const res = await clients.owner.post(`${at}/invitations`, { username: await usernameOf(role) });
        expect(res.status).toBe(200);
        if (role !== 'invited') expect((await clients[role].post(`${at}/join`)).body.standing).toBe('member');
      }
      if (privacy === 'private')
        expect((await clients.asker.post(`${at}/join`)).body.standing).toBe('requested');
      expect(
        (await clients.owner.request('PUT', `${at}/members/${ids.admin}`, { role: 'admin' })).status,
      ).toBe(200);
      expect((await clients.owner.request('PUT', `${at}/bans/${ids.banned}`)).status).toBe(200);
      const ownerPost = await makePost(clients.owner, { content: 'By the owner', group_id: created.body.id });
      const adminPost = await makePost(clients.admin, { content: 'By the admin', group_id: created.body.id });
      const prayer = await makePost(clients.member, {
        category: 'prayer',
        prayer_type: 'petition',
        content: 'Pray',
        group_id: created.body.id,
      });
      groups[privacy] = {
        slug,
        id: created.body.id,
        ownerPost: ownerPost.id,
        adminPost: adminPost.id,
        prayer: prayer.id,
      };
    }
    expect((await clients.admin.request('PUT', `/api/blocks/${ids.blocked}`)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  //                                   visitor outsider asker invited member admin owner banned blocked
  const seesGroup = row([401, 200, 200, 200, 200, 200, 200, 200, 200]);
  const inside = row([401, 403, 403, 403, 200, 200, 200, 403, 200]);
  const post = row([401, 404, 404, 404, 200, 200, 200, 404, 200]);
  const adminsPost = row([401, 404, 404, 404, 200, 200, 200, 404, 404]);
  const writes = row([401, 403, 403, 403, 201, 201, 201, 403, 201]);
  const edits = row([401, 403, 403, 403, 403, 200, 200, 403, 403]);
  const secret = (r: Row): Row => ({ ...r, outsider: 404, asker: 404, banned: 404 });

  const cases = (privacy: 'private' | 'secret') => {
    const g = () => groups[privacy];
    const adjust = privacy === 'secret' ? secret : (r: Row) => r;
    return [
      ['GET the group', () => ['GET', `/api/groups/${g().slug}`], adjust(seesGroup)],
      ['GET its posts', () => ['GET', `/api/groups/${g().slug}/posts`], adjust(inside)],
      [
        'GET its prayer requests',
        () => ['GET', `/api/groups/${g().slug}/posts?category=prayer`],
        adjust(inside),
      ],
      ['GET its members', () => ['GET', `/api/groups/${g().slug}/members`], adjust(inside)],
      ["GET the owner's post", () => ['GET', `/api/posts/${g().ownerPost}`], post],
      ["GET the admin's post", () => ['GET', `/api/posts/${g().adminPost}`], adminsPost],
      ['GET the prayer request', () => ['GET', `/api/posts/${g().prayer}`], post],
      ["GET the owner's post's comments", () => ['GET', `/api/posts/${g().ownerPost}/comments`], { ...post }],
      [
        'POST a post in it',
        () => ['POST', '/api/posts', { content: 'Hi', group_id: g().id }],
        adjust(writes),
      ],
      ['PATCH it', () => ['PATCH', `/api/groups/${g().slug}`, { description: 'New' }], adjust(edits)],
    ] as const;
  };

  for (const privacy of ['private', 'secret'] as const) {
    for (const [name, request, expected] of cases(privacy)) {
      it(`${privacy}: ${name}`, async () => {
        const [method, path, body] = request() as [string, string, unknown?];
        const got = {} as Row;
        for (const role of ROLES) got[role] = (await clients[role].request(method, path, body)).status;
        expect(got).toEqual(expected);
      });
    }
  }

  it('lists a secret group in Discover for the invited only, and never for the banned', async () => {
    for (const role of ['outsider', 'banned', 'asker'] as const) {
      const found = await clients[role].get('/api/groups?q=roles');
      expect(found.body.discover.map((x: { slug: string }) => x.slug)).not.toContain(groups.secret.slug);
    }
    const invited = await clients.invited.get('/api/groups?q=roles');
    expect(invited.body.discover.map((x: { slug: string }) => x.slug)).toContain(groups.secret.slug);
    const member = await clients.member.get('/api/groups');
    expect(member.body.mine.map((x: { slug: string }) => x.slug)).toEqual(
      expect.arrayContaining([groups.secret.slug, groups.private.slug]),
    );
  });

  it('keeps group posts out of outsiders’ feeds and in members’ (but not a blocked author’s)', async () => {
    const feedOf = async (role: Role) =>
      ((await clients[role].get('/api/posts?limit=50')).body.posts as Array<{ id: string }>).map((p) => p.id);
    const outsider = await feedOf('outsider');
    const banned = await feedOf('banned');
    for (const g of Object.values(groups)) {
      for (const id of [g.ownerPost, g.adminPost, g.prayer]) {
        expect(outsider).not.toContain(id);
        expect(banned).not.toContain(id);
      }
    }
    const member = await feedOf('member');
    expect(member).toEqual(expect.arrayContaining([groups.private.ownerPost, groups.secret.prayer]));
    const blocked = await feedOf('blocked');
    expect(blocked).toContain(groups.private.ownerPost);
    expect(blocked).not.toContain(groups.private.adminPost);
    const prayerFeed = await clients.outsider.get('/api/posts?category=prayer&limit=50');
    expect(prayerFeed.body.posts.map((p: { id: string }) => p.id)).not.toContain(groups.private.prayer);
  });
});
