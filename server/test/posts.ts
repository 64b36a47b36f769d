import type { TestClient } from './harness.ts';

/** What POST /api/posts takes; any field may be left out (content defaults to a unique line). */
export interface PostFields {
  content?: string;
  category?: 'general' | 'prayer' | 'food' | 'comedy';
  media_id?: string;
  [field: string]: unknown;
}

let made = 0;

/**
 * A post by the member behind `client`, through the real route (so counters, feeds and notifications
 * follow as in the app); fails the test at once when the route refuses it. Returns the post as the
 * API answers it.
 */
export async function makePost(client: TestClient, fields: PostFields = {}): Promise<any> {
  made += 1;
  const response = await client.post('/api/posts', { content: `Test post ${made}`, ...fields });
  if (response.status !== 201) {
    throw new Error(`makePost: POST /api/posts answered ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body;
}
