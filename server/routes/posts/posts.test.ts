import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('posts and feeds (%s)', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    const a = await signedInMember(server, { name: 'Alice Author' });
    const b = await signedInMember(server, { name: 'Bob Reader' });
    alice = a.client;
    bob = b.client;
    aliceId = a.me.id;
    bobId = b.me.id;
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const postCount = async () => (await db().selectFrom('posts').select('id').execute()).length;
  const notificationsFor = (userId: string) =>
    db().selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();

  it('creates a text post that heads the home feed with its author', async () => {
    const res = await alice.post('/api/posts', { content: '  Hello, Splikz!  ', feeling: 'grateful' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: 'Hello, Splikz!',
      category: 'general',
      feeling: 'grateful',
      media_type: 'none',
      like_count: 0,
      liked_by_me: false,
      author: { id: aliceId, full_name: 'Alice Author' },
    });
    const feed = await bob.get('/api/posts');
    expect(feed.status).toBe(200);
    expect(feed.body.posts[0].id).toBe(res.body.id);
  });

  it.each([
    [{ content: '   ' }, 'Write something or add a photo or video.'],
    [{}, 'Write something or add a photo or video.'],
    [{ content: 'x', category: 'news' }, 'Choose a category: general, prayer, food or comedy.'],
    [{ content: 'x', feeling: 'angry' }, 'Choose a feeling from the list'],
    [{ content: 'x', prayer_type: 'praise' }, 'A prayer type is only for prayer posts.'],
    [
      { content: 'x', category: 'prayer', recipe: 'Mix' },
      'A food category and recipe are only for food posts.',
    ],
    [{ content: 'x', category: 'prayer', prayer_type: 'wishing' }, 'Choose a prayer type'],
    [{ content: 'x', location_lat: 10 }, 'Send both location_lat and location_lng, or neither.'],
    [{ content: 'x', location_lat: 100, location_lng: 0 }, ''],
    [{ content: 'x'.repeat(5001) }, 'The post must be at most 5000 characters.'],
    [{ content: 'x', user_id: 'someone-else' }, 'Unknown field: user_id.'],
    [{ content: 'x', like_count: 99 }, 'Unknown field: like_count.'],
    [{ content: 42 }, 'The post must be text.'],
    [{ content: 'x', media_id: 'not-an-upload' }, 'That upload was not found. Please upload the file again.'],
  ])('refuses %o with a clear message and writes nothing', async (body, message) => {
    const before = await postCount();
    const res = await alice.post('/api/posts', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await postCount()).toBe(before);
  });

  it('keeps prayer, food and comedy posts in their own feeds with their details', async () => {
    const prayer = await alice.post('/api/posts', {
      content: 'Pray for my exam',
      category: 'prayer',
      prayer_type: 'petition',
    });
    const food = await bob.post('/api/posts', {
      content: 'Sunday pancakes',
      category: 'food',
      food_category: 'breakfast',
      recipe: 'Flour, milk, eggs.',
      location_name: 'Home kitchen',
      location_lat: 51.5,
      location_lng: -0.12,
    });
    const comedy = await bob.post('/api/posts', {
      content: 'Why did the bread pray? It kneaded it.',
      category: 'comedy',
    });
    expect(food.body).toMatchObject({
      food_category: 'breakfast',
      recipe: 'Flour, milk, eggs.',
      location_lat: 51.5,
    });

    const ids = async (category: string) =>
      (await alice.get(`/api/posts?category=${category}`)).body.posts.map((p: { id: string }) => p.id);
    expect(await ids('prayer')).toEqual([prayer.body.id]);
    expect(await ids('food')).toEqual([food.body.id]);
    expect(await ids('comedy')).toEqual([comedy.body.id]);
    const home = (await alice.get('/api/posts')).body.posts.map((p: { id: string }) => p.id);
    expect(home.slice(0, 3)).toEqual([comedy.body.id, food.body.id, prayer.body.id]);
  });

  it('pages through the feed with a cursor, without gaps or repeats', async () => {
    const poster = (await signedInMember(server)).client;
    for (let i = 0; i < 25; i += 1)
      await poster.post('/api/posts', { content: `post ${i}`, category: 'comedy' });
    const first = await poster.get('/api/posts?category=comedy&limit=20');
    expect(first.body.posts).toHaveLength(20);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await poster.get(`/api/posts?category=comedy&limit=20&before=${first.body.next_cursor}`);
    const all = [...first.body.posts, ...second.body.posts].map((p: { id: string }) => p.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(26);
    expect(second.body.next_cursor).toBeNull();

    expect((await poster.get('/api/posts?before=garbage')).status).toBe(400);
    expect((await poster.get('/api/posts?limit=51')).body.error.message).toBe('limit must be at most 50.');
    expect((await poster.get('/api/posts?category=news')).status).toBe(400);
  });

  it('lets only the author edit or delete a post', async () => {
    const post = (await alice.post('/api/posts', { content: 'Original text' })).body;
    const notMine = await bob.request('PATCH', `/api/posts/${post.id}`, { content: 'Hacked' });
    expect(notMine.status).toBe(403);
    expect((await bob.request('DELETE', `/api/posts/${post.id}`)).status).toBe(403);
    expect((await alice.get(`/api/posts/${post.id}`)).body.content).toBe('Original text');

    const empty = await alice.request('PATCH', `/api/posts/${post.id}`, { content: '  ' });
    expect(empty.body.error.message).toBe('The post text cannot be empty.');
    const edited = await alice.request('PATCH', `/api/posts/${post.id}`, { content: 'Edited text' });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('Edited text');

    expect((await alice.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    const gone = await alice.get(`/api/posts/${post.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Post not found');
  });

  it('counts a like once, tells the author once, and undoes it on unlike', async () => {
    const post = (await alice.post('/api/posts', { content: 'Like me' })).body;
    const before = (await notificationsFor(aliceId)).length;
    await bob.request('PUT', `/api/posts/${post.id}/like`);
    const twice = await bob.request('PUT', `/api/posts/${post.id}/like`);
    expect(twice.body).toEqual({ like_count: 1, liked_by_me: true });
    const likes = (await notificationsFor(aliceId)).filter((n) => n.post_id === post.id && n.type === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]!.from_user_id).toBe(bobId);
    expect((await notificationsFor(aliceId)).length).toBe(before + 1);
    expect((await bob.get(`/api/posts/${post.id}`)).body.liked_by_me).toBe(true);
    expect((await alice.get(`/api/posts/${post.id}`)).body.liked_by_me).toBe(false);

    const undone = await bob.request('DELETE', `/api/posts/${post.id}/like`);
    expect(undone.body).toEqual({ like_count: 0, liked_by_me: false });
    expect((await bob.request('DELETE', `/api/posts/${post.id}/like`)).body.like_count).toBe(0);

    await alice.request('PUT', `/api/posts/${post.id}/like`);
    expect((await notificationsFor(aliceId)).filter((n) => n.post_id === post.id)).toHaveLength(0);
    expect((await bob.request('PUT', '/api/posts/no-such-post/like')).status).toBe(404);
  });

  it('lists comments oldest first and lets members delete only their own', async () => {
    const post = (await alice.post('/api/posts', { content: 'Talk to me' })).body;
    expect((await bob.post(`/api/posts/${post.id}/comments`, { content: '   ' })).body.error.message).toBe(
      'Write a comment first.',
    );
    const first = await bob.post(`/api/posts/${post.id}/comments`, { content: ' First! ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ content: 'First!', author: { id: bobId } });
    await alice.post(`/api/posts/${post.id}/comments`, { content: 'Thanks' });
    const list = await alice.get(`/api/posts/${post.id}/comments`);
    expect(list.body.comments.map((c: { content: string }) => c.content)).toEqual(['First!', 'Thanks']);
    expect((await alice.get(`/api/posts/${post.id}`)).body.comment_count).toBe(2);
    const comments = (await notificationsFor(aliceId)).filter((n) => n.post_id === post.id);
    expect(comments.map((n) => n.type)).toEqual(['comment']);

    expect((await alice.request('DELETE', `/api/comments/${first.body.id}`)).status).toBe(403);
    expect((await bob.request('DELETE', `/api/comments/${first.body.id}`)).status).toBe(204);
    expect((await alice.get(`/api/posts/${post.id}`)).body.comment_count).toBe(1);
  });

  it('lowers the comment count by one when the same comment is deleted twice at once', async () => {
    const { client: carl } = await signedInMember(server, { name: 'Carl Clicker' });
    const post = (await alice.post('/api/posts', { content: 'Double delete' })).body;
    await alice.post(`/api/posts/${post.id}/comments`, { content: 'Stays' });
    for (let round = 0; round < 5; round += 1) {
      const comment = (await carl.post(`/api/posts/${post.id}/comments`, { content: `Oops ${round}` })).body;
      const answers = await Promise.all([
        carl.request('DELETE', `/api/comments/${comment.id}`),
        carl.request('DELETE', `/api/comments/${comment.id}`),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([204, 404]);
      expect(answers.find((r) => r.status === 404)!.body.error.message).toBe('Comment not found');
      expect((await alice.get(`/api/posts/${post.id}`)).body.comment_count).toBe(1);
    }
  });

  it('counts shares, and a view once per member per day', async () => {
    const post = (await alice.post('/api/posts', { content: 'Share me' })).body;
    expect((await bob.post(`/api/posts/${post.id}/shares`)).body.share_count).toBe(1);
    expect((await alice.post(`/api/posts/${post.id}/shares`)).body.share_count).toBe(2);
    expect((await bob.post(`/api/posts/${post.id}/views`)).body.counted).toBe(true);
    expect((await bob.post(`/api/posts/${post.id}/views`)).body.counted).toBe(false);
    await alice.post(`/api/posts/${post.id}/views`);
    expect((await bob.get(`/api/posts/${post.id}`)).body.view_count).toBe(2);
  });

  it('shows Your Activity and Trending Now from the last 7 days', async () => {
    const carol = await signedInMember(server, { name: 'Carol Counts' });
    const hot = (await carol.client.post('/api/posts', { content: 'Hot take' })).body;
    await carol.client.post('/api/posts', { content: 'Quiet one' });
    await alice.request('PUT', `/api/posts/${hot.id}/like`);
    await bob.request('PUT', `/api/posts/${hot.id}/like`);
    await bob.post(`/api/posts/${hot.id}/comments`, { content: 'So true' });
    expect((await carol.client.get('/api/me/activity')).body).toEqual({
      posts: 2,
      likes_received: 2,
      comments_received: 1,
    });

    const old = (await carol.client.post('/api/posts', { content: 'Old news' })).body;
    await bob.request('PUT', `/api/posts/${old.id}/like`);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    await db().updateTable('posts').set({ created_at: eightDaysAgo }).where('id', '=', old.id).execute();
    const trending = (await bob.get('/api/posts/trending')).body.posts.map((p: { id: string }) => p.id);
    expect(trending[0]).toBe(hot.id);
    expect(trending).not.toContain(old.id);
  });

  it("finds the comedy shows of a date: members' comedy events by the day they start in the viewer's zone", async () => {
    // 21:30 in Chicago on 2027-12-05 is already 2027-12-06 in UTC.
    const show = await alice.post('/api/events', {
      title: 'Laugh Night',
      starts_local: '2027-12-05T21:30',
      ends_local: '2027-12-05T23:00',
      time_zone: 'America/Chicago',
      repeat: 'none',
      category: 'comedy',
      place: 'in_person',
      venue: 'The Chapel Hall',
    });
    expect(show.status).toBe(201);
    await alice.post('/api/events', {
      title: 'Not comedy',
      starts_local: '2027-12-05T20:00',
      ends_local: '2027-12-05T21:00',
      time_zone: 'America/Chicago',
      repeat: 'none',
      category: 'faith',
      place: 'circle',
    });
    const chicago = 'tz=America%2FChicago';
    expect((await bob.get(`/api/comedy-shows?date=2027-12-05&${chicago}`)).body.shows).toEqual([
      expect.objectContaining({ id: show.body.id, title: 'Laugh Night', venue: 'The Chapel Hall' }),
    ]);
    expect((await bob.get(`/api/comedy-shows?date=2027-12-06&${chicago}`)).body.shows).toEqual([]);
    expect((await bob.get('/api/comedy-shows?date=2027-12-06')).body.shows).toEqual([
      expect.objectContaining({ title: 'Laugh Night' }),
    ]);
    expect((await bob.get('/api/comedy-shows?date=tomorrow')).body.error.message).toBe(
      'date must look like 2026-11-22.',
    );
    expect((await bob.get('/api/comedy-shows?date=2027-12-05&tz=Mars')).body.error.code).toBe(
      'comedy_zone_invalid',
    );
  });

  it('refuses a flood of comments from one member, keeping the ones before it', async () => {
    const flooder = (await signedInMember(server, { name: 'Flo Ood' })).client;
    const post = (await alice.post('/api/posts', { content: 'Comment on me' })).body;
    for (let i = 0; i < 20; i += 1) {
      expect((await flooder.post(`/api/posts/${post.id}/comments`, { content: `Nice ${i}` })).status).toBe(
        201,
      );
    }
    const refused = await flooder.post(`/api/posts/${post.id}/comments`, { content: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    const comments = (await alice.get(`/api/posts/${post.id}/comments`)).body.comments;
    expect(comments).toHaveLength(20);
    expect((await alice.get(`/api/posts/${post.id}`)).body.comment_count).toBe(20);
    expect((await alice.post(`/api/posts/${post.id}/comments`, { content: 'Still me' })).status).toBe(201);
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestClient(server.baseUrl);
    for (const [method, url] of [
      ['GET', '/api/posts'],
      ['POST', '/api/posts'],
      ['GET', '/api/posts/trending'],
      ['GET', '/api/me/activity'],
      ['GET', '/api/comedy-shows?date=2026-12-05'],
    ] as const) {
      expect(
        (await visitor.request(method, url, method === 'POST' ? { content: 'x' } : undefined)).status,
      ).toBe(401);
    }
  });
});
