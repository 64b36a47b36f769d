import {
  type CreateGroupInput,
  GROUP_SLUG_MAX,
  GROUPS_PER_DAY,
  type UpdateGroupInput,
} from '@common/schemas/groups.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { isUniqueViolation } from '@server/db/errors.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, forbidden, httpError, notFound } from '@server/http/errors.ts';
import { claimMedia } from '@server/media/mediaObjects.ts';
import type { MediaUrls } from '@server/media/storage.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import {
  type GroupRow,
  groupMembersWho,
  groupsOfMember,
  isGroupAdmin,
  isGroupOwner,
  isMember,
  mayFind,
  memberCountOf,
  membershipOf,
  whereOf,
} from '@server/policies/group.ts';
import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { notifyMany } from './notifications.ts';
import type { After } from './run.ts';
import { releaseUploads } from './uploads.ts';

// A group itself (issue 25): finding it for a viewer, creating, editing, deleting, pinning, its posts'
// notices, and handing groups on when an account goes. Membership and the admins' tools over members
// are groupMembers.ts.

type Trx = Transaction<DB>;
const DAY_MS = 24 * 3600 * 1000;

/** A group's address made from its name: 'Grace Church — Youth!' → 'grace-church-youth'. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, GROUP_SLUG_MAX)
    .replace(/-+$/g, '');
  // A name of other scripts or symbols only still gets an address.
  return slug.length >= 3 ? slug : `group-${slug || uuidv7().slice(-8)}`.replace(/-+$/g, '');
}

/** The group and where the viewer stands in it; a group they may not find answers as missing (404). */
export async function findGroup(trx: Trx, viewer: Viewer, slug: string) {
  const group = await trx.selectFrom('groups').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!group) throw notFound('group_not_found');
  const where = whereOf(await membershipOf(trx, group.id, viewer.userId));
  if (!mayFind(group, where)) throw notFound('group_not_found');
  return { group, where };
}

export async function findAsAdmin(trx: Trx, viewer: Viewer, slug: string) {
  const found = await findGroup(trx, viewer, slug);
  if (!isGroupAdmin(found.where)) {
    throw isMember(found.where) ? forbidden('group_admins_only') : forbidden('group_members_only');
  }
  return found;
}

export async function findAsOwner(trx: Trx, viewer: Viewer, slug: string) {
  const found = await findGroup(trx, viewer, slug);
  if (!isGroupOwner(found.where)) {
    throw isMember(found.where) ? forbidden('group_owner_only') : forbidden('group_members_only');
  }
  return found;
}

/** For createPost and createCircle: the group a post or circle is in, when the member is in it. */
export async function groupToPostIn(trx: Trx, userId: string, groupId: string): Promise<string> {
  const group = await trx
    .selectFrom('groups')
    .select(['id', 'privacy'])
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound('group_not_found');
  const where = whereOf(await membershipOf(trx, group.id, userId));
  if (!mayFind(group, where)) throw notFound('group_not_found');
  if (!isMember(where)) throw forbidden('group_members_only');
  return group.id;
}

export async function recount(trx: Trx, groupId: string): Promise<void> {
  await trx
    .updateTable('groups')
    .set({
      member_count: memberCountOf(groupId),
    })
    .where('id', '=', groupId)
    .execute();
}

