import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import type { ExpressionBuilder } from 'kysely';
import { notHiddenFrom } from './blocks.ts';

/** Profiles are seen by every signed-in member; only the owner edits one. */
export function canViewProfile(viewer: Viewer | null): boolean {
  return viewer !== null;
}

export function isProfileOwner(viewer: Viewer, profile: { id: string }): boolean {
  return viewer.userId === profile.id;
}

/**
 * Followers and following lists follow `followers_visible` (spec section 6): when it is off only the
 * owner sees them. The counts stay public.
 */
export function canSeeFollowLists(
  viewer: Viewer,
  profile: { id: string; followers_visible: boolean | number },
): boolean {
  return isProfileOwner(viewer, profile) || Boolean(profile.followers_visible);
}

/** Posting on your own wall publishes at once; on anyone else's it waits for the owner. */
export function wallPostNeedsApproval(viewer: Viewer, profile: { id: string }): boolean {
  return !isProfileOwner(viewer, profile);
}

/**
 * A post waiting for approval is seen by its author and by the wall's owner, nobody else, and not
 * while the other of the two is hidden from the viewer (blocks.ts). A filter, so every query and
 * command on pending posts applies the same rule (one post or a list alike); one not seen is a 404.
 */
export function pendingPostVisibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<DB, 'pending_posts'>) =>
    eb.and([
      eb.or([
        eb('pending_posts.author_id', '=', viewer.userId),
        eb('pending_posts.profile_owner_id', '=', viewer.userId),
      ]),
      notHiddenFrom(viewer.userId, 'pending_posts.author_id'),
      notHiddenFrom(viewer.userId, 'pending_posts.profile_owner_id'),
    ]);
}

/** Only the wall's owner approves or rejects what others wrote on it. */
export function canModeratePendingPost(viewer: Viewer, pending: { profile_owner_id: string }): boolean {
  return viewer.userId === pending.profile_owner_id;
}
