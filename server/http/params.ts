import { notFound } from './errors.ts';

const ID = /^[0-9a-zA-Z-]{1,64}$/;

/** An id from the path: anything that cannot be one of our ids is a 404 with `message`, never a query. */
export function idParam(id: string, message: string): string {
  if (!ID.test(id)) throw notFound(message);
  return id;
}

/** A member id from the path; anything that cannot be one is simply not a member. */
export const memberIdParam = (id: string) => idParam(id, 'User not found');
export const postIdParam = (id: string) => idParam(id, 'Post not found');
export const commentIdParam = (id: string) => idParam(id, 'Comment not found');