export async function createGroup(
  trx: Trx,
  viewer: Viewer,
  input: CreateGroupInput & { category: GroupRow['category']; privacy: GroupRow['privacy'] },
  urls: MediaUrls,
): Promise<string> {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const made = await trx
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', viewer.userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(made.n) >= GROUPS_PER_DAY) throw httpLimit('group_create_limit', GROUPS_PER_DAY);
  const slug = await freeSlugFor(trx, viewer, slugFromName(input.name));
  const cover = input.cover_media_id
    ? await claimMedia(trx, { mediaId: input.cover_media_id, userId: viewer.userId }, urls)
    : null;
  if (cover && cover.kind !== 'photo') throw badRequest('group_cover_not_photo');
  const id = uuidv7();
  const now = new Date().toISOString();
  await trx
    .insertInto('groups')
    .values({
      id,
      slug,
      name: input.name,
      description: input.description ?? '',
      category: input.category,
      privacy: input.privacy,
      owner_id: viewer.userId,
      cover_media_id: cover?.id ?? null,
      cover_url: cover ? (cover.feed_url ?? cover.url) : null,
      member_count: 1,
      pinned_post_id: null,
      created_at: now,
      last_activity_at: now,
    })
    .execute();
  await trx
    .insertInto('group_members')
    .values({
      group_id: id,
      user_id: viewer.userId,
      standing: 'member',
      role: 'owner',
      notify: 'all',
      invited_by: null,
      created_at: now,
    })
    .execute();
  return slug;
}

/** A daily limit: 429, with a wait of one day at most (the oldest of the day's rows ages out sooner). */
export function httpLimit(code: 'group_create_limit' | 'group_invite_limit', max: number) {
  return httpError(429, code, { max });
}

/**
 * The address a new group gets from its name: the name's own, or 409 when a group the creator can find
 * has it. A group they may not find (a secret one) must not tell them it exists, so the new group is
 * given the address with a short random suffix, as answers for a free name: 201 and a group of theirs.
 */
async function freeSlugFor(trx: Trx, viewer: Viewer, slug: string): Promise<string> {
  for (let candidate = slug, tries = 0; ; tries += 1) {
    const holder = await trx
      .selectFrom('groups')
      .select(['id', 'privacy'])
      .where('slug', '=', candidate)
      .executeTakeFirst();
    if (!holder) return candidate;
    if (tries === 0 && mayFind(holder, whereOf(await membershipOf(trx, holder.id, viewer.userId)))) {
      throw conflict('group_name_taken');
    }
    if (tries >= 5) throw conflict('group_name_taken');
    const suffix = uuidv7().slice(-6);
    candidate = `${slug.slice(0, GROUP_SLUG_MAX - suffix.length - 1).replace(/-+$/g, '')}-${suffix}`;
  }
}

async function refuseTakenSlug(trx: Trx, slug: string, exceptId?: string) {
  let query = trx.selectFrom('groups').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict('group_name_taken');
}

