import { expect } from 'vitest';
import type { GroupTestMember } from './groups.ts';

// Prayer requests (issue 27) in tests: where a member finds a request, and their bell.

/** Whether `who` finds the request on its page, in the home and prayer feeds and on its author's profile. */
export async function whereSeen(who: GroupTestMember, authorId: string, id: string) {
  const [post, home, prayer, profile] = await Promise.all([
    who.client.get(`/api/posts/${id}`),
    who.client.get('/api/posts'),
    who.client.get('/api/posts?category=prayer'),
    who.client.get(`/api/profiles/${authorId}/posts`),
  ]);
  const inList = (res: { body: { posts: Array<{ id: string }> } }) => res.body.posts.some((p) => p.id === id);
  return { post: post.status === 200, home: inList(home), prayer: inList(prayer), profile: inList(profile) };
}

export const SEEN_EVERYWHERE = { post: true, home: true, prayer: true, profile: true };
export const SEEN_NOWHERE = { post: false, home: false, prayer: false, profile: false };

export async function notificationsOf(who: GroupTestMember) {
  return (await who.client.get('/api/notifications')).body.notifications as Array<{
    type: string;
    post_id: string | null;
    from: { id: string } | null;
    message: string | null;
  }>;
}

/** A prayer request made through the API (an intercession unless `fields` say otherwise); 201 or the test fails. */
export async function askTestPrayer(who: GroupTestMember, fields: Record<string, unknown>) {
  const res = await who.client.post('/api/posts', {
    category: 'prayer',
    prayer_type: 'intercession',
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; image_url: string | null; image_feed_url: string | null };
}
