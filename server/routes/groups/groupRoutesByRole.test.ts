import { insertMember } from '@server/test/database.ts';
import { byRole, GROUP_ROLES, type GroupRoleName } from '@server/test/groups.ts';
import { dialects, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every group route that changes something, against every group role: each request acts on a fresh
 * private group where each role already stands (rows written as the app writes them), so no request
 * depends on another. The reads, and the secret groups, are in groupRoles.test.ts.
 */
const ROLES = GROUP_ROLES;
type Role = GroupRoleName;
const row = byRole;

interface Fresh {
  id: string;
  slug: string;
  post: string;
  /** A member asking to join, a plain member, a banned member: targets of the admins' tools. */
  asking: string;
  plain: string;
  bannedTarget: string;
  inviteeUsername: string;
  /** The member's comment on their post. */
  comment: string;
}

describe.each(dialects)('group routes by role (%s)', (dialect) => {
  let server: TestServer;
  const clients = {} as Record<Role, TestClient>;
  const ids = {} as Record<Role, string>;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    clients.visitor = new TestClient(server.baseUrl);
    for (const role of ROLES.slice(1)) {
      const { client, me } = await signedInMember(server, { name: `${role} Role` });
      clients[role] = client;
      ids[role] = me.id;
    }
    // The admin blocked this member: blocks still apply inside a group.
    expect((await clients.admin.request('PUT', `/api/blocks/${ids.blocked}`)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  async function freshGroup(): Promise<Fresh> {
    const db = server.built.ctx.database.db;
    const id = uuidv7();
    const slug = `roles-${id.slice(-12)}`;
    const now = new Date().toISOString();
    await db
      .insertInto('groups')
      .values({
        id,
        slug,
        name: `Roles ${slug}`,
        description: '',
        category: 'faith',
        privacy: 'private',
        owner_id: ids.owner,
        cover_media_id: null,
        cover_url: null,
        member_count: 5,
        pinned_post_id: null,
        created_at: now,
        last_activity_at: now,
      })
      .execute();
    const [asking, plain, bannedTarget, invitee] = [
      await insertMember(db, 'Asking'),
      await insertMember(db, 'Plain'),
      await insertMember(db, 'Banned'),
      await insertMember(db, 'Invitee'),
    ];
    const standings: Array<
      [string, 'requested' | 'invited' | 'member' | 'banned', 'owner' | 'admin' | 'member']
    > = [
      [ids.owner, 'member', 'owner'],
      [ids.admin, 'member', 'admin'],
      [ids.member, 'member', 'member'],
      [ids.blocked, 'member', 'member'],
      [ids.asker, 'requested', 'member'],
      [ids.invited, 'invited', 'member'],
      [ids.banned, 'banned', 'member'],
      [asking, 'requested', 'member'],
      [plain, 'member', 'member'],
      [bannedTarget, 'banned', 'member'],
    ];
    await db
      .insertInto('group_members')
      .values(
        standings.map(([user_id, standing, role]) => ({
          group_id: id,
          user_id,
          standing,
          role,
          notify: 'all' as const,
          invited_by: null,
          created_at: now,
        })),
      )
      .execute();
    const post = uuidv7();
    await db
      .insertInto('posts')
      .values({
        id: post,
        user_id: ids.member,
        category: 'general',
        content: 'In the group',
        media_type: 'none',
        group_id: id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const comment = uuidv7();
    await db
      .insertInto('comments')
      .values({ id: comment, post_id: post, user_id: ids.member, content: 'A comment', created_at: now })
      .execute();
    await db.updateTable('posts').set({ comment_count: 1 }).where('id', '=', post).execute();
    const { username } = await db
      .selectFrom('profiles')
      .select('username')
      .where('id', '=', invitee)
      .executeTakeFirstOrThrow();
    return { id, slug, post, asking, plain, bannedTarget, inviteeUsername: username, comment };
  }

  //                                             visitor outsider asker invited member admin owner banned blocked
  const adminsOnly = row([401, 403, 403, 403, 403, 200, 200, 403, 403]);
  const ownerOnly = row([401, 403, 403, 403, 403, 403, 200, 403, 403]);
  const membersOnly = row([401, 403, 403, 403, 200, 200, 200, 403, 200]);
  const membersWrite = row([401, 403, 403, 403, 201, 201, 201, 403, 201]);
  const cases: Array<[string, (g: Fresh) => [string, string, unknown?], Record<Role, number>]> = [
    ['PATCH the group', (g) => ['PATCH', `/api/groups/${g.slug}`, { description: 'New' }], adminsOnly],
    [
      'DELETE the group',
      (g) => ['DELETE', `/api/groups/${g.slug}`],
      row([401, 403, 403, 403, 403, 403, 204, 403, 403]),
    ],
    [
      'POST join',
      (g) => ['POST', `/api/groups/${g.slug}/join`],
      row([401, 200, 200, 200, 200, 200, 200, 403, 200]),
    ],
    [
      'DELETE membership',
      (g) => ['DELETE', `/api/groups/${g.slug}/membership`],
      row([401, 200, 200, 200, 200, 200, 403, 200, 200]),
    ],
    ['PUT notify', (g) => ['PUT', `/api/groups/${g.slug}/notify`, { notify: 'off' }], membersOnly],
    ['POST a request (approve)', (g) => ['POST', `/api/groups/${g.slug}/requests/${g.asking}`], adminsOnly],
    [
      'DELETE a request (decline)',
      (g) => ['DELETE', `/api/groups/${g.slug}/requests/${g.asking}`],
      adminsOnly,
    ],
    ['PUT a role', (g) => ['PUT', `/api/groups/${g.slug}/members/${g.plain}`, { role: 'admin' }], ownerOnly],
    ['DELETE a member', (g) => ['DELETE', `/api/groups/${g.slug}/members/${g.plain}`], adminsOnly],
    ['PUT a ban', (g) => ['PUT', `/api/groups/${g.slug}/bans/${g.plain}`], adminsOnly],
    ['DELETE a ban', (g) => ['DELETE', `/api/groups/${g.slug}/bans/${g.bannedTarget}`], adminsOnly],
    [
      'POST an invitation',
      (g) => ['POST', `/api/groups/${g.slug}/invitations`, { username: g.inviteeUsername }],
      adminsOnly,
    ],
    ['POST the owner', (g) => ['POST', `/api/groups/${g.slug}/owner`, { user_id: ids.admin }], ownerOnly],
    ['PUT the pin', (g) => ['PUT', `/api/groups/${g.slug}/pin`, { post_id: g.post }], adminsOnly],
    ['DELETE the pin', (g) => ['DELETE', `/api/groups/${g.slug}/pin`], adminsOnly],
    ['POST a post in it', (g) => ['POST', '/api/posts', { content: 'Hi', group_id: g.id }], membersWrite],
    [
      'POST a circle in it',
      (g) => [
        'POST',
        '/api/circles',
        { title: 'Vigil', faith: 'Christianity', mode: 'scheduled', group_id: g.id },
      ],
      membersWrite,
    ],
    [
      "DELETE a member's post",
      (g) => ['DELETE', `/api/posts/${g.post}`],
      row([401, 404, 404, 404, 204, 204, 204, 404, 403]),
    ],
    [
      "DELETE a member's comment",
      (g) => ['DELETE', `/api/comments/${g.comment}`],
      row([401, 404, 404, 404, 204, 204, 204, 404, 403]),
    ],
  ];

  for (const [name, request, expected] of cases) {
    it(name, async () => {
      const got = {} as Record<Role, number>;
      for (const role of ROLES) {
        const [method, path, body] = request(await freshGroup());
        got[role] = (await clients[role].request(method, path, body)).status;
      }
      expect(got).toEqual(expected);
    });
  }
});
