import type { GroupPrivacy } from '@common/schemas/groups.ts';
import { insertMember } from '@server/test/database.ts';
import { v7 as uuidv7 } from 'uuid';
import type { Fixtures } from './fixtures.ts';
import { admins, type HttpRow, members } from './table.ts';

// Groups (issue 25). Each row acts on a fresh group of the owner's, where other is an admin; member,
// blocked (whom the owner blocked) and admin (a site admin) are not in it. The other group roles
// (asking, invited, plain member, banned) have their own table in server/routes/groups/groupRoles.test.ts.

type Made = Record<string, string>;

/** A fresh group (rows inserted as the app would write them): the owner owns it, other is an admin. */
export async function freshGroup(
  f: Fixtures,
  privacy: GroupPrivacy,
  extra: 'post' | 'asker' | 'plain' | 'banned' | null = null,
) {
  const id = uuidv7();
  const slug = `matrix-${id.slice(-12)}`;
  const now = new Date().toISOString();
  const { owner, other } = f.members;
  await f.db
    .insertInto('groups')
    .values({
      id,
      slug,
      name: `Matrix ${slug}`,
      description: '',
      category: 'faith',
      privacy,
      owner_id: owner.id,
      cover_media_id: null,
      cover_url: null,
      member_count: 2,
      pinned_post_id: null,
      created_at: now,
      last_activity_at: now,
    })
    .execute();
  const row = (
    userId: string,
    standing: 'member' | 'requested' | 'banned',
    role: 'owner' | 'admin' | 'member',
  ) => ({
    group_id: id,
    user_id: userId,
    standing,
    role,
    notify: 'all' as const,
    invited_by: null,
    created_at: now,
  });
  await f.db
    .insertInto('group_members')
    .values([row(owner.id, 'member', 'owner'), row(other.id, 'member', 'admin')])
    .execute();
  const made: Made = { group: id, slug };
  if (extra === 'post') {
    const post = uuidv7();
    await f.db
      .insertInto('posts')
      .values({
        id: post,
        user_id: owner.id,
        category: 'general',
        content: 'In the group',
        media_type: 'none',
        group_id: id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    made.post = post;
  } else if (extra) {
    const target = await insertMember(f.db, 'Target');
    const standing = extra === 'asker' ? 'requested' : extra === 'banned' ? 'banned' : 'member';
    await f.db
      .insertInto('group_members')
      .values(row(target, standing, 'member'))
      .execute();
    made.target = target;
  }
  return made;
}

const onFresh =
  (privacy: GroupPrivacy, extra: Parameters<typeof freshGroup>[2] = null) =>
  (f: Fixtures) =>
    freshGroup(f, privacy, extra);

/** What only the group's admins (owner and other) may do; members outside it are refused. */
const adminsOnly = members(403, { owner: 200, other: 200 });
const ownerOnly = members(403, { owner: 200 });

export const groupRows: HttpRow[] = [
  { route: 'GET /api/groups', path: () => '/api/groups?q=matrix', expect: members(200) },
  {
    route: 'POST /api/groups',
    path: () => '/api/groups',
    body: () => ({ name: `Created ${uuidv7().slice(-12)}`, category: 'food', privacy: 'private' }),
    expect: members(201),
  },
  {
    route: 'GET /api/groups/:slug',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}`,
    expect: members(200),
  },
  {
    route: 'GET /api/groups/:slug',
    variant: "the owner's secret group",
    prepare: onFresh('secret'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}`,
    expect: members(404, { owner: 200, other: 200 }),
  },
  {
    route: 'PATCH /api/groups/:slug',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}`,
    body: () => ({ description: 'Changed' }),
    expect: adminsOnly,
  },
  {
    route: 'DELETE /api/groups/:slug',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}`,
    expect: members(403, { owner: 204 }),
  },
  {
    route: 'GET /api/groups/:slug/posts',
    variant: "the owner's private group",
    prepare: onFresh('private', 'post'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/posts`,
    expect: adminsOnly,
  },
  {
    route: 'GET /api/groups/:slug/posts',
    variant: "the owner's public group",
    prepare: onFresh('public', 'post'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/posts`,
    hides: { from: ['blocked'], what: ({ members }) => members.owner.id },
    expect: members(200),
  },
  {
    route: 'GET /api/posts/:id',
    variant: "a post in the owner's private group",
    prepare: onFresh('private', 'post'),
    path: ({ fresh }) => `/api/posts/${fresh.post}`,
    expect: members(404, { owner: 200, other: 200 }),
  },
  {
    route: 'PUT /api/posts/:id/bookmark',
    variant: "a post in the owner's private group",
    prepare: onFresh('private', 'post'),
    path: ({ fresh }) => `/api/posts/${fresh.post}/bookmark`,
    expect: members(404, { owner: 200, other: 200 }),
  },
  {
    route: 'POST /api/posts',
    variant: "in the owner's private group",
    prepare: onFresh('private'),
    path: () => '/api/posts',
    body: ({ fresh }) => ({ content: 'Hello group', group_id: fresh.group }),
    expect: members(403, { owner: 201, other: 201 }),
  },
  {
    route: 'POST /api/circles',
    variant: "in the owner's private group",
    prepare: onFresh('private'),
    path: () => '/api/circles',
    body: ({ fresh }) => ({
      title: 'Group circle',
      faith: 'Christianity',
      mode: 'scheduled',
      group_id: fresh.group,
    }),
    expect: members(403, { owner: 201, other: 201 }),
  },
  {
    route: 'POST /api/groups/:slug/join',
    variant: "the owner's private group (asking)",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/join`,
    expect: members(200),
  },
  {
    route: 'POST /api/groups/:slug/join',
    variant: "the owner's secret group",
    prepare: onFresh('secret'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/join`,
    expect: members(404, { owner: 200, other: 200 }),
  },
  {
    route: 'DELETE /api/groups/:slug/membership',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/membership`,
    // The owner hands the group on first.
    expect: members(200, { owner: 403 }),
  },
  {
    route: 'PUT /api/groups/:slug/notify',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/notify`,
    body: () => ({ notify: 'off' }),
    expect: adminsOnly,
  },
  {
    route: 'GET /api/groups/:slug/members',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/members`,
    expect: adminsOnly,
  },
  {
    route: 'POST /api/groups/:slug/requests/:userId',
    variant: 'a request to a fresh private group',
    prepare: onFresh('private', 'asker'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/requests/${fresh.target}`,
    expect: adminsOnly,
  },
  {
    route: 'DELETE /api/groups/:slug/requests/:userId',
    variant: 'a request to a fresh private group',
    prepare: onFresh('private', 'asker'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/requests/${fresh.target}`,
    expect: adminsOnly,
  },
  {
    route: 'PUT /api/groups/:slug/members/:userId',
    variant: 'a plain member of a fresh group',
    prepare: onFresh('private', 'plain'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/members/${fresh.target}`,
    body: () => ({ role: 'admin' }),
    expect: ownerOnly,
  },
  {
    route: 'DELETE /api/groups/:slug/members/:userId',
    variant: 'a plain member of a fresh group',
    prepare: onFresh('private', 'plain'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/members/${fresh.target}`,
    expect: adminsOnly,
  },
  {
    route: 'PUT /api/groups/:slug/bans/:userId',
    variant: 'a plain member of a fresh group',
    prepare: onFresh('private', 'plain'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/bans/${fresh.target}`,
    expect: adminsOnly,
  },
  {
    route: 'DELETE /api/groups/:slug/bans/:userId',
    variant: 'a banned member of a fresh group',
    prepare: onFresh('private', 'banned'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/bans/${fresh.target}`,
    expect: adminsOnly,
  },
  {
    route: 'POST /api/groups/:slug/invitations',
    variant: 'a fresh member, to a fresh group',
    prepare: async (f) => {
      const made = await freshGroup(f, 'private');
      const invitee = await insertMember(f.db, 'Invitee');
      const row = await f.db
        .selectFrom('profiles')
        .select('username')
        .where('id', '=', invitee)
        .executeTakeFirstOrThrow();
      return { ...made, username: row.username };
    },
    path: ({ fresh }) => `/api/groups/${fresh.slug}/invitations`,
    body: ({ fresh }) => ({ username: fresh.username }),
    expect: adminsOnly,
  },
  {
    route: 'POST /api/groups/:slug/owner',
    variant: 'to other, an admin of a fresh group',
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/owner`,
    body: ({ f }) => ({ user_id: f.members.other.id }),
    expect: ownerOnly,
  },
  {
    route: 'PUT /api/groups/:slug/pin',
    variant: "a post in the owner's private group",
    prepare: onFresh('private', 'post'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/pin`,
    body: ({ fresh }) => ({ post_id: fresh.post }),
    expect: adminsOnly,
  },
  {
    route: 'DELETE /api/groups/:slug/pin',
    variant: "the owner's private group",
    prepare: onFresh('private'),
    path: ({ fresh }) => `/api/groups/${fresh.slug}/pin`,
    expect: adminsOnly,
  },
  { route: 'GET /api/admin/groups', path: () => '/api/admin/groups?q=matrix', expect: admins(200) },
  {
    route: 'DELETE /api/admin/groups/:id',
    variant: "a fresh secret group of the owner's",
    prepare: onFresh('secret'),
    path: ({ fresh }) => `/api/admin/groups/${fresh.group}`,
    expect: admins(200),
  },
];
