import { GROUP_INVITES_PER_DAY, GROUP_NOTIFY_ALL_BELOW } from '@common/schemas/groups.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { conflict, forbidden, notFound } from '@server/http/errors.ts';
import { canSeeMember } from '@server/policies/blocks.ts';
import {
  type GroupRow,
  groupMembersWho,
  isGroupOwner,
  isMember,
  membershipOf,
  type Where,
  whereOf,
} from '@server/policies/group.ts';
import type { Transaction } from 'kysely';
import { dropCircleSeats } from './circles.ts';
import { findAsAdmin, findAsOwner, findGroup, httpLimit, recount } from './groups.ts';
import { notify, withdrawNotifications } from './notifications.ts';
import type { After } from './run.ts';

// Membership of a group (issue 25): joining, asking, invitations, leaving, and the admins' tools over
// members (approve, decline, roles, remove, ban, hand the group on). The group itself is groups.ts.

type Trx = Transaction<DB>;
const DAY_MS = 24 * 3600 * 1000;

/** The notification setting a new membership starts with: 'all' in a small group, 'off' in a big one. */
function startingNotify(group: Pick<GroupRow, 'member_count'>): 'all' | 'off' {
  return Number(group.member_count) < GROUP_NOTIFY_ALL_BELOW ? 'all' : 'off';
}

