import type { Group } from '@common/schemas/groups.ts';
import { describe, expect, it } from 'vitest';
import {
  groupTabsFor,
  isGroupAdmin,
  isGroupOwner,
  memberButtonsFor,
  standingActionFor,
} from './groupRules.ts';

const viewed = (
  privacy: Group['privacy'],
  standing: Group['viewer']['standing'],
  role: Group['viewer']['role'] = null,
): Pick<Group, 'privacy' | 'viewer'> => ({ privacy, viewer: { standing, role, notify: null } });

describe('a group page as the viewer stands', () => {
  it('shows members every tab, a public group its posts, and anything else only About', () => {
    expect(groupTabsFor(viewed('private', 'member', 'member'))).toEqual([
      'posts',
      'prayer',
      'members',
      'about',
    ]);
    expect(groupTabsFor(viewed('public', 'none'))).toEqual(['posts', 'about']);
    expect(groupTabsFor(viewed('public', 'banned'))).toEqual(['about']);
    expect(groupTabsFor(viewed('private', 'requested'))).toEqual(['about']);
    expect(groupTabsFor(viewed('secret', 'invited'))).toEqual(['about']);
  });

  it('offers join, a request, an invitation to accept, or leaving', () => {
    expect(standingActionFor(viewed('public', 'none'))).toEqual({ label: 'Join Group', action: 'join' });
    expect(standingActionFor(viewed('private', 'none'))).toEqual({
      label: 'Request to Join',
      action: 'join',
    });
    expect(standingActionFor(viewed('secret', 'none'))).toBeNull();
    expect(standingActionFor(viewed('private', 'requested'))).toEqual({
      label: 'Requested',
      action: 'leave',
    });
    expect(standingActionFor(viewed('secret', 'invited'))).toEqual({
      label: 'Accept invitation',
      action: 'join',
    });
    expect(standingActionFor(viewed('public', 'member', 'owner'))).toEqual({
      label: 'Leave Group',
      action: 'leave',
    });
    expect(standingActionFor(viewed('public', 'banned'))).toBeNull();
  });

  it('knows admins and the owner only among members', () => {
    expect(isGroupAdmin(viewed('public', 'member', 'admin'))).toBe(true);
    expect(isGroupAdmin(viewed('public', 'member', 'member'))).toBe(false);
    expect(isGroupOwner(viewed('public', 'member', 'owner'))).toBe(true);
    expect(isGroupOwner(viewed('public', 'requested', 'owner'))).toBe(false);
  });

  it('lets the owner change roles and admins remove and ban members, never the owner or themselves', () => {
    const owner = viewed('private', 'member', 'owner');
    const admin = viewed('private', 'member', 'admin');
    const member = { role: 'member' as const, userId: 'm' };
    const otherAdmin = { role: 'admin' as const, userId: 'a' };
    expect(memberButtonsFor(owner, member, 'me')).toEqual(['makeAdmin', 'makeOwner', 'remove', 'ban']);
    expect(memberButtonsFor(owner, otherAdmin, 'me')).toEqual(['removeAdmin', 'makeOwner', 'remove', 'ban']);
    expect(memberButtonsFor(admin, member, 'me')).toEqual(['remove', 'ban']);
    expect(memberButtonsFor(admin, otherAdmin, 'me')).toEqual([]);
    expect(memberButtonsFor(admin, { role: 'owner', userId: 'o' }, 'me')).toEqual([]);
    expect(memberButtonsFor(owner, { role: 'admin', userId: 'me' }, 'me')).toEqual([]);
    expect(memberButtonsFor(viewed('private', 'member', 'member'), member, 'me')).toEqual([]);
  });
});
