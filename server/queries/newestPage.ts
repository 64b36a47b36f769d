import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import { SHARED } from '@server/cache/declared.ts';
import { hiddenMembers, hiddenVersionOf } from '@server/cache/hiddenMembers.ts';
import { sharedValue } from '@server/cache/shared.ts';
import { sharedNumber } from '@server/cache/versions.ts';
import { marksVersionOf, viewerMarks } from '@server/cache/viewerMarks.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB, GroupsTable } from '@server/db/types.ts';
import { notHiddenPost, visibleMember } from '@server/policies/blocks.ts';
import { groupsOfMember, isMemberOfAnyGroup } from '@server/policies/group.ts';
import {
  fewerReadersSeenBy,
  forEveryoneOutsideGroups,
  leftOutByHiddenLists,
  notExpired,
  postAuthorNotHiddenInFeed,
} from '@server/policies/prayer.ts';
import {
  openPostJson,
  presentPost,
  presentSharedPost,
  selectPostRows,
  selectPosts,
  writePost,
} from '@server/presenters/post.ts';
import { encodeCursor } from '@server/queries/cursor.ts';
import { firstPage } from '@server/queries/firstPage.ts';
import { type Kysely, type Selectable, sql } from 'kysely';

/**
 * The first page of each feed is what members read most, and every member's is cut from the same
 * newest posts. This node keeps those posts (up to NEWEST_KEPT per feed, by members nobody is hidden
 * from) in memory, already written as JSON, and cuts each member's page from them with small queries:
 * whether whom the member hides (blocks both ways, mutes: kept per member, queries/hiddenMembers.ts)
 * changed, and which of the page's posts they liked or prayed for.
 * Later pages, walls and profiles read the database as before (listFeed). A group's page is cut the
 * same way from its own newest posts (newestGroupPage: blocks hide, mutes do not); group posts never
 * enter the feeds' kept posts, and a member of any group reads their feeds through listFeed, whose
 * filter (policies/group.ts) adds their groups' posts.
 *
 * What is kept is checked against the numbers of its tables (cache/declared.ts newestPosts), which
 * any write on any node moves, and serves a second at most. Mastodon keeps rendered posts for the
 * same reason (its status cache).
 */
export const NEWEST_KEPT = 200;

type Category = 'prayer' | 'food' | 'comedy';

/** A post written as JSON once, as every viewer shares it, open for the viewer's part (presenters/post.ts). */
interface KeptPost {
  id: string;
  userId: string;
  createdAt: string;
  likeCount: number;
  prayedCount: number;
  /** How many voted in its poll (0 without one): only then can the viewer have. */
  votersCount: number;
  /** When an unanswered prayer request leaves the feeds (ms), or null. */
  expiresAt: number | null;
  /** openPostJson of the post as anyone but its author sees it. */
  json: string;
  /** An anonymous request as its author sees it (with their name); `json` hides it from the rest. */
  ownJson: string | null;
}

interface Kept {
  posts: KeptPost[];
  /** Whether these are all of the feed's posts (fewer than NEWEST_KEPT exist). */
  whole: boolean;
}

const keptFeeds = sharedValue<Kept>(SHARED.newestPosts);

type GroupRow = Selectable<GroupsTable>;

/** The group of this slug, read (null: none has it). */
async function groupBySlug(db: Kysely<DB>, slug: string): Promise<GroupRow | null> {
  return (await groupBySlugQuery(db)({ slug }))[0] ?? null;
}

const keptGroups = sharedValue<GroupRow | null>(SHARED.groupsBySlug);

/**
 * The group of this slug and what its page needs of the viewer, in one query when the node keeps the
 * group: the viewer's query reads the groups' number too, and the kept group is used only when it was
 * read at that number or later (else it is read again, and the viewer's row with it if the slug now
 * names another group). Reading the group by slug on every page cost as much as the rest of its SQL.
 */
