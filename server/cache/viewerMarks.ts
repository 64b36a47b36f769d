import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { PER_MEMBER } from './declared.ts';
import { memberValue } from './perMember.ts';

/**
 * Which of a first page's kept posts (queries/newestPage.ts) the viewer liked, prayed for or bookmarked. Each
 * node keeps the answers per member with the number (member_versions.marks) they were read at, and
 * asks the database only about posts it has no answer for yet (a new post on the page); triggers move
 * the number whenever one of the member's likes or prayers is written or deleted, on any node. Looking
 * the page's posts up in both tables on every request cost as much as the rest of the page's reads
 * together (docs/BENCH.md).
 */
export interface ViewerMarks {
  liked: ReadonlyMap<string, boolean>;
  prayed: ReadonlyMap<string, boolean>;
  bookmarked: ReadonlyMap<string, boolean>;
  voted: ReadonlyMap<string, boolean>;
}

/** Posts one member's kept marks answer for at most: past it, they start again from the page's. */
const KEPT_POSTS = 1_000;

/** The number of the viewer's likes and prayers, as a column of another query (see hiddenVersionOf). */
export function marksVersionOf(viewerId: string): RawBuilder<number> {
  return keptMarks.numberOf(viewerId);
}

/**
 * The member's answers as of a number, filled in as pages ask: a new number starts from empty ones.
 * The answers go on growing after memberValue has kept them, unlike its other values.
 */
const keptMarks = memberValue(PER_MEMBER.viewerMarks, async () => ({
  liked: new Map<string, boolean>(),
  prayed: new Map<string, boolean>(),
  bookmarked: new Map<string, boolean>(),
  voted: new Map<string, boolean>(),
}));

/**
 * The viewer's marks as of `version` (marksVersionOf, read before), answering at least for `likedIds`
 * and `prayedIds` (the page's posts liked, or prayed for, by anyone: no one else can be the viewer's)
 * and for `pageIds` (every post of the page: a bookmark has no count to tell).
 * An answer read after the number is kept under it: had the member's marks changed since, the number
 * has moved and the next page starts afresh.
 */
export async function viewerMarks(
  db: Kysely<DB>,
  viewerId: string,
  version: number,
  likedIds: readonly string[],
  prayedIds: readonly string[],
  pageIds: readonly string[],
  /** The page's posts with a poll someone voted in. */
  votedIds: readonly string[] = [],
): Promise<ViewerMarks> {
  const marks = await keptMarks(db, viewerId, version);
  const { liked, prayed, bookmarked, voted } = marks;
  if (liked.size + prayed.size + bookmarked.size + voted.size > KEPT_POSTS) {
    liked.clear();
    prayed.clear();
    bookmarked.clear();
    voted.clear();
  }
  const likes = likedIds.filter((id) => !liked.has(id));
  const prayers = prayedIds.filter((id) => !prayed.has(id));
  const saved = pageIds.filter((id) => !bookmarked.has(id));
  const votes = votedIds.filter((id) => !voted.has(id));
  if (likes.length > 0 || prayers.length > 0 || saved.length > 0 || votes.length > 0) {
    const [likedNow, prayedNow, savedNow, votedNow] = await Promise.all([
      marked(db, 'likes', viewerId, likes),
      marked(db, 'prayers', viewerId, prayers),
      marked(db, 'bookmarks', viewerId, saved),
      marked(db, 'poll_votes', viewerId, votes),
    ]);
    for (const id of likes) liked.set(id, likedNow.has(id));
    for (const id of prayers) prayed.set(id, prayedNow.has(id));
    for (const id of saved) bookmarked.set(id, savedNow.has(id));
    for (const id of votes) voted.set(id, votedNow.has(id));
  }
  return marks;
}

type Run = (values: Record<string, string>) => Promise<Array<{ id: string }>>;

/**
 * Which of `postIds` (at most a page) the viewer liked (`likes`), prayed for (`prayers`) or saved
 * (`bookmarks`). One
 * prepared query per table and number of posts, so no placeholder is bound in vain.
 */
async function marked(
  db: Kysely<DB>,
  table: 'likes' | 'prayers' | 'bookmarks' | 'poll_votes',
  viewerId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const key = `${table}${postIds.length}`;
  const made = markedQueries(db);
  let query = made.get(key);
  if (!query) {
    const placeholders: Record<string, string> = { viewerId: '\u0000viewer' };
    for (let i = 0; i < postIds.length; i += 1) placeholders[`p${i}`] = `\u0000p${i}`;
    const ids = sql.join(postIds.map((_, i) => sql`${placeholders[`p${i}`]}`));
    query = preparedQuery(db, placeholders, (v) => ({
      compile: () =>
        sql<{ id: string }>`select distinct post_id as id from ${sql.table(table)}
          where user_id = ${v.viewerId} and post_id in (${ids})`.compile(db),
    })) as Run;
    made.set(key, query);
  }
  const values: Record<string, string> = { viewerId };
  for (let i = 0; i < postIds.length; i += 1) values[`p${i}`] = postIds[i]!;
  return new Set((await query(values)).map((row) => row.id));
}

const markedQueries = perDatabase(() => new Map<string, Run>());
