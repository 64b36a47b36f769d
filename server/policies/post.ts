import type { Viewer } from '@server/auth/sessions.ts';

/** Posts are public to every signed-in member; only the author edits or deletes one. */
export function canViewPost(viewer: Viewer | null): boolean {
  return viewer !== null;
}

export function canEditPost(viewer: Viewer, post: { user_id: string }): boolean {
  return post.user_id === viewer.userId;
}

export function canDeleteComment(viewer: Viewer, comment: { user_id: string }): boolean {
  return comment.user_id === viewer.userId;
}