export async function groupWithViewer(
  db: Kysely<DB>,
  viewerId: string,
  slug: string,
): Promise<{ group: GroupRow | null; viewer: ViewerInGroup }> {
  const store = keptGroups(db);
  const read = () => groupBySlug(db, slug);
  // Whatever this node holds, however old its number: checked below against the one just read.
  const held = await store.get(slug, 0, read);
  let viewer = await viewerInGroup(db, viewerId, held?.id ?? '');
  const group = await store.get(slug, viewer.groups, read);
  if ((group?.id ?? '') !== (held?.id ?? '')) viewer = await viewerInGroup(db, viewerId, group?.id ?? '');
  return { group, viewer };
}

const groupBySlugQuery = perDatabase(
  (db) =>
    preparedQuery(db, { slug: '\u0000slug' }, (v) =>
      db.selectFrom('groups').selectAll().where('slug', '=', v.slug),
    ) as Run<{ slug: string }, Selectable<GroupsTable>>,
);

/** One column of the viewer's membership row in the group, looked up by its key. */
const membershipColumn = (column: 'standing' | 'role' | 'notify', v: { viewerId: string; groupId: string }) =>
  sql`(select ${sql.ref(column)} from group_members where group_id = ${v.groupId} and user_id = ${v.viewerId})`;

/**
 * In one query: the numbers of the viewer's hidden-member lists and of their likes and prayers, and
 * their membership row in the group, each column its own lookup by key (SQLite plans a left join of a
 * one-row table far slower).
 */
interface ViewerInGroupRow {
  posts: number;
  groups: number;
  version: number;
  marks: number;
  standing: string | null;
  role: string | null;
  notify: string | null;
}

const viewerInGroupQuery = perDatabase(
  (db) =>
    preparedQuery(db, { viewerId: '\u0000viewer', groupId: '\u0000group' }, (v) => ({
      compile: () =>
        sql<ViewerInGroupRow>`
          select ${sharedNumber(SHARED.newestPosts.number)} as posts, ${sharedNumber(SHARED.groupsBySlug.number)} as groups,
            ${hiddenVersionOf(v.viewerId)} as version, ${marksVersionOf(v.viewerId)} as marks,
            ${membershipColumn('standing', v)} as standing, ${membershipColumn('role', v)} as role,
            ${membershipColumn('notify', v)} as notify`.compile(db),
    })) as Run<{ viewerId: string; groupId: string }, ViewerInGroupRow>,
);

/** What a group's first page needs of the viewer (viewerInGroup). */
export interface ViewerInGroup {
  /** The members blocked either way with the viewer: a group page hides those, not the muted. */
  hidden: ReadonlySet<string>;
  /** Those who blocked the viewer (policies/prayer.ts: their anonymous requests stay out too). */
  blockedBy: ReadonlySet<string>;
  /** The posts the viewer hid. */
  hiddenPosts: ReadonlySet<string>;
  /** The number of the viewer's likes and prayers (cache/viewerMarks.ts). */
  marks: number;
  /** The number of the kept posts' tables, read with the rest. */
  posts: number;
  /** The number of groups (cache/declared.ts groupsBySlug), read with the rest. */
  groups: number;
  membership: { standing: string; role: string; notify: string } | undefined;
}

/** The members blocked either way with the viewer, and the viewer's membership row in the group, if any. */
export async function viewerInGroup(
  db: Kysely<DB>,
  viewerId: string,
  groupId: string,
): Promise<ViewerInGroup> {
  const [row] = await viewerInGroupQuery(db)({ viewerId, groupId });
  const { blocked: hidden, blockedBy, hiddenPosts } = await hiddenMembers(db, viewerId, row?.version ?? 0);
  const membership =
    row?.standing != null
      ? { standing: row.standing, role: row.role ?? 'member', notify: row.notify ?? 'all' }
      : undefined;
  return {
    hidden,
    blockedBy,
    hiddenPosts,
    marks: Number(row?.marks ?? 0),
    posts: Number(row?.posts ?? 0),
    groups: Number(row?.groups ?? 0),
    membership,
  };
}

function keep(row: PostRow): KeptPost {
  // As anyone but its author sees it: an anonymous request names nobody (presenters/post.ts).
  const post = presentSharedPost(row, null);
  const expiresAt = post.prayer?.expires_at ? Date.parse(post.prayer.expires_at) : null;
  return {
    id: post.id,
    userId: row.user_id,
    createdAt: post.created_at,
    likeCount: post.like_count,
    prayedCount: post.prayed_count,
    votersCount: post.poll?.voters_count ?? 0,
    expiresAt,
    json: openPostJson(post),
    ownJson: row.anonymous ? openPostJson(presentSharedPost(row, row.user_id)) : null,
  };
}

