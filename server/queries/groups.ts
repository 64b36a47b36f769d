import type { Group, GroupList, GroupMembers, GroupPostsPage } from '@common/schemas/groups.ts';
import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { forbidden, notFound } from '@server/http/errors.ts';
import { notHiddenFrom, notHiddenPost } from '@server/policies/blocks.ts';
import {
  type GroupRow,
  isGroupAdmin,
  isMemberRow,
  type MembershipRow,
  mayFind,
  maySeeInside,
  type Where,
  whereOf,
} from '@server/policies/group.ts';
import { notExpired, postAuthorNotHiddenFrom } from '@server/policies/prayer.ts';
import { presentPost, selectPosts } from '@server/presenters/post.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import {
  groupWithViewer,
  newestGroupPage,
  type ViewerInGroup,
  viewerInGroup,
} from '@server/queries/newestPage.ts';
import { type Kysely, sql } from 'kysely';

const LISTED = 50;

export function presentGroup(
  group: GroupRow,
  membership: Pick<MembershipRow, 'standing' | 'role' | 'notify'> | undefined,
): Group {
  const where = whereOf(membership as MembershipRow | undefined);
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    description: group.description,
    category: group.category,
    privacy: group.privacy,
    cover_url: group.cover_url,
    member_count: Number(group.member_count),
    created_at: String(group.created_at),
    last_activity_at: String(group.last_activity_at),
    pinned_post_id: maySeeInside(group, where) ? group.pinned_post_id : null,
    viewer: {
      standing: where.standing,
      role: where.role,
      notify: where.standing === 'member' ? (membership?.notify ?? 'all') : null,
    },
  };
}

/** A LIKE pattern matching the text anywhere, its own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * /groups: the viewer's groups (most recently active first), and public and private groups they are
 * not in (secret groups are found by their members only), by name or description and category.
 */
export async function listGroups(
  db: Kysely<DB>,
  viewerId: string,
  filter: { q?: string; category?: GroupRow['category'] },
): Promise<GroupList> {
  const mine = await db
    .selectFrom('groups')
    .innerJoin('group_members as m', (join) =>
      join.onRef('m.group_id', '=', 'groups.id').on('m.user_id', '=', viewerId).on(isMemberRow('m')),
    )
    .selectAll('groups')
    .select(['m.standing', 'm.role', 'm.notify'])
    .orderBy('groups.last_activity_at', 'desc')
    .limit(LISTED)
    .execute();
  let discover = db
    .selectFrom('groups')
    .leftJoin('group_members as m', (join) =>
      join.onRef('m.group_id', '=', 'groups.id').on('m.user_id', '=', viewerId),
    )
    .selectAll('groups')
    .select(['m.standing', 'm.role', 'm.notify'])
    .where((eb) =>
      eb.or([
        eb('m.standing', 'is', null),
        eb('m.standing', '=', 'requested'),
        eb('m.standing', '=', 'invited'),
      ]),
    )
    .where((eb) => eb.or([eb('groups.privacy', '!=', 'secret'), eb('m.standing', '=', 'invited')]));
  if (filter.category) discover = discover.where('groups.category', '=', filter.category);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    discover = discover.where(
      sql<boolean>`(lower(groups.name) like ${pattern} escape '\\' or lower(groups.description) like ${pattern} escape '\\')`,
    );
  }
  const found = await discover
    .orderBy('groups.member_count', 'desc')
    .orderBy('groups.last_activity_at', 'desc')
    .limit(LISTED)
    .execute();
  const present = (row: GroupRow & { standing: unknown; role: unknown; notify: unknown }) =>
    presentGroup(row, row.standing ? (row as unknown as MembershipRow) : undefined);
  return { mine: mine.map(present), discover: found.map(present) };
}

/** The group and where the viewer stands (one query), or null when they may not find it (secret, unknown). */
const groupWithMembership = perDatabase((db) =>
  preparedQuery(db, { viewerId: '\u0000viewer', slug: '\u0000slug' }, (v) =>
    db
      .selectFrom('groups')
      .leftJoin('group_members as m', (join) =>
        join.onRef('m.group_id', '=', 'groups.id').on('m.user_id', '=', v.viewerId),
      )
      .selectAll('groups')
      .select(['m.standing', 'm.role', 'm.notify', 'm.user_id', 'm.created_at as member_since'])
      .where('groups.slug', '=', v.slug),
  ),
);

export async function findGroupFor(db: Kysely<DB>, viewerId: string, slug: string) {
  const [row] = await groupWithMembership(db)({ viewerId, slug });
  if (!row) return null;
  const { standing, role, notify, user_id, member_since, ...group } = row;
  const membership: MembershipRow | undefined =
    standing && role && notify && user_id
      ? {
          group_id: group.id,
          user_id,
          standing,
          role,
          notify,
          invited_by: null,
          created_at: String(member_since),
        }
      : undefined;
  const where = whereOf(membership);
  if (!mayFind(group, where)) return null;
  return { group, membership, where };
}

