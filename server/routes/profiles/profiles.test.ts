import { MEMBER_LIMITS } from '@server/http/rateLimit.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadPhoto, uploadVideo } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('profile search (%s)', (dialect) => {
  let server: TestServer;
  let viewer: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    const members: Array<{ username: string; name: string }> = [
      { username: 'zebra_one', name: 'Alice Quartzmann' },
      { username: 'quartzfan', name: 'Bob Stone' },
      { username: 'carol', name: 'Carol XYLOPHONE' },
      { username: 'percentpal', name: 'Dana 100% Real' },
      { username: 'xqabcx', name: 'Eve Underscore' },
      { username: 'elise', name: 'Élise Ünal' },
      ...Array.from({ length: 10 }, (_, i) => ({ username: `manyhit${i}`, name: `Many Hit ${i}` })),
    ];
    // One after another: fewer pooled PostgreSQL connections left to close at the end.
    for (const member of members) await signedInMember(server, member);
    viewer = (await signedInMember(server, { username: 'searcher', name: 'The Searcher' })).client;
  });
  afterAll(async () => {
    await server.close();
  });

  const search = (q: string, client: TestClient = viewer) =>
    client.get(`/api/profiles/search?q=${encodeURIComponent(q)}`);
  const usernames = (body: { profiles: Array<{ username: string }> }) =>
    body.profiles.map((p) => p.username).sort();

  it('requires sign-in', async () => {
    const res = await search('quartz', new TestClient(server.baseUrl));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('limits how often one member searches, far above a person typing', async () => {
    const { client } = await signedInMember(server);
    const { max } = MEMBER_LIMITS.profileSearch;
    for (let i = 0; i < max; i += 1) expect((await search(`q${i}`, client)).status).toBe(200);
    const limited = await search('quartz', client);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toContain('wait');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted per member: the others search on.
    expect((await search('quartz')).status).toBe(200);
  });

  it('matches the username or the full name, case-insensitively, as a substring', async () => {
    const res = await search('QUARTZ');
    expect(res.status).toBe(200);
    expect(usernames(res.body)).toEqual(['quartzfan', 'zebra_one']);
    expect(usernames((await search('artzm')).body)).toEqual(['zebra_one']);
    expect(usernames((await search('xylo')).body)).toEqual(['carol']);
    expect(usernames((await search('Bra_O')).body)).toEqual(['zebra_one']);
  });

  it('puts an exact username match first', async () => {
    const res = await search('quartzfan');
    expect(res.body.profiles[0].username).toBe('quartzfan');
  });

  it('trims the query', async () => {
    const res = await search('   quartz \t ');
    expect(res.status).toBe(200);
    expect(usernames(res.body)).toEqual(['quartzfan', 'zebra_one']);
  });

  it.each(['', '   '])('answers no profiles for the empty or blank query %j', async (q) => {
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profiles: [] });
  });

  it('returns at most 8 profiles even when 10 match', async () => {
    const res = await search('manyhit');
    expect(res.status).toBe(200);
    expect(res.body.profiles).toHaveLength(8);
    for (const profile of res.body.profiles) expect(profile.username).toMatch(/^manyhit\d$/);
  });

  it('treats % and _ in the query literally', async () => {
    expect(usernames((await search('%')).body)).toEqual(['percentpal']);
    expect(usernames((await search('100%')).body)).toEqual(['percentpal']);
    // As a LIKE wildcard, "qa_c" would match "xqabcx".
    expect((await search('qa_c')).body).toEqual({ profiles: [] });
    expect(usernames((await search('_')).body)).toEqual(['zebra_one']);
    expect((await search('\\')).body).toEqual({ profiles: [] });
  });

  it('refuses a query over 100 characters', async () => {
    const res = await search('q'.repeat(101));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'text_too_long',
      message: 'The search must be at most 100 characters.',
      params: { label: 'The search', max: 100 },
      field: 'q',
    });
    expect((await search('q'.repeat(100))).status).toBe(200);
  });

  it('refuses a missing q', async () => {
    const res = await viewer.get('/api/profiles/search');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'search_query_required', message: 'q is required.', field: 'q' });
  });

  it('refuses an unknown query parameter', async () => {
    const res = await viewer.get('/api/profiles/search?q=carol&limit=100');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_field');
  });

  it('returns exactly id, username, full_name, avatar_url and bio (no email)', async () => {
    const res = await search('carol');
    expect(res.body.profiles).toHaveLength(1);
    const [profile] = res.body.profiles;
    expect(Object.keys(profile).sort()).toEqual(['avatar_url', 'bio', 'full_name', 'id', 'username']);
    expect(profile).toMatchObject({
      username: 'carol',
      full_name: 'Carol XYLOPHONE',
      avatar_url: null,
      bio: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
  });

  it('folds case beyond ASCII, on SQLite as on PostgreSQL', async () => {
    expect(usernames((await search('élise')).body)).toEqual(['elise']);
    expect(usernames((await search('ÜNAL')).body)).toEqual(['elise']);
  });
});

