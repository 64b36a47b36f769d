import { FEED_PAGE_SIZE } from '@common/schemas/posts.ts';
import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import { notHiddenPost } from '@server/policies/blocks.ts';
import { groupsOfMember, isMemberOfAnyGroup } from '@server/policies/group.ts';
import { fewerReadersSeenBy, notExpired, postAuthorNotHiddenInFeed } from '@server/policies/prayer.ts';
import { type presentPost, selectPosts } from '@server/presenters/post.ts';
import { hiddenVersionOf } from '@server/queries/hiddenMembers.ts';
import { marksVersionOf } from '@server/queries/viewerMarks.ts';
import { sql } from 'kysely';

/**
 * What a kept first feed page (queries/newestPage.ts) needs of one viewer, in small prepared queries:
 * whether their hidden-member lists or their likes and prayers changed, whether their feed holds posts
 * that are never kept (their groups', restricted prayer requests), and those posts.
 */

type Run<V, R> = (values: V) => Promise<R[]>;
type PostRow = Parameters<typeof presentPost>[0];
type Category = 'prayer' | 'food' | 'comedy';
/** The largest page cut from the kept posts: the app's own page size. */
export const NEWEST_PAGE_MAX = FEED_PAGE_SIZE;

/**
 * The newest posts of the viewer's groups, and the prayer requests for their friends or for themselves
 * that they may see, for their home or category feed (at most a page and one), with their flags and
 * the feed's filter, rendered per request: those never enter the kept posts.
 */
export const theirGroupsQueries = perDatabase((db) => {
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
 * In one row: the numbers of the viewer's hidden-member lists (queries/hiddenMembers.ts) and of their
 * likes and prayers (queries/viewerMarks.ts), and whether their feed holds posts not kept here (1
 * when they are a member of any group, or may see prayer requests for friends or for themselves).
 */
export const viewerQuery = perDatabase(
  (db) =>
    preparedQuery(db, { viewerId: '\u0000viewer' }, (v) => ({
      compile: () =>
        sql<{
          version: number;
          marks: number;
          unkept: number;
        }>`select ${hiddenVersionOf(v.viewerId)} as version,
          ${marksVersionOf(v.viewerId)} as marks,
          case when ${isMemberOfAnyGroup(v.viewerId)}
          or exists (select 1 from posts where ${fewerReadersSeenBy(v.viewerId)})
          then 1 else 0 end as unkept`.compile(db),
    })) as Run<{ viewerId: string }, { version: number; marks: number; unkept: number }>,
);
