import { describe, expect, it } from 'vitest';
import { groupListPath, groupPostsPath, memberActionRequest } from './groupRequests.ts';

describe('the Groups screens’ requests', () => {
  it('send each admin action to its route', () => {
    expect(memberActionRequest('bible-study', { kind: 'approve', userId: 'u1' })).toEqual({
      method: 'POST',
      path: '/api/groups/bible-study/requests/u1',
    });
    expect(memberActionRequest('bible-study', { kind: 'decline', userId: 'u1' }).method).toBe('DELETE');
    expect(memberActionRequest('bible-study', { kind: 'makeAdmin', userId: 'u1' })).toEqual({
      method: 'PUT',
      path: '/api/groups/bible-study/members/u1',
      body: { role: 'admin' },
    });
    expect(memberActionRequest('bible-study', { kind: 'removeAdmin', userId: 'u1' }).body).toEqual({
      role: 'member',
    });
    expect(memberActionRequest('bible-study', { kind: 'remove', userId: 'u1' })).toEqual({
      method: 'DELETE',
      path: '/api/groups/bible-study/members/u1',
    });
    expect(memberActionRequest('bible-study', { kind: 'ban', userId: 'u1' })).toEqual({
      method: 'PUT',
      path: '/api/groups/bible-study/bans/u1',
    });
    expect(memberActionRequest('bible-study', { kind: 'unban', userId: 'u1' }).method).toBe('DELETE');
    expect(memberActionRequest('bible-study', { kind: 'invite', username: 'ann' })).toEqual({
      method: 'POST',
      path: '/api/groups/bible-study/invitations',
      body: { username: 'ann' },
    });
  });

  it('ask for the lists and pages with only the filters that are set', () => {
    expect(groupListPath('', null)).toBe('/api/groups');
    expect(groupListPath('  bible ', 'faith')).toBe('/api/groups?q=bible&category=faith');
    expect(groupPostsPath('g', 'all', null)).toBe('/api/groups/g/posts');
    expect(groupPostsPath('g', 'prayer', 'c1')).toBe('/api/groups/g/posts?category=prayer&before=c1');
  });
});