type Run<V, R> = (values: V) => Promise<R[]>;
type PostRow = Parameters<typeof presentPost>[0];

/** The newest posts of a feed by members nobody is hidden from, with nothing of any viewer. */
const newestQueries = perDatabase((db) => {
  const query = (byCategory: boolean) =>
    preparedQuery(db, { category: '\u0000category' }, (v) => {
      // Group posts reach their members' feeds only: a member of any group reads listFeed instead.
      // Requests for friends or the author only are the viewer's own (theirGroupsQueries): never kept.
      let query = selectPostRows(db).where(visibleMember('posts.user_id')).where(forEveryoneOutsideGroups);
      if (byCategory) query = query.where('posts.category', '=', v.category as Category);
      return query
        .select([
          sql<number>`0`.as('liked_by_me'),
          sql<number>`0`.as('prayed_by_me'),
          sql<number>`0`.as('bookmarked_by_me'),
        ])
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(sql.lit(NEWEST_KEPT));
    }) as Run<{ category: string }, PostRow>;
  return { all: query(false), category: query(true) };
});

/** The newest posts of a group (its prayer requests, or the rest) by members nobody is hidden from. */
const groupQueries = perDatabase((db) => {
  const query = (prayer: boolean) =>
    preparedQuery(db, { groupId: '\u0000group' }, (v) =>
      selectPostRows(db)
        .where('posts.group_id', '=', v.groupId)
        .where('posts.category', prayer ? '=' : '!=', 'prayer')
        .where(visibleMember('posts.user_id'))
        .select([
          sql<number>`0`.as('liked_by_me'),
          sql<number>`0`.as('prayed_by_me'),
          sql<number>`0`.as('bookmarked_by_me'),
        ])
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(sql.lit(NEWEST_KEPT)),
    ) as Run<{ groupId: string }, PostRow>;
  return { prayer: query(true), posts: query(false) };
});

function keptPosts(
  db: Kysely<DB>,
  key: string,
  version: number,
  read: () => Promise<PostRow[]>,
): Kept | Promise<Kept> {
  return keptFeeds(db).get(key, version, async () => {
    const rows = await read();
    return { posts: rows.map(keep), whole: rows.length < NEWEST_KEPT };
  });
}

function newestPosts(db: Kysely<DB>, category: Category | undefined, version: number): Kept | Promise<Kept> {
  const key = category ?? '';
  return keptPosts(db, key, version, () =>
    newestQueries(db)[category ? 'category' : 'all']({ category: key }),
  );
}

/**
 * The first page of the home feed (no category) or of a category's, for this viewer, as the JSON that
 * listFeed's answer would be written as; null when the kept posts cannot make it (the viewer hides too
 * many of them, or asks for a page larger than what is kept): then listFeed reads it.
 */
export async function newestPage(
  db: Kysely<DB>,
  viewerId: string,
  category: Category | undefined,
  limit: number,
): Promise<string | null> {
  if (limit > NEWEST_PAGE_MAX) return null;
  const [viewer] = await viewerQuery(db)({ viewerId });
  const kept = await newestPosts(db, category, Number(viewer?.posts ?? 0));
  const { inFeed: hidden, blockedBy, hiddenPosts } = await hiddenMembers(db, viewerId, viewer?.version ?? 0);
  // A member of groups also reads their groups' newest posts, merged into the page.
  const theirGroups = Number(viewer?.unkept)
    ? async (since: string) =>
        (
          await theirGroupsQueries(db)[category ? 'category' : 'all']({
            viewerId,
            category: category ?? '',
            since,
            now: new Date().toISOString(),
          })
        ).map((row): Rendered => {
          const post = presentPost(row, viewerId);
          return { id: post.id, createdAt: post.created_at, json: JSON.stringify(post) };
        })
    : null;
  const marks = Number(viewer?.marks ?? 0);
  const cut = await cutPage(
    db,
    viewerId,
    kept,
    { hidden, blockedBy, hiddenPosts, marks },
    limit,
    null,
    theirGroups,
  );
  return cut === null ? null : `{"posts":${cut.posts},"next_cursor":${cut.nextCursor}}`;
}

