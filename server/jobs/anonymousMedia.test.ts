import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { mediaRoot } from '@server/media/storage.ts';
import { groupTestMember } from '@server/test/groups.ts';
import { dialects, startTestServer, type TestServer } from '@server/test/harness.ts';
import { askTestPrayer } from '@server/test/prayer.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAnonymousMedia } from './anonymousMedia.ts';

/**
 * An anonymous prayer request's photo must not name its author (issue 49): new uploads are stored under
 * keys of the upload alone, and those of requests made before are moved there, their old URLs gone.
 */
describe.each(dialects)('the files of anonymous requests (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });
  const db = () => server.built.ctx.database.db;
  const ask = askTestPrayer;
  const status = async (url: string) => (await fetch(new URL(url, server.baseUrl))).status;

  it('stores a new upload under its own id, with no member in its key or URLs', async () => {
    const author = await groupTestMember(server, 'Key Author');
    const photo = await uploadPhoto(server, author.client);
    const request = await ask(author, { content: 'With a photo', anonymous: true, media_id: photo.id });
    const other = await groupTestMember(server, 'Key Reader');
    const seen = (await other.client.get(`/api/posts/${request.id}`)).body;
    expect(seen.image_url).toMatch(/^\/media\/m\/[0-9a-f-]{36}\./);
    expect(JSON.stringify(seen)).not.toContain(author.id);
    expect(await status(seen.image_url)).toBe(200);
    expect(await status(seen.image_feed_url)).toBe(200);
  });

  it("moves an older anonymous request's files off its author's key; the old URLs answer 404", async () => {
    const author = await groupTestMember(server, 'Old Author');
    const reader = await groupTestMember(server, 'Old Reader');
    const root = mediaRoot(server.dataDir);
    /** Makes an upload look as uploads did before: its files under `u/<author>/`, the rows saying so. */
    async function asBefore(mediaId: string) {
      const row = await db()
        .selectFrom('media_objects')
        .select(['storage_key', 'variant_key'])
        .where('id', '=', mediaId)
        .executeTakeFirstOrThrow();
      const old = (key: string) => key.replace(/^m\//, `u/${author.id}/`);
      mkdirSync(path.join(root, 'u', author.id), { recursive: true });
      for (const key of [row.storage_key, row.variant_key]) {
        if (key) cpSync(path.join(root, key), path.join(root, old(key)));
      }
      await db()
        .updateTable('media_objects')
        .set({
          storage_key: old(row.storage_key),
          variant_key: row.variant_key ? old(row.variant_key) : null,
        })
        .where('id', '=', mediaId)
        .execute();
      const post = await db()
        .selectFrom('posts')
        .select(['id', 'image_url', 'image_feed_url'])
        .where('media_id', '=', mediaId)
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('posts')
        .set({
          image_url: `/media/${old(post.image_url!.slice('/media/'.length))}`,
          image_feed_url: `/media/${old(post.image_feed_url!.slice('/media/'.length))}`,
        })
        .where('id', '=', post.id)
        .execute();
    }
    const hidden = await ask(author, {
      content: 'Old and anonymous',
      anonymous: true,
      media_id: (await uploadPhoto(server, author.client)).id,
    });
    const named = await ask(author, {
      content: 'Old and named',
      media_id: (await uploadPhoto(server, author.client)).id,
    });
    for (const post of [hidden, named]) {
      const { media_id } = await db()
        .selectFrom('posts')
        .select('media_id')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
      await asBefore(media_id!);
    }
    const before = (await reader.client.get(`/api/posts/${hidden.id}`)).body;
    expect(before.image_url).toContain(`/u/${author.id}/`);
    expect(await status(before.image_url)).toBe(200);

    expect(await moveAnonymousMedia(server.built.ctx)).toBe(1);
    const after = (await reader.client.get(`/api/posts/${hidden.id}`)).body;
    expect(after.image_url).toMatch(/^\/media\/m\/[0-9a-f-]{36}\./);
    expect(after.image_feed_url).toMatch(/^\/media\/m\/[0-9a-f-]{36}-w\d+\.webp$/);
    expect(JSON.stringify(after)).not.toContain(author.id);
    expect(await status(after.image_url)).toBe(200);
    expect(await status(after.image_feed_url)).toBe(200);
    expect(await status(before.image_url)).toBe(404);
    expect(await status(before.image_feed_url)).toBe(404);
    expect(existsSync(path.join(root, before.image_url.slice('/media/'.length)))).toBe(false);
    // A request with its author's name keeps its files where they are; a second run has nothing to do.
    const stays = (await reader.client.get(`/api/posts/${named.id}`)).body;
    expect(stays.image_url).toContain(`/u/${author.id}/`);
    expect(await status(stays.image_url)).toBe(200);
    expect(await moveAnonymousMedia(server.built.ctx)).toBe(0);
  });
});
