import type { Generated } from 'kysely';
import type { Timestamp } from './columnTypes.ts';

// Groups (issue 25): the rows of migrations/20261127T0000_groups.ts.

export interface GroupsTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: 'faith' | 'food' | 'comedy' | 'community';
  privacy: 'public' | 'private' | 'secret';
  owner_id: string;
  cover_media_id: string | null;
  cover_url: string | null;
  member_count: Generated<number>;
  pinned_post_id: string | null;
  created_at: Timestamp;
  last_activity_at: Timestamp;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  standing: 'requested' | 'invited' | 'member' | 'banned';
  role: 'owner' | 'admin' | 'member';
  notify: 'all' | 'off';
  invited_by: string | null;
  created_at: Timestamp;
}
