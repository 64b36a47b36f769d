import type { Viewer } from '@server/auth/sessions.ts';

type PostOwners = { user_id: string; profile_owner_id: string | null };

/**
 * Posts are public to every signed-in member. Only the author edits one, and not once it stands on
 * another member's wall (the owner approved those words); the author or the wall's owner deletes one.
 */
export function canViewPost(viewer: Viewer | null): boolean {
  return viewer !== null;
}

/** A post its author wrote on another member's wall: it got there only by the owner's approval. */
export function isOnAnotherMembersWall(post: PostOwners): boolean {
  return post.profile_owner_id !== null && post.profile_owner_id !== post.user_id;
}

export function canEditPost(viewer: Viewer, post: PostOwners): boolean {
  return post.user_id === viewer.userId && !isOnAnotherMembersWall(post);
}

export function canDeletePost(viewer: Viewer, post: PostOwners): boolean {
  return post.user_id === viewer.userId || post.profile_owner_id === viewer.userId;
}

export function canDeleteComment(viewer: Viewer, comment: { user_id: string }): boolean {
  return comment.user_id === viewer.userId;
}
