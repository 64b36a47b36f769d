import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import { type RawBuilder, sql } from 'kysely';
import { PER_MEMBER } from './declared.ts';
import { memberValue } from './perMember.ts';

/**
 * The groups a member belongs to, for the lists that merge their groups' events in (queries/
 * upcomingPage.ts). Read on every such page and changed seldom, so each node keeps them per member with
 * the number (member_versions.groups) they were read at, as cache/hiddenMembers.ts keeps blocks and
 * mutes. Triggers move the number whenever, on any node, one of the member's memberships is written
 * or deleted, or one of their groups changes its privacy: a member removed from a group sees its events
 * no longer on the next page. The number, in the query the page makes anyway, costs a small part of
 * reading the memberships with their groups' privacy (docs/BENCH.md).
 */
export interface ViewerGroup {
  groupId: string;
  /** Private or secret: the group's events are not in the lists every member sees. */
  unlisted: boolean;
  /** Owner or admin: they manage the group's events. */
  runs: boolean;
}

/** The number of the viewer's memberships, as a column of another query (see hiddenVersionOf). */
export function groupsVersionOf(viewerId: string): RawBuilder<number> {
  return viewerGroups.numberOf(viewerId);
}

const groupsQuery = perDatabase((db) =>
  preparedQuery(db, { viewerId: '\u0000viewer' }, (v) =>
    db
      .selectFrom('group_members as vm')
      .innerJoin('groups as vg', 'vg.id', 'vm.group_id')
      .select([
        'vm.group_id',
        sql<number>`case when vm.standing = 'banned' then 1 else 0 end`.as('banned'),
        sql<number>`case when vg.privacy = 'public' then 0 else 1 end`.as('unlisted'),
        sql<number>`case when vm.role in ('owner', 'admin') then 1 else 0 end`.as('runs'),
      ])
      .where('vm.user_id', '=', v.viewerId)
      .where('vm.standing', 'in', ['member', 'banned']),
  ),
);

export interface ViewerGroups {
  /** The groups the viewer is a member of (not requested, invited or banned). */
  member: readonly ViewerGroup[];
  /** The groups that banned the viewer: a public one's events are not theirs to see (policies/event.ts). */
  bannedFrom: ReadonlySet<string>;
}

/** The viewer's groups and bans, as of `version`. */
export const viewerGroups = memberValue<ViewerGroups>(PER_MEMBER.viewerGroups, async (db, viewerId) => {
  const member: ViewerGroup[] = [];
  const bannedFrom = new Set<string>();
  for (const row of await groupsQuery(db)({ viewerId })) {
    if (Number(row.banned)) bannedFrom.add(row.group_id);
    else
      member.push({
        groupId: row.group_id,
        unlisted: Boolean(Number(row.unlisted)),
        runs: Boolean(Number(row.runs)),
      });
  }
  return { member, bannedFrom };
});
