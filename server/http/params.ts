import type { PlainErrorCode } from '@common/errors.ts';
import { notFound } from './errors.ts';

const ID = /^[0-9a-zA-Z-]{1,64}$/;

/** An id from the path: anything that cannot be one of our ids is a 404 with `code`, never a query. */
export function idParam(id: string, code: PlainErrorCode): string {
  if (!ID.test(id)) throw notFound(code);
  return id;
}

/** A member id from the path; anything that cannot be one is simply not a member. */
export const memberIdParam = (id: string) => idParam(id, 'user_not_found');
export const postIdParam = (id: string) => idParam(id, 'post_not_found');
export const commentIdParam = (id: string) => idParam(id, 'comment_not_found');

/** A group's address from the path (GROUP_SLUG_PATTERN's characters): anything else is no group. */
export function groupSlugParam(slug: string): string {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw notFound('group_not_found');
  return slug;
}