/**
 * The first page of a group's posts (or of its prayer requests) for this viewer, who may see them
 * (the caller asked policies/group.ts), `viewer` what viewerInGroup read, without `exclude` (the
 * pinned post, shown on its own): the posts and next_cursor as listGroupPosts would write them, or null
 * when the kept posts cannot make it.
 */
export async function newestGroupPage(
  db: Kysely<DB>,
  viewerId: string,
  groupId: string,
  prayer: boolean,
  limit: number,
  exclude: string | null,
  viewer: Pick<ViewerInGroup, 'hidden' | 'blockedBy' | 'hiddenPosts' | 'marks' | 'posts'>,
): Promise<{ posts: string; nextCursor: string } | null> {
  if (limit > NEWEST_PAGE_MAX) return null;
  const kept = await keptPosts(db, `group:${groupId}:${prayer}`, viewer.posts, () =>
    groupQueries(db)[prayer ? 'prayer' : 'posts']({ groupId }),
  );
  return cutPage(db, viewerId, kept, viewer, limit, exclude);
}

/*
 * What a kept first feed page needs of one viewer, in small prepared queries: whether the kept posts,
 * their hidden-member lists or their likes and prayers changed, whether their feed holds posts that
 * are never kept (their groups', and posts kept to friends or their author), and those posts.
 */

/** The largest page cut from the kept posts: the app's own page size. */
export const NEWEST_PAGE_MAX = FEED_PAGE_SIZE;

/**
 * The newest posts of the viewer's groups, and the posts for their author's friends or for the author
 * alone that they may see (friends-only posts, issue 51, and prayer requests), for their home or category feed (at most a page and one), with their flags and
 * the feed's filter, rendered per request: those never enter the kept posts.
 */