export async function updateGroup(trx: Trx, viewer: Viewer, slug: string, input: UpdateGroupInput) {
  const { group, where } = await findAsAdmin(trx, viewer, slug);
  if (input.slug !== undefined && input.slug !== group.slug && !isGroupOwner(where)) {
    throw forbidden('group_owner_only');
  }
  const next = input.slug ?? group.slug;
  if (next !== group.slug) await refuseTakenSlug(trx, next, group.id);
  try {
    await trx
      .updateTable('groups')
      .set({
        name: input.name ?? group.name,
        description: input.description ?? group.description,
        category: input.category ?? group.category,
        privacy: input.privacy ?? group.privacy,
        slug: next,
      })
      .where('id', '=', group.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('group_name_taken');
    throw error;
  }
  return next;
}

/**
 * Deletes the group with its posts, memberships and pinned post in one transaction (the rows by
 * cascade); the uploads of its posts and its cover are released after the commit. The owner does, or a
 * site admin (the admin console, with its audit line).
 */
export async function deleteGroup(trx: Trx, after: After, groupId: string): Promise<void> {
  const group = await trx
    .selectFrom('groups')
    .select(['id', 'cover_media_id'])
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound('group_not_found');
  const media = await trx
    .selectFrom('posts')
    .select('media_id')
    .where('group_id', '=', groupId)
    .where('media_id', 'is not', null)
    .execute();
  await trx
    .deleteFrom('notifications')
    .where('post_id', 'in', (eb) => eb.selectFrom('posts').select('id').where('group_id', '=', groupId))
    .execute();
  await trx.deleteFrom('posts').where('group_id', '=', groupId).execute();
  await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  await trx.deleteFrom('groups').where('id', '=', groupId).execute();
  await releaseUploads(trx, after, [...media.map((m) => m.media_id), group.cover_media_id]);
}

export async function deleteOwnGroup(trx: Trx, after: After, viewer: Viewer, slug: string) {
  const { group } = await findAsOwner(trx, viewer, slug);
  await deleteGroup(trx, after, group.id);
}

export async function pinPost(trx: Trx, viewer: Viewer, slug: string, postId: string | null) {
  const { group } = await findAsAdmin(trx, viewer, slug);
  if (postId !== null) {
    const post = await trx
      .selectFrom('posts')
      .select('id')
      .where('id', '=', postId)
      .where('group_id', '=', group.id)
      .executeTakeFirst();
    if (!post) throw notFound('group_post_not_in_group');
  }
  await trx.updateTable('groups').set({ pinned_post_id: postId }).where('id', '=', group.id).execute();
}

/**
 * For deleteAccount, before the member's row goes: each group they own passes to its longest-standing
 * admin, else its longest-standing member; a group with nobody else goes with them. Their covers
 * (uploads of theirs, released with the account) leave the groups. Returns the groups they were in,
 * whose member counts the caller recounts once their memberships have cascaded away.
 */
export async function handOnGroups(trx: Trx, after: After, userId: string): Promise<string[]> {
  const owned = await trx.selectFrom('groups').select('id').where('owner_id', '=', userId).execute();
  for (const { id } of owned) {
    const next = await groupMembersWho(trx, id, { except: userId })
      .orderBy(sql`case when role = 'admin' then 0 else 1 end`)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!next) {
      await deleteGroup(trx, after, id);
      continue;
    }
    await trx
      .updateTable('group_members')
      .set({ role: 'owner' })
      .where('group_id', '=', id)
      .where('user_id', '=', next.user_id)
      .execute();
    await trx.updateTable('groups').set({ owner_id: next.user_id }).where('id', '=', id).execute();
  }
  await trx
    .updateTable('groups')
    .set({ cover_media_id: null, cover_url: null })
    .where('cover_media_id', 'in', (eb) =>
      eb.selectFrom('media_objects').select('id').where('user_id', '=', userId),
    )
    .execute();
  const joined = await groupsOfMember(trx, userId).execute();
  return joined.map((row) => row.group_id);
}

/** Recounts the members of groups after memberships went by cascade (an account deleted). */
export async function recountGroups(trx: Trx, groupIds: string[]): Promise<void> {
  for (const id of groupIds) await recount(trx, id);
}

/**
 * A new post in a group: one 'group_post' line for each member whose setting is 'All posts' (not its
 * author, nobody blocked either way with them).
 */
export async function notifyGroupPost(
  trx: Trx,
  after: After,
  { authorId, anonymous }: { authorId: string; anonymous: boolean },
  groupId: string,
  postId: string,
) {
  const rows = await groupMembersWho(trx, groupId, { notify: true, except: authorId })
    .where(notHiddenFrom(authorId, 'group_members.user_id'))
    .execute();
  await notifyMany(
    trx,
    after,
    rows.map((r) => r.user_id),
    // An anonymous request's line names nobody ('A member').
    { fromUserId: anonymous ? null : authorId, type: 'group_post', postId, groupId },
  );
}

/**
 * Tells the open tabs of the group's members (not its author, nobody hidden from them) that a post
 * was written in it: the group page counts them in its '{n} new posts' pill.
 */
export async function announceGroupPost(
  trx: Trx,
  after: After,
  post: { authorId: string; groupId: string; postId: string; prayer: boolean },
) {
  const members = await groupMembersWho(trx, post.groupId, { except: post.authorId })
    .where(notHiddenFrom(post.authorId, 'group_members.user_id'))
    .execute();
  if (members.length === 0) return;
  after.emitToUser(
    members.map((m) => m.user_id),
    'group:post',
    { group_id: post.groupId, post_id: post.postId, prayer: post.prayer },
  );
}