const GROUP_POSTS_PLACEHOLDERS = {
  viewerId: '\u0000viewer',
  groupId: '\u0000group',
  createdAt: '\u0000createdAt',
  id: '\u0000id',
  /** The pinned post, shown on its own above the page ('' when none). */
  exclude: '\u0000exclude',
  now: '\u0000now',
};
type GroupPostsValues = typeof GROUP_POSTS_PLACEHOLDERS;
type PostRow = Parameters<typeof presentPost>[0];
const groupPostQueries = perDatabase(
  () => new Map<string, (values: GroupPostsValues) => Promise<PostRow[]>>(),
);

/** The group page's query, built and compiled once per shape (prayer or not, first page or not, size). */
function groupPostsQuery(db: Kysely<DB>, shape: { prayer: boolean; before: boolean; limit: number }) {
  const key = `${shape.prayer}${shape.before}${shape.limit}`;
  const byShape = groupPostQueries(db);
  let run = byShape.get(key);
  if (!run) {
    run = preparedQuery(db, GROUP_POSTS_PLACEHOLDERS, (v) => {
      let query = selectPosts(db, v.viewerId)
        .where('posts.group_id', '=', v.groupId)
        .where(postAuthorNotHiddenFrom(v.viewerId))
        .where(notHiddenPost(v.viewerId))
        .where('posts.category', shape.prayer ? '=' : '!=', 'prayer')
        .where('posts.id', '!=', v.exclude);
      // Like the prayer feed, a group's Prayer tab leaves expired requests out (policies/prayer.ts).
      if (shape.prayer) query = query.where(notExpired(v.now));
      if (shape.before)
        query = query.where(sql<boolean>`(posts.created_at, posts.id) < (${v.createdAt}, ${v.id})`);
      return query
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(sql.lit(shape.limit));
    }) as (values: GroupPostsValues) => Promise<PostRow[]>;
    byShape.set(key, run);
  }
  return run;
}

/** The group's pinned post as the viewer sees it (none when its author is hidden from them). */
async function pinnedPost(db: Kysely<DB>, viewerId: string, group: GroupRow) {
  if (!group.pinned_post_id) return null;
  const row = await selectPosts(db, viewerId)
    .where('posts.id', '=', group.pinned_post_id)
    .where('posts.group_id', '=', group.id)
    .where(postAuthorNotHiddenFrom(viewerId))
    .executeTakeFirst();
  return row ? presentPost(row, viewerId) : null;
}

/**
 * A page of the group's posts, newest first (or its prayer requests, `category: 'prayer'`); the first
 * page also carries the pinned post. Blocks still apply inside the group.
 */