describe.each(dialects)('profile page (%s)', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  let aliceUsername: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    const a = await signedInMember(server, { name: 'Alice Wall' });
    const b = await signedInMember(server, { name: 'Bob Visitor' });
    alice = a.client;
    bob = b.client;
    aliceId = a.me.id;
    bobId = b.me.id;
    aliceUsername = a.me.profile.username;
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.built.ctx.database.db;
  const profileRow = () =>
    db().selectFrom('profiles').selectAll().where('id', '=', aliceId).executeTakeFirstOrThrow();
  const wallIds = async (client: TestClient, query = '') =>
    (await client.get(`/api/profiles/${aliceId}/posts${query}`)).body.posts.map((p: { id: string }) => p.id);

  it('shows a profile by username with its details, counts and relation to the viewer', async () => {
    const mine = await alice.get(`/api/profiles/by-username/${aliceUsername}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      id: aliceId,
      username: aliceUsername,
      full_name: 'Alice Wall',
      avatar_url: null,
      bio: null,
      cover_photo_url: null,
      cover_photo_position: 50,
      cover_media_type: null,
      profile_video_url: null,
      hobbies: null,
      favorite_movies: null,
      favorite_music: null,
      favorite_books: null,
      education: null,
      work: null,
      relationship_status: null,
      hometown: null,
      current_city: null,
      website: null,
      followers_visible: true,
      followers_count: 0,
      following_count: 0,
      is_me: true,
      i_follow: false,
      friendship: 'none',
    });
    const theirs = await bob.get(`/api/profiles/by-username/${aliceUsername.toUpperCase()}`);
    expect(theirs.body).toMatchObject({ id: aliceId, is_me: false, i_follow: false, friendship: 'none' });
  });

  it('answers 404 "User not found" for an unknown username', async () => {
    for (const name of ['nobody_here_at_all', 'bad%20name', '%E2%9C%93']) {
      const res = await bob.get(`/api/profiles/by-username/${name}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('User not found');
    }
    expect((await bob.get('/api/profiles/no-such-id/posts')).body.error.message).toBe('User not found');
  });

  it('saves the About details trimmed, and clears a field sent empty', async () => {
    const res = await alice.request('PATCH', '/api/profiles/me/details', {
      hobbies: '  Hiking, baking  ',
      favorite_books: 'Gilead',
      website: 'https://alice.example/blog',
      current_city: 'Lagos',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      hobbies: 'Hiking, baking',
      favorite_books: 'Gilead',
      website: 'https://alice.example/blog',
      current_city: 'Lagos',
      work: null,
    });
    const cleared = await alice.request('PATCH', '/api/profiles/me/details', { current_city: '  ' });
    expect(cleared.body).toMatchObject({ current_city: null, hobbies: 'Hiking, baking' });
    expect((await bob.get(`/api/profiles/by-username/${aliceUsername}`)).body.favorite_books).toBe('Gilead');
  });

  it.each([
    [{ hobbies: 'x'.repeat(201) }, 'Hobbies must be at most 200 characters.'],
    [{ website: 'javascript:alert(1)' }, 'The website must be a link starting with http:// or https://'],
    [{ website: 'ftp://files.example' }, 'The website must be a link starting with http:// or https://'],
    [{ website: 'alice' }, 'The website must be a link starting with http:// or https://'],
    [{ work: 42 }, 'Work must be text.'],
    [{ bio: 'Not here' }, 'Unknown field: bio.'],
    [{ followers_visible: false }, 'Unknown field: followers_visible.'],
  ])('refuses details %o and changes nothing', async (body, message) => {
    const before = await profileRow();
    const res = await alice.request('PATCH', '/api/profiles/me/details', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await profileRow()).toEqual(before);
  });

  it('shows on the wall the member’s own posts and approved wall posts, not their posts on other walls', async () => {
    const own = await makePost(alice, { content: 'From my home feed' });
    const prayer = await makePost(alice, { content: 'Pray with me', category: 'prayer' });
    const onOwnWall = (await alice.post(`/api/profiles/${aliceId}/wall`, { content: 'On my wall' })).body;
    const onBobsWall = (await alice.post(`/api/profiles/${bobId}/wall`, { content: 'Hi Bob' })).body;
    const fromBob = (await bob.post(`/api/profiles/${aliceId}/wall`, { content: 'Hi Alice' })).body;
    const bobsOwn = await makePost(bob, { content: 'Bob elsewhere' });

    expect(await wallIds(bob)).toEqual([onOwnWall.post.id, prayer.id, own.id]);
    const approved = await alice.post(`/api/pending-posts/${fromBob.pending_post.id}/approve`);
    expect(await wallIds(bob)).toEqual([approved.body.id, onOwnWall.post.id, prayer.id, own.id]);
    expect(await wallIds(bob)).not.toContain(bobsOwn.id);

    await bob.post(`/api/pending-posts/${onBobsWall.pending_post.id}/approve`);
    const bobsWall = (await bob.get(`/api/profiles/${bobId}/posts`)).body.posts;
    expect(bobsWall.map((p: { id: string }) => p.id)).toEqual([onBobsWall.pending_post.id, bobsOwn.id]);
    expect(await wallIds(alice)).not.toContain(onBobsWall.pending_post.id);
  });

  it('filters the wall to photos or videos for the Photos and Videos tabs, and pages it', async () => {
    const carol = await signedInMember(server, { name: 'Carol Grid' });
    const id = carol.me.id;
    const photo = await uploadPhoto(server, carol.client);
    const video = await uploadVideo(server, carol.client);
    const withPhoto = await makePost(carol.client, { media_id: photo.id });
    const withVideo = (await carol.client.post(`/api/profiles/${id}/wall`, { media_id: video.id })).body.post;
    const text = await makePost(carol.client, { content: 'Just words' });
    const ids = async (query: string) =>
      (await bob.get(`/api/profiles/${id}/posts${query}`)).body.posts.map((p: { id: string }) => p.id);
    expect(await ids('?media=photo')).toEqual([withPhoto.id]);
    expect(await ids('?media=video')).toEqual([withVideo.id]);
    expect(await ids('')).toEqual([text.id, withVideo.id, withPhoto.id]);

    const first = await bob.get(`/api/profiles/${id}/posts?limit=2`);
    expect(first.body.posts).toHaveLength(2);
    const second = await bob.get(`/api/profiles/${id}/posts?limit=2&before=${first.body.next_cursor}`);
    expect(second.body.posts.map((p: { id: string }) => p.id)).toEqual([withPhoto.id]);
    expect(second.body.next_cursor).toBeNull();

    expect((await bob.get(`/api/profiles/${id}/posts?media=audio`)).body.error.message).toBe(
      'media must be photo or video.',
    );
    expect((await bob.get(`/api/profiles/${id}/posts?before=garbage`)).status).toBe(400);
  });

  it('answers 401 to visitors', async () => {
    const visitor = new TestClient(server.baseUrl);
    for (const [method, url] of [
      ['GET', `/api/profiles/by-username/${aliceUsername}`],
      ['GET', `/api/profiles/${aliceId}/posts`],
      ['GET', `/api/profiles/${aliceId}/followers`],
      ['PATCH', '/api/profiles/me/details'],
      ['PATCH', '/api/profiles/me/avatar'],
      ['PATCH', '/api/profiles/me/cover'],
      ['PUT', '/api/profiles/me/video'],
      ['DELETE', '/api/profiles/me/video'],
    ] as const) {
      const body = method === 'PATCH' || method === 'PUT' ? {} : undefined;
      expect((await visitor.request(method, url, body)).status).toBe(401);
    }
  });
});
