import { uploadPhoto, uploadVideo } from '@server/routes/wall/testMedia.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  makeUser,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('profile page (%s)', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  let aliceUsername: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    const a = await makeUser(server, { name: 'Alice Wall' });
    const b = await makeUser(server, { name: 'Bob Visitor' });
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

  it('sets the avatar from a photo upload of the viewer, and refuses a video or another member’s file', async () => {
    const photo = await uploadPhoto(server, alice);
    const res = await alice.request('PATCH', '/api/profiles/me/avatar', { media_id: photo.id });
    expect(res.status).toBe(200);
    expect(res.body.avatar_url).toBe(photo.feed_url ?? photo.url);
    expect((await alice.get('/api/me')).body.profile.avatar_url).toBe(res.body.avatar_url);

    const before = await profileRow();
    const video = await uploadVideo(server, alice);
    const refused = await alice.request('PATCH', '/api/profiles/me/avatar', { media_id: video.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Please choose a photo for your profile picture.');
    const bobsPhoto = await uploadPhoto(server, bob);
    const stolen = await alice.request('PATCH', '/api/profiles/me/avatar', { media_id: bobsPhoto.id });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.message).toBe('That upload was not found. Please upload the file again.');
    expect((await alice.request('PATCH', '/api/profiles/me/avatar', {})).status).toBe(400);
    expect(await profileRow()).toEqual(before);
  });

  it('needs a file for a first cover, then takes a photo or video and a position from 0 to 100', async () => {
    const none = await bob.request('PATCH', '/api/profiles/me/cover', { position: 30 });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Please select a file first');

    const photo = await uploadPhoto(server, bob);
    for (const position of [101, -1, 50.5, '50', null]) {
      const res = await bob.request('PATCH', '/api/profiles/me/cover', { media_id: photo.id, position });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('The cover position must be a whole number from 0 to 100.');
    }
    const withPhoto = await bob.request('PATCH', '/api/profiles/me/cover', {
      media_id: photo.id,
      position: 0,
    });
    expect(withPhoto.status).toBe(200);
    expect(withPhoto.body).toMatchObject({
      cover_photo_url: photo.url,
      cover_photo_position: 0,
      cover_media_type: 'photo',
    });

    const moved = await bob.request('PATCH', '/api/profiles/me/cover', { position: 100 });
    expect(moved.body).toMatchObject({ cover_photo_url: photo.url, cover_photo_position: 100 });

    const video = await uploadVideo(server, bob);
    const withVideo = await bob.request('PATCH', '/api/profiles/me/cover', {
      media_id: video.id,
      position: 42,
    });
    expect(withVideo.body).toMatchObject({
      cover_photo_url: video.url,
      cover_photo_position: 42,
      cover_media_type: 'video',
    });
    expect(video.url).toMatch(/\.mp4$/);
  });

  const status = async (url: string) => (await fetch(`${server.baseUrl}${url}`)).status;
  const mediaRow = (id: string) =>
    db().selectFrom('media_objects').select('id').where('id', '=', id).executeTakeFirst();

  it('sets a profile video of at most 3 seconds, refuses anything else, and removes it', async () => {
    const before = await profileRow();
    const refusals: Array<[unknown, string]> = [
      [
        { media_id: (await uploadVideo(server, alice, 4)).id },
        'Profile videos can be at most 3 seconds long. This one is 4.0 seconds.',
      ],
      [{ media_id: (await uploadPhoto(server, alice)).id }, 'Please choose a video for your profile video.'],
      [
        { media_id: (await uploadVideo(server, bob)).id },
        'That upload was not found. Please upload the file again.',
      ],
      [{}, 'Choose a video to upload.'],
      [{ media_id: 42 }, 'Choose a video to upload.'],
    ];
    for (const [body, message] of refusals) {
      const res = await alice.request('PUT', '/api/profiles/me/video', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await profileRow()).toEqual(before);

    const first = await uploadVideo(server, alice, 3);
    const set = await alice.request('PUT', '/api/profiles/me/video', { media_id: first.id });
    expect(set.status).toBe(200);
    expect(set.body.profile_video_url).toBe(first.url);
    // A retry of the same choice is fine; visitors see the video on the page.
    expect((await alice.request('PUT', '/api/profiles/me/video', { media_id: first.id })).status).toBe(200);
    const seen = await bob.get(`/api/profiles/by-username/${aliceUsername}`);
    expect(seen.body.profile_video_url).toBe(first.url);
    // The clip on the profile cannot also become a post (deleting one would take the other's file).
    const reused = await alice.request('POST', '/api/posts', { content: 'again', media_id: first.id });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe('That upload is already on your profile. Please upload it again.');

    // Choosing another clip deletes the one it replaces, row and file.
    const second = await uploadVideo(server, alice, 2);
    const replaced = await alice.request('PUT', '/api/profiles/me/video', { media_id: second.id });
    expect(replaced.body.profile_video_url).toBe(second.url);
    expect(await status(first.url)).toBe(404);
    expect(await mediaRow(first.id)).toBeUndefined();
    expect(await status(second.url)).toBe(200);

    const removed = await alice.request('DELETE', '/api/profiles/me/video');
    expect(removed.status).toBe(200);
    expect(removed.body.profile_video_url).toBeNull();
    expect(await status(second.url)).toBe(404);
    expect(await mediaRow(second.id)).toBeUndefined();
  });

  it('keeps exactly one of two profile videos chosen at once, and deletes the other', async () => {
    const [one, two] = [await uploadVideo(server, bob, 1), await uploadVideo(server, bob, 2)];
    const answers = await Promise.all(
      [one, two].map((clip) => bob.request('PUT', '/api/profiles/me/video', { media_id: clip.id })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const row = await db()
      .selectFrom('profiles')
      .select(['profile_video_url', 'profile_video_media_id'])
      .where('id', '=', bobId)
      .executeTakeFirstOrThrow();
    const kept = row.profile_video_media_id === one.id ? one : two;
    const dropped = kept === one ? two : one;
    expect(row.profile_video_url).toBe(kept.url);
    expect(await mediaRow(kept.id)).toBeDefined();
    expect(await mediaRow(dropped.id)).toBeUndefined();
    expect(await status(dropped.url)).toBe(404);
  });

  it('gives an upload claimed twice at the same moment to exactly one owner', async () => {
    const once = async (claims: Array<() => Promise<{ status: number }>>) => {
      const statuses = (await Promise.all(claims.map((claim) => claim()))).map((r) => r.status);
      expect(statuses.filter((status) => status < 300)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(1);
    };
    const carol = (await makeUser(server, { name: 'Carol Claims' })).client;
    const contested = await uploadPhoto(server, carol);
    await once([
      () => carol.post('/api/posts', { content: 'Mine', media_id: contested.id }),
      () => carol.post('/api/posts', { content: 'Also mine', media_id: contested.id }),
    ]);
    const another = await uploadPhoto(server, carol);
    await once([
      () => carol.post('/api/posts', { content: 'Mine', media_id: another.id }),
      () => carol.request('PATCH', '/api/profiles/me/avatar', { media_id: another.id }),
    ]);
  });

  it('deletes the files of a replaced avatar and cover', async () => {
    const [oldAvatar, newAvatar] = [await uploadPhoto(server, bob), await uploadPhoto(server, bob)];
    await bob.request('PATCH', '/api/profiles/me/avatar', { media_id: oldAvatar.id });
    const avatar = await bob.request('PATCH', '/api/profiles/me/avatar', { media_id: newAvatar.id });
    expect(avatar.body.avatar_url).toBe(newAvatar.feed_url ?? newAvatar.url);
    for (const url of [oldAvatar.url, oldAvatar.feed_url]) if (url) expect(await status(url)).toBe(404);
    expect(await status(avatar.body.avatar_url)).toBe(200);

    const [oldCover, newCover] = [await uploadPhoto(server, bob), await uploadVideo(server, bob)];
    await bob.request('PATCH', '/api/profiles/me/cover', { media_id: oldCover.id, position: 10 });
    const cover = await bob.request('PATCH', '/api/profiles/me/cover', {
      media_id: newCover.id,
      position: 20,
    });
    expect(cover.body).toMatchObject({ cover_photo_url: newCover.url, cover_photo_position: 20 });
    expect(await status(oldCover.url)).toBe(404);
    // Moving the same cover keeps its file.
    await bob.request('PATCH', '/api/profiles/me/cover', { media_id: newCover.id, position: 70 });
    expect(await status(newCover.url)).toBe(200);
  });

  it('shows on the wall the member’s own posts and approved wall posts, not their posts on other walls', async () => {
    const own = (await alice.post('/api/posts', { content: 'From my home feed' })).body;
    const prayer = (await alice.post('/api/posts', { content: 'Pray with me', category: 'prayer' })).body;
    const onOwnWall = (await alice.post(`/api/profiles/${aliceId}/wall`, { content: 'On my wall' })).body;
    const onBobsWall = (await alice.post(`/api/profiles/${bobId}/wall`, { content: 'Hi Bob' })).body;
    const fromBob = (await bob.post(`/api/profiles/${aliceId}/wall`, { content: 'Hi Alice' })).body;
    const bobsOwn = (await bob.post('/api/posts', { content: 'Bob elsewhere' })).body;

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
    const carol = await makeUser(server, { name: 'Carol Grid' });
    const id = carol.me.id;
    const photo = await uploadPhoto(server, carol.client);
    const video = await uploadVideo(server, carol.client);
    const withPhoto = (await carol.client.post('/api/posts', { media_id: photo.id })).body;
    const withVideo = (await carol.client.post(`/api/profiles/${id}/wall`, { media_id: video.id })).body.post;
    const text = (await carol.client.post('/api/posts', { content: 'Just words' })).body;
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

  it('hides followers and following lists from others when followers_visible is off', async () => {
    const dan = await makeUser(server, { name: 'Dan Private' });
    await bob.request('PUT', `/api/follows/${dan.me.id}`);
    await dan.client.request('PUT', `/api/follows/${aliceId}`);
    expect((await bob.get(`/api/profiles/${dan.me.id}/followers`)).body.profiles).toEqual([
      expect.objectContaining({ id: bobId, full_name: 'Bob Visitor' }),
    ]);

    await db()
      .updateTable('profiles')
      .set({ followers_visible: false })
      .where('id', '=', dan.me.id)
      .execute();
    for (const list of ['followers', 'following']) {
      const hidden = await bob.get(`/api/profiles/${dan.me.id}/${list}`);
      expect(hidden.status).toBe(403);
      expect(hidden.body.error.message).toBe('This member keeps their followers list private.');
      expect((await dan.client.get(`/api/profiles/${dan.me.id}/${list}`)).status).toBe(200);
    }
    const page = (await bob.get(`/api/profiles/by-username/${dan.me.profile.username}`)).body;
    expect(page).toMatchObject({ followers_visible: false, followers_count: 1, following_count: 1 });
  });

  it('pages a followers list', async () => {
    const star = await makeUser(server, { name: 'Star Member' });
    const fans = [];
    for (let i = 0; i < 3; i += 1) {
      const fan = await makeUser(server);
      await fan.client.request('PUT', `/api/follows/${star.me.id}`);
      fans.push(fan.me.id);
    }
    const first = await bob.get(`/api/profiles/${star.me.id}/followers?limit=2`);
    expect(first.body.profiles.map((p: { id: string }) => p.id)).toEqual([fans[2], fans[1]]);
    const rest = await bob.get(
      `/api/profiles/${star.me.id}/followers?limit=2&before=${first.body.next_cursor}`,
    );
    expect(rest.body).toEqual({ profiles: [expect.objectContaining({ id: fans[0] })], next_cursor: null });
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