export async function listGroupPosts(
  db: Kysely<DB>,
  viewerId: string,
  group: GroupRow,
  options: { category?: 'general' | 'prayer' | 'food' | 'comedy'; before?: string; limit?: number },
): Promise<GroupPostsPage> {
  const limit = options.limit ?? FEED_PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Not a page size: ${limit}`);
  const cursor = options.before ? decodeCursor(options.before, 'the group') : undefined;
  const prayer = options.category === 'prayer';
  const pinned = !cursor && !prayer ? await pinnedPost(db, viewerId, group) : null;
  const rows = await groupPostsQuery(db, { prayer, before: Boolean(cursor), limit: limit + 1 })({
    viewerId,
    groupId: group.id,
    createdAt: cursor?.createdAt ?? '',
    id: cursor?.id ?? '',
    exclude: (prayer ? null : group.pinned_post_id) ?? '',
    now: new Date().toISOString(),
  });
  const posts = rows.slice(0, limit).map((row) => presentPost(row, viewerId));
  const last = posts.at(-1);
  return { posts, next_cursor: rows.length > limit && last ? encodeCursor(last) : null, pinned };
}

/**
 * The same first page as JSON, cut from the group's newest posts this node keeps (queries/newestPage.ts),
 * or null when they cannot make it (then listGroupPosts reads it).
 */
export async function groupFirstPage(
  db: Kysely<DB>,
  viewerId: string,
  group: GroupRow,
  options: { category?: 'general' | 'prayer' | 'food' | 'comedy'; limit?: number },
  viewer?: ViewerInGroup,
): Promise<string | null> {
  const prayer = options.category === 'prayer';
  const exclude = prayer ? null : group.pinned_post_id;
  const cut = await newestGroupPage(
    db,
    viewerId,
    group.id,
    prayer,
    options.limit ?? FEED_PAGE_SIZE,
    exclude,
    viewer ?? (await viewerInGroup(db, viewerId, group.id)),
  );
  if (cut === null) return null;
  const pinned = exclude ? await pinnedPost(db, viewerId, group) : null;
  return `{"posts":${cut.posts},"next_cursor":${cut.nextCursor},"pinned":${JSON.stringify(pinned)}}`;
}

/** Members with their roles (owner, admins, then the rest); admins also get the three pending lists. */
export async function listGroupMembers(
  db: Kysely<DB>,
  viewerId: string,
  group: GroupRow,
  where: Where,
): Promise<GroupMembers> {
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('profiles', 'profiles.id', 'group_members.user_id')
    .select([
      'group_members.user_id',
      'group_members.standing',
      'group_members.role',
      'group_members.created_at',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
    ])
    .where('group_members.group_id', '=', group.id)
    .where(notHiddenFrom(viewerId, 'group_members.user_id'))
    .orderBy('group_members.created_at', 'asc')
    .limit(1000)
    .execute();
  const person = (r: (typeof rows)[number]) => ({
    id: r.user_id,
    username: r.username,
    full_name: r.full_name,
    avatar_url: r.avatar_url,
  });
  const order = { owner: 0, admin: 1, member: 2 } as const;
  const members = rows
    .filter((r) => r.standing === 'member')
    .sort((a, b) => order[a.role] - order[b.role])
    .map((r) => ({ person: person(r), role: r.role, since: String(r.created_at) }));
  const admin = isGroupAdmin(where);
  const pending = (standing: MembershipRow['standing']) =>
    admin
      ? rows
          .filter((r) => r.standing === standing)
          .map((r) => ({ person: person(r), since: String(r.created_at) }))
      : [];
  return { members, requests: pending('requested'), invited: pending('invited'), banned: pending('banned') };
}

/** The admin console's list: every group by name or address, newest first (at most 100). */
export async function listGroupsForAdmins(db: Kysely<DB>, q: string | undefined) {
  let query = db
    .selectFrom('groups')
    .leftJoin('profiles', 'profiles.id', 'groups.owner_id')
    .select([
      'groups.id',
      'groups.slug',
      'groups.name',
      'groups.privacy',
      'groups.category',
      'groups.member_count',
      'groups.created_at',
      'profiles.username as owner_username',
    ]);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where(
      sql<boolean>`(lower(groups.name) like ${pattern} escape '\\' or groups.slug like ${pattern} escape '\\')`,
    );
  }
  const rows = await query.orderBy('groups.created_at', 'desc').limit(100).execute();
  return rows.map((r) => ({
    ...r,
    member_count: Number(r.member_count),
    created_at: String(r.created_at),
    owner_username: r.owner_username ?? null,
  }));
}

/** The group page's header for this viewer: 404 when they may not find it. */
export async function groupPageFor(db: Kysely<DB>, viewerId: string, slug: string): Promise<Group> {
  const found = await findGroupFor(db, viewerId, slug);
  if (!found) throw notFound('group_not_found');
  return presentGroup(found.group, found.membership);
}

/** The Members tab: members only for a private or secret group (403), anyone who finds a public one. */
export async function groupMembersFor(db: Kysely<DB>, viewerId: string, slug: string): Promise<GroupMembers> {
  const found = await findGroupFor(db, viewerId, slug);
  if (!found) throw notFound('group_not_found');
  if (!maySeeInside(found.group, found.where)) throw forbidden('group_members_only');
  return listGroupMembers(db, viewerId, found.group, found.where);
}

/**
 * The Posts and Prayer tabs: a page of the group's posts, or 403 for whoever may not see them. The
 * first page is JSON already written (groupFirstPage) when the kept posts can make it.
 */
export async function groupPostsFor(
  db: Kysely<DB>,
  viewerId: string,
  slug: string,
  query: { category?: 'general' | 'prayer' | 'food' | 'comedy'; before?: string; limit?: number },
): Promise<GroupPostsPage | string> {
  if (!query.before) {
    // The first page: the group as this node keeps it, and in one query the viewer's membership and
    // the members blocked with them.
    const { group, viewer } = await groupWithViewer(db, viewerId, slug);
    if (!group) throw notFound('group_not_found');
    const where = whereOf(viewer.membership as MembershipRow | undefined);
    if (!mayFind(group, where)) throw notFound('group_not_found');
    if (!maySeeInside(group, where, query.category === 'prayer')) throw forbidden('group_members_only');
    const page = await groupFirstPage(db, viewerId, group, query, viewer);
    if (page !== null) return page;
    return listGroupPosts(db, viewerId, group, query);
  }
  const found = await findGroupFor(db, viewerId, slug);
  if (!found) throw notFound('group_not_found');
  if (!maySeeInside(found.group, found.where, query.category === 'prayer'))
    throw forbidden('group_members_only');
  return listGroupPosts(db, viewerId, found.group, query);
}
