/**
 * The requests behind the Groups screens' buttons, as plain data (web/queries/groups.ts sends them):
 * every admin action on a member answers the group's member lists (GroupMembers).
 */
export const groupPath = (slug: string, rest = '') => `/api/groups/${encodeURIComponent(slug)}${rest}`;

export type MemberAction =
  | { kind: 'approve' | 'decline' | 'makeAdmin' | 'removeAdmin' | 'remove' | 'ban' | 'unban'; userId: string }
  | { kind: 'invite'; username: string };

export interface GroupRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export function memberActionRequest(slug: string, action: MemberAction): GroupRequest {
  if (action.kind === 'invite') {
    return { method: 'POST', path: groupPath(slug, '/invitations'), body: { username: action.username } };
  }
  const id = encodeURIComponent(action.userId);
  switch (action.kind) {
    case 'approve':
      return { method: 'POST', path: groupPath(slug, `/requests/${id}`) };
    case 'decline':
      return { method: 'DELETE', path: groupPath(slug, `/requests/${id}`) };
    case 'makeAdmin':
      return { method: 'PUT', path: groupPath(slug, `/members/${id}`), body: { role: 'admin' } };
    case 'removeAdmin':
      return { method: 'PUT', path: groupPath(slug, `/members/${id}`), body: { role: 'member' } };
    case 'remove':
      return { method: 'DELETE', path: groupPath(slug, `/members/${id}`) };
    case 'ban':
      return { method: 'PUT', path: groupPath(slug, `/bans/${id}`) };
    case 'unban':
      return { method: 'DELETE', path: groupPath(slug, `/bans/${id}`) };
  }
}

/** The list's query string: the search (trimmed) and the category, each only when set. */
export function groupListPath(q: string, category: string | null): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (category) params.set('category', category);
  const query = params.toString();
  return query ? `/api/groups?${query}` : '/api/groups';
}

/** A page of a group's posts, or of its prayer requests, older than `before`. */
export function groupPostsPath(slug: string, kind: 'all' | 'prayer', before: string | null): string {
  const params = new URLSearchParams();
  if (kind === 'prayer') params.set('category', 'prayer');
  if (before) params.set('before', before);
  const query = params.toString();
  return groupPath(slug, query ? `/posts?${query}` : '/posts');
}
