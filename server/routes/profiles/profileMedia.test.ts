import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { uploadPhoto, uploadVideo } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('profile media (%s)', (dialect) => {
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
    const carol = (await signedInMember(server, { name: 'Carol Claims' })).client;
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
});