const theirGroupsQueries = perDatabase((db) => {
  const query = (byCategory: boolean) =>
    preparedQuery(
      db,
      { viewerId: '\u0000viewer', category: '\u0000category', since: '\u0000since', now: '\u0000now' },
      (v) => {
        const restricted = sql<string>`(select r.id from posts r where r.created_at >= ${v.since}
          and ${fewerReadersSeenBy(v.viewerId, 'r')})`;
        let query = selectPosts(db, v.viewerId)
          // No older than the last kept post the page could show: the search stays among the newest.
          .where('posts.created_at', '>=', v.since)
          .where((eb) =>
            eb.or([
              eb('posts.group_id', 'in', groupsOfMember(db, v.viewerId)),
              eb('posts.id', 'in', restricted),
            ]),
          )
          .where(notExpired(v.now))
          .where(notHiddenPost(v.viewerId))
          .where(postAuthorNotHiddenInFeed(v.viewerId, { muted: true }));
        if (byCategory) query = query.where('posts.category', '=', v.category as Category);
        return query
          .orderBy('posts.created_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(sql.lit(NEWEST_PAGE_MAX + 1));
      },
    ) as Run<{ viewerId: string; category: string; since: string; now: string }, PostRow>;
  return { all: query(false), category: query(true) };
});

/**
 * In one row: the numbers of the kept posts' tables, of the viewer's hidden-member lists (cache/
 * hiddenMembers.ts) and of their likes and prayers (cache/viewerMarks.ts), and whether their feed holds
 * posts not kept here (1 when they are a member of any group, or may see prayer requests for friends
 * or for themselves).
 */
const viewerQuery = perDatabase(
  (db) =>
    preparedQuery(db, { viewerId: '\u0000viewer' }, (v) => ({
      compile: () =>
        sql<{
          posts: number;
          version: number;
          marks: number;
          unkept: number;
        }>`select ${sharedNumber(SHARED.newestPosts.number)} as posts, ${hiddenVersionOf(v.viewerId)} as version,
          ${marksVersionOf(v.viewerId)} as marks,
          case when ${isMemberOfAnyGroup(v.viewerId)}
          or exists (select 1 from posts where ${fewerReadersSeenBy(v.viewerId)})
          then 1 else 0 end as unkept`.compile(db),
    })) as Run<{ viewerId: string }, { posts: number; version: number; marks: number; unkept: number }>,
);

/** Before any post (a timestamp both databases compare with created_at). */
const EVER = '1970-01-01T00:00:00.000Z';

/** A post already written for this viewer (a group post in their feed), newest first like the kept ones. */
interface Rendered {
  id: string;
  createdAt: string;
  json: string;
}

/** Whether post `a` comes before `b` in a feed: newer first, then the larger id (the keyset's order). */
function before(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): boolean {
  if (a.createdAt !== b.createdAt) return Date.parse(a.createdAt) > Date.parse(b.createdAt);
  return a.id > b.id;
}

/**
 * The viewer's page cut from kept posts: those of members they hide left out, merged with `others`
 * (their groups' newest posts no older than the kept ones the page could show, a page and one at
 * most), the kept ones' flags filled in from the viewer's marks as of `viewer.marks`.
 */
async function cutPage(
  db: Kysely<DB>,
  viewerId: string,
  kept: Kept,
  viewer: {
    hidden: ReadonlySet<string>;
    blockedBy: ReadonlySet<string>;
    hiddenPosts: ReadonlySet<string>;
    marks: number;
  },
  limit: number,
  exclude: string | null,
  others: ((since: string) => Promise<Rendered[]>) | null = null,
): Promise<{ posts: string; nextCursor: string } | null> {
  const now = Date.now();
  const shows = (post: KeptPost) => {
    if (post.id === exclude || viewer.hiddenPosts.has(post.id)) return false;
    // An anonymous request of someone else's ignores the viewer's blocks and mutes (policies/prayer.ts).
    const author = { anonymous: post.ownJson !== null, user_id: post.userId };
    if (viewer.hidden.has(post.userId) && leftOutByHiddenLists(author, viewerId, viewer.blockedBy))
      return false;
    return post.expiresAt === null || post.expiresAt > now;
  };
  const fromKept = firstPage<KeptPost>([{ items: kept.posts, whole: kept.whole }], before, shows, limit);
  if (fromKept === null) return null;
  // Posts older than the kept one after the page cannot reach it: a page and one are newer.
  const since = fromKept.next?.createdAt ?? EVER;
  const rendered = others ? await others(since) : [];
  // Both lists are the newest of their kind, so the page is the newest of the two merged.
  const { page: merged, next } =
    rendered.length === 0
      ? fromKept
      : firstPage<KeptPost | Rendered>(
          [
            { items: fromKept.next ? [...fromKept.page, fromKept.next] : fromKept.page, whole: true },
            { items: rendered, whole: true },
          ],
          before,
          () => true,
          limit,
        )!;
  const page = merged.filter((post): post is KeptPost => 'ownJson' in post);
  const last = merged.at(-1);
  const cursor = next && last ? encodeCursor({ created_at: last.createdAt, id: last.id }) : null;
  // Only a post liked or prayed for by someone can be the viewer's.
  const likedIds: string[] = [];
  const prayedIds: string[] = [];
  const votedIds: string[] = [];
  for (const post of page) {
    if (post.likeCount > 0) likedIds.push(post.id);
    if (post.prayedCount > 0) prayedIds.push(post.id);
    if (post.votersCount > 0) votedIds.push(post.id);
  }
  const marks = await viewerMarks(
    db,
    viewerId,
    viewer.marks,
    likedIds,
    prayedIds,
    page.map((post) => post.id),
    votedIds,
  );
  const posts = merged.map((post) => {
    if (!('ownJson' in post)) return post.json;
    return writePost(post.ownJson && post.userId === viewerId ? post.ownJson : post.json, {
      liked_by_me: post.likeCount > 0 && marks.liked.get(post.id) === true,
      prayed_by_me: post.prayedCount > 0 && marks.prayed.get(post.id) === true,
      bookmarked_by_me: marks.bookmarked.get(post.id) === true,
      voted_by_me: post.votersCount > 0 && marks.voted.get(post.id) === true,
    });
  });
  return { posts: `[${posts.join(',')}]`, nextCursor: JSON.stringify(cursor) };
}
