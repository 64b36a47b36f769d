import { expect } from 'vitest';
import type { TestClient, TestServer } from './harness.ts';
import { signedInMember } from './members.ts';

// Groups (issue 25) in tests: members as the group tests use them, a group made through the API, and
// the group roles' table (every role against a route, one status each).

export interface GroupTestMember {
  client: TestClient;
  id: string;
  username: string;
}

export async function groupTestMember(server: TestServer, name: string): Promise<GroupTestMember> {
  const { client, me } = await signedInMember(server, { name });
  return { client, id: me.id as string, username: me.profile.username as string };
}

/** A group the member creates through POST /api/groups (category Faith unless `fields` says). */
export async function createTestGroup(owner: GroupTestMember, fields: Record<string, unknown>) {
  const res = await owner.client.post('/api/groups', { category: 'faith', ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; slug: string; privacy: string };
}

/**
 * The group roles: a visitor, a member outside the group, one who asked to join, one invited, a
 * member, an admin, the owner, a banned member, and a member the admin blocked (blocks still apply
 * inside a group).
 */
export const GROUP_ROLES = [
  'visitor',
  'outsider',
  'asker',
  'invited',
  'member',
  'admin',
  'owner',
  'banned',
  'blocked',
] as const;
export type GroupRoleName = (typeof GROUP_ROLES)[number];
export type StatusByRole = Record<GroupRoleName, number>;

/** One status per role, in GROUP_ROLES' order. */
export const byRole = (statuses: number[]): StatusByRole =>
  Object.fromEntries(GROUP_ROLES.map((role, i) => [role, statuses[i]!])) as StatusByRole;
