import type { Group, GroupRole } from '@common/schemas/groups.ts';
import { msg } from '@web/i18n/msg.ts';

export type GroupTab = 'posts' | 'prayer' | 'members' | 'about';

type Viewed = Pick<Group, 'privacy' | 'viewer'>;

/** Members, and the owner and admins among them (the server's policy: server/policies/group.ts). */
export const isGroupMember = (group: Viewed) => group.viewer.standing === 'member';
export const isGroupAdmin = (group: Viewed) =>
  isGroupMember(group) && (group.viewer.role === 'owner' || group.viewer.role === 'admin');
export const isGroupOwner = (group: Viewed) => isGroupMember(group) && group.viewer.role === 'owner';

/**
 * The tabs the viewer can open: members all four; anyone else a public group's posts and its About;
 * everyone else (a private or secret group, or a banned member) only About.
 */
export function groupTabsFor(group: Viewed): GroupTab[] {
  if (isGroupMember(group)) return ['posts', 'prayer', 'members', 'about'];
  if (group.privacy === 'public' && group.viewer.standing !== 'banned') return ['posts', 'about'];
  return ['about'];
}

/** The viewer's button in the group's header: its words (a catalogue key) and what it does. */
export interface StandingAction {
  label: string;
  action: 'join' | 'leave';
}

export function standingActionFor(group: Viewed): StandingAction | null {
  switch (group.viewer.standing) {
    case 'none':
      if (group.privacy === 'public') return { label: msg('Join Group'), action: 'join' };
      if (group.privacy === 'private') return { label: msg('Request to Join'), action: 'join' };
      return null; // a secret group is joined by invitation only
    case 'requested':
      return { label: msg('Requested'), action: 'leave' };
    case 'invited':
      return { label: msg('Accept invitation'), action: 'join' };
    case 'member':
      return { label: msg('Leave Group'), action: 'leave' };
    case 'banned':
      return null;
  }
}

export type MemberButton = 'makeAdmin' | 'removeAdmin' | 'makeOwner' | 'remove' | 'ban';

/**
 * What the viewer may do to one member: the owner changes roles and hands the group over; admins
 * remove and ban members, and only the owner does so to another admin. Nobody acts on the owner or
 * on themselves.
 */
export function memberButtonsFor(
  group: Viewed,
  member: { role: GroupRole; userId: string },
  viewerId: string | undefined,
): MemberButton[] {
  if (!isGroupAdmin(group) || member.role === 'owner' || member.userId === viewerId) return [];
  const owner = isGroupOwner(group);
  const buttons: MemberButton[] = [];
  if (owner) buttons.push(member.role === 'admin' ? 'removeAdmin' : 'makeAdmin', 'makeOwner');
  if (owner || member.role === 'member') buttons.push('remove', 'ban');
  return buttons;
}
