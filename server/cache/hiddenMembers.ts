import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import { membersHiddenInFeed } from '@server/policies/blocks.ts';
import { type RawBuilder, sql } from 'kysely';
import { PER_MEMBER } from './declared.ts';
import { memberValue } from './perMember.ts';

/**
 * Whom a member's feeds leave out: the members blocked either way, and those the member muted (and the
 * posts they hid, whose number is the same: hidden_posts' triggers move it). The
 * lists change seldom and are read on every first page, so each node keeps them per member with the
 * number (hidden_versions) they were read at. A page asks only for that number, in the query it makes
 * anyway (queries/newestPage.ts viewerQuery): when it moved on any node, the lists are read again.
 * Mastodon keeps the same lists per account, dropped when they change. Who is suspended or unconfirmed
 * is not here: the kept posts leave those out for everyone.
 */
export interface HiddenMembers {
  /** Blocked either way, and muted: left out of the member's feeds. */
  inFeed: ReadonlySet<string>;
  /** Blocked either way: left out of a group's pages too (a mute does not reach into a group). */
  blocked: ReadonlySet<string>;
  /** Those who blocked the member: even their anonymous requests stay out (policies/prayer.ts). */
  blockedBy: ReadonlySet<string>;
  /** The posts the member hid ('Hide this request'): out of their feeds and group pages. */
  hiddenPosts: ReadonlySet<string>;
}

/**
 * The number of the viewer's lists, as a column of another query: read in the same statement as
 * anything else the page needs, and before the lists themselves, so lists read later are never older
 * than the number they are kept with. `viewerId` may be a prepared-query placeholder.
 */
export function hiddenVersionOf(viewerId: string): RawBuilder<number> {
  return hiddenMembers.numberOf(viewerId);
}

const hiddenPostsQuery = perDatabase((db) =>
  preparedQuery(db, { viewerId: '\u0000viewer' }, (v) =>
    db.selectFrom('hidden_posts').select('post_id').where('user_id', '=', v.viewerId),
  ),
);

const listsQuery = perDatabase((db) =>
  preparedQuery(db, { viewerId: '\u0000viewer' }, (v) => ({
    compile: () =>
      sql<{
        id: string;
        kind: number;
      }>`${membersHiddenInFeed(v.viewerId, { muted: true, marked: true })}`.compile(db),
  })),
);

/** The viewer's lists as of `version` (hiddenVersionOf, read first): kept, or read now. */
export const hiddenMembers = memberValue<HiddenMembers>(PER_MEMBER.hiddenMembers, async (db, viewerId) => {
  const inFeed = new Set<string>();
  const blocked = new Set<string>();
  const blockedBy = new Set<string>();
  for (const row of await listsQuery(db)({ viewerId })) {
    inFeed.add(row.id);
    const kind = Number(row.kind);
    if (kind !== 1) blocked.add(row.id);
    if (kind === 2) blockedBy.add(row.id);
  }
  const hiddenPosts = new Set((await hiddenPostsQuery(db)({ viewerId })).map((row) => row.post_id));
  return { inFeed, blocked, blockedBy, hiddenPosts };
});