/** Join a public group, ask to join a private one, or accept an invitation. */
export async function joinGroup(
  trx: Trx,
  after: After,
  viewer: Viewer,
  slug: string,
): Promise<Where['standing']> {
  const { group, where } = await findGroup(trx, viewer, slug);
  if (where.standing === 'member' || where.standing === 'requested') return where.standing;
  if (where.standing === 'banned') throw forbidden('group_banned');
  const now = new Date().toISOString();
  if (where.standing === 'invited' || group.privacy === 'public') {
    await trx
      .insertInto('group_members')
      .values({
        group_id: group.id,
        user_id: viewer.userId,
        standing: 'member',
        role: 'member',
        notify: startingNotify(group),
        invited_by: null,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['group_id', 'user_id'])
          .doUpdateSet({ standing: 'member', role: 'member', created_at: now }),
      )
      .execute();
    await recount(trx, group.id);
    return 'member';
  }
  if (group.privacy === 'secret') throw forbidden('group_invitation_only');
  await trx
    .insertInto('group_members')
    .values({
      group_id: group.id,
      user_id: viewer.userId,
      standing: 'requested',
      role: 'member',
      notify: 'all',
      invited_by: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
  // Its admins hear of the request; the line goes when it is answered or withdrawn.
  const admins = await groupMembersWho(trx, group.id, { runIt: true }).execute();
  for (const { user_id } of admins) {
    await notify(trx, after, {
      userId: user_id,
      fromUserId: viewer.userId,
      type: 'group_request',
      groupId: group.id,
    });
  }
  return 'requested';
}

/** The admins' 'asked to join' lines about this member go once the request is answered or withdrawn. */
async function withdrawRequest(trx: Trx, after: After, groupId: string, userId: string) {
  await withdrawNotifications(trx, after, { type: 'group_request', groupId, fromUserId: userId });
}

/** Leave, cancel a request, or decline an invitation. The owner hands the group on first. */
export async function leaveGroup(
  trx: Trx,
  after: After,
  viewer: Viewer,
  slug: string,
): Promise<'none' | 'banned'> {
  const { group, where } = await findGroup(trx, viewer, slug);
  if (where.standing === 'banned') return 'banned';
  if (isGroupOwner(where)) throw forbidden('group_owner_cannot_leave');
  await trx
    .deleteFrom('group_members')
    .where('group_id', '=', group.id)
    .where('user_id', '=', viewer.userId)
    .execute();
  await withdrawRequest(trx, after, group.id, viewer.userId);
  await recount(trx, group.id);
  await leaveGroupCircles(trx, after, group.id, viewer.userId);
  return 'none';
}

export async function setNotify(trx: Trx, viewer: Viewer, slug: string, notify: 'all' | 'off') {
  const { group, where } = await findGroup(trx, viewer, slug);
  if (!isMember(where)) throw forbidden('group_members_only');
  await trx
    .updateTable('group_members')
    .set({ notify })
    .where('group_id', '=', group.id)
    .where('user_id', '=', viewer.userId)
    .execute();
}

async function standingOfMember(trx: Trx, groupId: string, userId: string) {
  return whereOf(await membershipOf(trx, groupId, userId));
}

export async function approveRequest(trx: Trx, after: After, viewer: Viewer, slug: string, userId: string) {
  const { group } = await findAsAdmin(trx, viewer, slug);
  const them = await standingOfMember(trx, group.id, userId);
  if (them.standing !== 'requested') throw notFound('group_request_not_found');
  await trx
    .updateTable('group_members')
    .set({ standing: 'member', role: 'member', notify: startingNotify(group) })
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .execute();
  await recount(trx, group.id);
  await withdrawRequest(trx, after, group.id, userId);
  await notify(trx, after, { userId, fromUserId: viewer.userId, type: 'group_approved', groupId: group.id });
}

export async function declineRequest(trx: Trx, after: After, viewer: Viewer, slug: string, userId: string) {
  const { group } = await findAsAdmin(trx, viewer, slug);
  const deleted = await trx
    .deleteFrom('group_members')
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .where('standing', '=', 'requested')
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('group_request_not_found');
  await withdrawRequest(trx, after, group.id, userId);
}

/** Invite by username: a member who asked is let in; a banned one must be unbanned first. */
export async function inviteMember(trx: Trx, after: After, viewer: Viewer, slug: string, username: string) {
  const { group } = await findAsAdmin(trx, viewer, slug);
  const invitee = await trx
    .selectFrom('profiles')
    .select('id')
    .where('username', '=', username.replace(/^@/, '').toLowerCase())
    .executeTakeFirst();
  // A member hidden from the inviter (a block either way, suspended) is as unknown as no one.
  if (!invitee || !(await canSeeMember(trx, viewer.userId, invitee.id))) {
    throw notFound('group_invite_unknown', { username });
  }
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const sent = await trx
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('invited_by', '=', viewer.userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(sent.n) >= GROUP_INVITES_PER_DAY) throw httpLimit('group_invite_limit', GROUP_INVITES_PER_DAY);
  const them = await standingOfMember(trx, group.id, invitee.id);
  if (them.standing === 'member') throw conflict('group_already_member');
  if (them.standing === 'banned') throw conflict('group_member_banned');
  if (them.standing === 'invited') return;
  const now = new Date().toISOString();
  if (them.standing === 'requested') {
    await approveRequest(trx, after, viewer, slug, invitee.id);
    return;
  }
  await trx
    .insertInto('group_members')
    .values({
      group_id: group.id,
      user_id: invitee.id,
      standing: 'invited',
      role: 'member',
      notify: 'all',
      invited_by: viewer.userId,
      created_at: now,
    })
    .execute();
  await notify(trx, after, {
    userId: invitee.id,
    fromUserId: viewer.userId,
    type: 'group_invite',
    groupId: group.id,
  });
}

async function targetMember(trx: Trx, group: GroupRow, userId: string) {
  const them = await standingOfMember(trx, group.id, userId);
  if (them.standing !== 'member') throw notFound('group_member_not_found');
  if (them.role === 'owner') throw forbidden('group_owner_protected');
  return them;
}

/** The owner makes a member an admin, or an admin a member again. */
export async function setRole(
  trx: Trx,
  after: After,
  viewer: Viewer,
  slug: string,
  userId: string,
  role: 'admin' | 'member',
) {
  const { group } = await findAsOwner(trx, viewer, slug);
  await targetMember(trx, group, userId);
  await trx
    .updateTable('group_members')
    .set({ role })
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .execute();
  if (role === 'admin') {
    await notify(trx, after, { userId, fromUserId: viewer.userId, type: 'group_role', groupId: group.id });
  }
}

/** Admins remove members; only the owner removes another admin. */
export async function removeMember(trx: Trx, after: After, viewer: Viewer, slug: string, userId: string) {
  const { group, where } = await findAsAdmin(trx, viewer, slug);
  const them = await targetMember(trx, group, userId);
  if (them.role === 'admin' && !isGroupOwner(where)) throw forbidden('group_owner_only');
  await trx
    .deleteFrom('group_members')
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .execute();
  await recount(trx, group.id);
  await leaveGroupCircles(trx, after, group.id, userId);
}

/**
 * A group's circles are its members' (policies/circle.ts): one who leaves, is removed or banned loses
 * their seats and requests in them at once, and their open tabs leave the circles' rooms on every node.
 */
async function leaveGroupCircles(trx: Trx, after: After, groupId: string, userId: string) {
  const circles = trx.selectFrom('faith_circles').select('id').where('group_id', '=', groupId);
  const seats = await trx
    .selectFrom('faith_circle_members')
    .select(['circle_id', 'user_id'])
    .where('user_id', '=', userId)
    .where('role', '=', 'guest')
    .where('circle_id', 'in', circles)
    .execute();
  await dropCircleSeats(trx, after, seats);
  await trx
    .deleteFrom('faith_circle_requests')
    .where('user_id', '=', userId)
    .where('circle_id', 'in', circles)
    .execute();
}

/** A ban removes the member (or their request or invitation) and keeps them from coming back. */
export async function banMember(trx: Trx, after: After, viewer: Viewer, slug: string, userId: string) {
  const { group, where } = await findAsAdmin(trx, viewer, slug);
  if (userId === viewer.userId) throw forbidden('group_owner_protected');
  const them = await standingOfMember(trx, group.id, userId);
  if (them.role === 'owner') throw forbidden('group_owner_protected');
  if (them.role === 'admin' && !isGroupOwner(where)) throw forbidden('group_owner_only');
  const exists = await trx.selectFrom('profiles').select('id').where('id', '=', userId).executeTakeFirst();
  if (!exists) throw notFound('group_member_not_found');
  const now = new Date().toISOString();
  await trx
    .insertInto('group_members')
    .values({
      group_id: group.id,
      user_id: userId,
      standing: 'banned',
      role: 'member',
      notify: 'off',
      invited_by: null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['group_id', 'user_id'])
        .doUpdateSet({ standing: 'banned', role: 'member', created_at: now }),
    )
    .execute();
  await withdrawRequest(trx, after, group.id, userId);
  await recount(trx, group.id);
  await leaveGroupCircles(trx, after, group.id, userId);
}

export async function unbanMember(trx: Trx, viewer: Viewer, slug: string, userId: string) {
  const { group } = await findAsAdmin(trx, viewer, slug);
  const deleted = await trx
    .deleteFrom('group_members')
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .where('standing', '=', 'banned')
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('group_member_not_found');
}

/** The owner hands the group to another member, and stays as an admin. */
export async function transferOwnership(trx: Trx, viewer: Viewer, slug: string, userId: string) {
  const { group } = await findAsOwner(trx, viewer, slug);
  if (userId === viewer.userId) return;
  await targetMember(trx, group, userId);
  await trx
    .updateTable('group_members')
    .set({ role: 'admin' })
    .where('group_id', '=', group.id)
    .where('user_id', '=', viewer.userId)
    .execute();
  await trx
    .updateTable('group_members')
    .set({ role: 'owner' })
    .where('group_id', '=', group.id)
    .where('user_id', '=', userId)
    .execute();
  await trx.updateTable('groups').set({ owner_id: userId }).where('id', '=', group.id).execute();
}
