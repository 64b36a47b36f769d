import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('wall posts and approvals (%s)', (dialect) => {
  let server: TestServer;
  let owner: TestClient;
  let author: TestClient;
  let third: TestClient;
  let ownerId: string;
  let authorId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    const o = await signedInMember(server, { name: 'Olive Owner' });
    const a = await signedInMember(server, { name: 'Arthur Author' });
    owner = o.client;
    author = a.client;
    third = (await signedInMember(server, { name: 'Theo Third' })).client;
    ownerId = o.me.id;
    authorId = a.me.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const count = async (table: 'posts' | 'pending_posts') =>
    (await db().selectFrom(table).select('id').execute()).length;
  const submit = async (content: string) => {
    const res = await author.post(`/api/profiles/${ownerId}/wall`, { content });
    expect(res.status).toBe(201);
    return res.body.pending_post.id as string;
  };
  const wall = async () =>
    (await third.get(`/api/profiles/${ownerId}/posts`)).body.posts.map((p: { id: string }) => p.id);

  it('publishes a post on your own wall at once', async () => {
    const res = await owner.post(`/api/profiles/${ownerId}/wall`, { content: '  My own wall  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'published',
      post: { content: 'My own wall', category: 'general', author: { id: ownerId } },
    });
    const row = await db()
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', res.body.post.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ user_id: ownerId, profile_owner_id: ownerId });
    expect((await wall())[0]).toBe(res.body.post.id);
    expect((await third.get('/api/posts')).body.posts[0].id).toBe(res.body.post.id);
  });

  it('keeps a post on another member’s wall pending and tells the owner', async () => {
    const posts = await count('posts');
    const res = await author.post(`/api/profiles/${ownerId}/wall`, { content: 'Happy birthday!' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      pending_post: {
        profile_owner_id: ownerId,
        content: 'Happy birthday!',
        media_type: 'none',
        author: { id: authorId, full_name: 'Arthur Author' },
      },
    });
    expect(await count('posts')).toBe(posts);
    expect(await wall()).not.toContain(res.body.pending_post.id);
    const notes = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', ownerId)
      .where('type', '=', 'wall_post')
      .execute();
    expect(notes).toEqual([
      expect.objectContaining({
        from_user_id: authorId,
        message: 'Arthur Author wants to post on your wall',
      }),
    ]);
  });

  it('lets only the author and the owner see a pending post', async () => {
    const id = await submit('Only for Olive');
    const listed = (await owner.get('/api/profiles/me/pending')).body.pending_posts;
    expect(listed[0]).toMatchObject({ id, author: { id: authorId } });
    expect((await owner.get(`/api/pending-posts/${id}`)).status).toBe(200);
    expect((await author.get(`/api/pending-posts/${id}`)).status).toBe(200);
    const mine = (await author.get(`/api/profiles/${ownerId}/pending`)).body.pending_posts;
    expect(mine.map((p: { id: string }) => p.id)).toContain(id);

    const hidden = await third.get(`/api/pending-posts/${id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('This post is no longer waiting for approval.');
    expect((await third.get(`/api/profiles/${ownerId}/pending`)).body.pending_posts).toEqual([]);
    expect((await third.get('/api/profiles/me/pending')).body.pending_posts).toEqual([]);
    expect((await author.get('/api/profiles/me/pending')).body.pending_posts).toEqual([]);
  });

  it('refuses approval or rejection by anyone but the owner', async () => {
    const id = await submit('Approve me yourself');
    for (const action of ['approve', 'reject']) {
      // Its author is told why; anyone else does not learn that it exists.
      const byAuthor = await author.post(`/api/pending-posts/${id}/${action}`);
      expect(byAuthor.status).toBe(403);
      expect(byAuthor.body.error.message).toBe(
        'Only the owner of this profile can approve or reject posts on it.',
      );
      const byThird = await third.post(`/api/pending-posts/${id}/${action}`);
      expect(byThird.status).toBe(404);
    }
    expect((await owner.get(`/api/pending-posts/${id}`)).status).toBe(200);
    expect(await wall()).not.toContain(id);
  });

  it('publishes an approved post as a general post by its author on the owner’s wall', async () => {
    const id = await submit('Approve this one');
    const pendingBefore = await count('pending_posts');
    const res = await owner.post(`/api/pending-posts/${id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      content: 'Approve this one',
      category: 'general',
      author: { id: authorId },
    });
    const row = await db()
      .selectFrom('posts')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: authorId, profile_owner_id: ownerId, category: 'general' });
    expect(await count('pending_posts')).toBe(pendingBefore - 1);
    expect((await wall())[0]).toBe(res.body.id);
    expect((await author.get(`/api/pending-posts/${id}`)).status).toBe(404);

    const again = await owner.post(`/api/pending-posts/${id}/approve`);
    expect(again.status).toBe(404);
  });

  it('makes exactly one post when the owner approves twice at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const content = `Double click ${round}`;
      const id = await submit(content);
      const posts = await count('posts');
      const answers = await Promise.all([
        owner.post(`/api/pending-posts/${id}/approve`),
        owner.post(`/api/pending-posts/${id}/approve`),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
      expect(await count('posts')).toBe(posts + 1);
      const published = await db().selectFrom('posts').select('id').where('content', '=', content).execute();
      expect(published).toEqual([{ id }]);
    }
  });

  it('deletes a rejected post with its upload', async () => {
    const photo = await uploadPhoto(server, author);
    const res = await author.post(`/api/profiles/${ownerId}/wall`, { media_id: photo.id });
    expect(res.body.pending_post).toMatchObject({ content: '.', media_type: 'photo', image_url: photo.url });
    const id = res.body.pending_post.id;
    // The upload waits on the wall: it cannot wait on a second wall post meanwhile.
    const reusedOnWall = await author.post(`/api/profiles/${ownerId}/wall`, { media_id: photo.id });
    expect(reusedOnWall.body.error.message).toBe(
      'That upload is already part of a post. Please upload it again.',
    );

    const posts = await count('posts');
    expect((await owner.post(`/api/pending-posts/${id}/reject`)).status).toBe(204);
    expect((await owner.get(`/api/pending-posts/${id}`)).status).toBe(404);
    expect(await count('posts')).toBe(posts);
    const media = await db()
      .selectFrom('media_objects')
      .select('id')
      .where('id', '=', photo.id)
      .executeTakeFirst();
    expect(media).toBeUndefined();
    const file = path.join(server.dataDir, 'media', ...photo.url.replace('/media/', '').split('/'));
    expect(existsSync(file)).toBe(false);
    expect((await owner.post(`/api/pending-posts/${id}/reject`)).status).toBe(404);
  });

  it('keeps the photo of an approved post on the wall’s Photos tab', async () => {
    const photo = await uploadPhoto(server, author);
    const id = (await author.post(`/api/profiles/${ownerId}/wall`, { content: 'Look', media_id: photo.id }))
      .body.pending_post.id;
    await owner.post(`/api/pending-posts/${id}/approve`);
    const photos = (await third.get(`/api/profiles/${ownerId}/posts?media=photo`)).body.posts;
    expect(photos.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(photos[0].image_url).toBe(photo.url);
  });

  it('refuses to let the author rewrite an approved post, and still lets them delete it', async () => {
    const id = await submit('Happy birthday, Olive!');
    expect((await owner.post(`/api/pending-posts/${id}/approve`)).status).toBe(200);
    const edit = await author.request('PATCH', `/api/posts/${id}`, { content: 'Buy my crypto' });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toEqual({
      code: 'approved_wall_post',
      message: 'A post on another member’s wall cannot be edited once it is approved.',
    });
    const row = await db().selectFrom('posts').select('content').where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ content: 'Happy birthday, Olive!' });
    // The owner cannot put words in the author's mouth either.
    expect((await owner.request('PATCH', `/api/posts/${id}`, { content: 'Edited by Olive' })).status).toBe(
      403,
    );
    // What the owner writes on their own wall stays theirs to edit.
    const own = (await owner.post(`/api/profiles/${ownerId}/wall`, { content: 'Mine' })).body.post.id;
    expect((await owner.request('PATCH', `/api/posts/${own}`, { content: 'Mine, edited' })).status).toBe(200);
    // The posts say which is which, so the app offers Edit only where it is allowed.
    expect((await author.get(`/api/posts/${id}`)).body.wall_owner_id).toBe(ownerId);
    expect((await author.get(`/api/posts/${own}`)).body.wall_owner_id).toBeNull();

    expect((await author.request('DELETE', `/api/posts/${id}`)).status).toBe(204);
    expect(await wall()).not.toContain(id);
  });

  it('lets the wall’s owner remove an approved post from their wall, and nobody else', async () => {
    const photo = await uploadPhoto(server, author);
    const id = (await author.post(`/api/profiles/${ownerId}/wall`, { content: 'Spam', media_id: photo.id }))
      .body.pending_post.id;
    expect((await owner.post(`/api/pending-posts/${id}/approve`)).status).toBe(200);

    const byThird = await third.request('DELETE', `/api/posts/${id}`);
    expect(byThird.status).toBe(403);
    expect(byThird.body.error.message).toBe('Only the author can delete this post.');
    expect(await wall()).toContain(id);

    expect((await owner.request('DELETE', `/api/posts/${id}`)).status).toBe(204);
    expect(await wall()).not.toContain(id);
    expect(
      await db().selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    const media = await db().selectFrom('media_objects').select('id').where('id', '=', photo.id).execute();
    expect(media).toEqual([]);
    expect((await owner.request('DELETE', `/api/posts/${id}`)).status).toBe(404);
  });

  it.each([
    [{}, 'Write something or add a photo or video.'],
    [{ content: '   ' }, 'Write something or add a photo or video.'],
    [{ content: 'x'.repeat(5001) }, 'The post must be at most 5000 characters.'],
    [{ content: 'x', category: 'prayer' }, 'Unknown field: category.'],
    [{ content: 'x', profile_owner_id: 'me' }, 'Unknown field: profile_owner_id.'],
    [{ media_id: 'not-an-upload' }, 'That upload was not found. Please upload the file again.'],
  ])('refuses the wall post %o and writes nothing', async (body, message) => {
    const [posts, pending] = [await count('posts'), await count('pending_posts')];
    const res = await author.post(`/api/profiles/${ownerId}/wall`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect([await count('posts'), await count('pending_posts')]).toEqual([posts, pending]);
  });

  it('answers 404 for a wall or pending post that does not exist, and 401 to visitors', async () => {
    const res = await author.post('/api/profiles/no-such-member/wall', { content: 'Hello?' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('User not found');
    expect((await owner.post('/api/pending-posts/no-such-post/approve')).status).toBe(404);
    expect((await owner.post('/api/pending-posts/bad%20id/reject')).status).toBe(404);

    const visitor = new TestClient(server.baseUrl);
    const id = await submit('Visitors keep out');
    for (const [method, url] of [
      ['POST', `/api/profiles/${ownerId}/wall`],
      ['GET', '/api/profiles/me/pending'],
      ['GET', `/api/pending-posts/${id}`],
      ['POST', `/api/pending-posts/${id}/approve`],
      ['POST', `/api/pending-posts/${id}/reject`],
    ] as const) {
      expect(
        (await visitor.request(method, url, method === 'POST' ? { content: 'x' } : undefined)).status,
      ).toBe(401);
    }
  });
});
