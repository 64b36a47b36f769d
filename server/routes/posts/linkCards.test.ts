import { LINK_CARD_IMAGE_WIDTH } from '@common/schemas/linkCards.ts';
import { type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { makePost } from '@server/test/posts.ts';
import { type RecipeFixtureSite, startRecipeFixtureSite } from '@server/test/recipeFixtureSite.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Link cards (issue 51): the first link of a post gets a card of its page, read by the server through
// the one safe fetch (public addresses only: the fixture site on 127.0.0.2 is allowed as
// LINK_PREVIEW_ALLOW_PRIVATE would allow an intranet; 127.0.0.1 and 169.254.169.254 never), its image
// re-encoded into our storage; the author may take it off.
describe.each(dialects)('link cards (%s)', (dialect) => {
  let server: TestServer;
  let site: RecipeFixtureSite;
  /** A site on 127.0.0.1, which must never be reached. */
  let inside: RecipeFixtureSite;
  let ann: GroupTestMember;
  let ben: GroupTestMember;

  beforeAll(async () => {
    site = await startRecipeFixtureSite('127.0.0.2');
    inside = await startRecipeFixtureSite('127.0.0.1');
    server = await startTestServer(dialect, {
      ...GENEROUS_AUTH_LIMITS,
      linkPreviewAllowPrivate: ['127.0.0.2/32'],
    });
    [ann, ben] = await Promise.all([
      groupTestMember(server, 'Ann Linker'),
      groupTestMember(server, 'Ben Reader'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
    await inside?.close();
  });

  const reader = () => server.built.ctx.linkCards!;
  /** A post by Ann whose card has been read (or given up): as Ben sees it. */
  async function postWithCard(content: string) {
    const post = await makePost(ann.client, { content });
    await reader().idle();
    const seen = await ben.client.get(`/api/posts/${post.id}`);
    expect(seen.status).toBe(200);
    return seen.body;
  }

  it("cards a post's first link with the page's title, description and our copy of its image", async () => {
    const link = `${site.url}/cards/article`;
    const post = await postWithCard(`Look at this: ${link}. And ${site.url}/cards/plain too`);
    expect(post.card).toEqual({
      url: link,
      title: "Sourdough at Saint Mark's",
      description: 'Our Saturday bake, the starter and the recipe.',
      site: 'Parish Kitchen',
      image_url: expect.stringMatching(/^\/media\/m\/[0-9a-f-]{36}\.webp$/),
      image_width: LINK_CARD_IMAGE_WIDTH,
      image_height: Math.round((630 / 1200) * LINK_CARD_IMAGE_WIDTH),
    });
    // The image is ours: re-encoded WebP, served by us.
    const image = await fetch(`${server.baseUrl}${post.card.image_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: LINK_CARD_IMAGE_WIDTH });
    // The feed carries it as the post's page does.
    const feed = await ben.client.get('/api/posts?category=general');
    expect(feed.body.posts.find((p: { id: string }) => p.id === post.id).card).toEqual(post.card);
  });

  it('cards a page with only a title, and none for a page without one', async () => {
    const plain = await postWithCard(`${site.url}/cards/plain`);
    expect(plain.card).toMatchObject({
      title: 'A plain page',
      description: 'Only a title and words.',
      site: '127.0.0.2',
      image_url: null,
    });
    expect((await postWithCard(`${site.url}/cards/untitled`)).card).toBeNull();
    expect((await postWithCard('No link here, only #words')).card).toBeNull();
  });

  it('never reaches loopback, link-local or metadata addresses, directly or by redirect', async () => {
    const port = new URL(inside.url).port;
    for (const link of [
      `${inside.url}/cards/article`,
      `http://localhost:${port}/cards/article`,
      `${site.url}/redirect/private?port=${port}`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
    ]) {
      expect((await postWithCard(`A link: ${link}`)).card).toBeNull();
    }
    // An image inside or at the metadata address: the card comes without it.
    const privateImage = await postWithCard(`${site.url}/cards/private-image?port=${port}`);
    expect(privateImage.card).toMatchObject({ title: 'A picture inside', image_url: null });
    const metadataImage = await postWithCard(`${site.url}/cards/metadata-image`);
    expect(metadataImage.card).toMatchObject({ title: 'A picture of the cloud', image_url: null });
    expect(inside.hits).toEqual([]);
  });

  it('leaves out an image of 50 MB, reading no more than its limit', async () => {
    const post = await postWithCard(`${site.url}/cards/huge-image`);
    expect(post.card).toMatchObject({ title: 'A huge picture', image_url: null });
    expect(site.hits).toContain('/cards/huge.jpg');
    expect(site.hits).not.toContain('/cards/huge.jpg#sent-all');
  });

  it('keeps the card through an edit that keeps the link, and reads the new link of one that changes it', async () => {
    const post = await postWithCard(`${site.url}/cards/article`);
    const edited = await ann.client.request('PATCH', `/api/posts/${post.id}`, {
      content: `Still this one: ${site.url}/cards/article`,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.card).toEqual(post.card);
    const moved = await ann.client.request('PATCH', `/api/posts/${post.id}`, {
      content: `Now ${site.url}/cards/plain`,
    });
    expect(moved.body.card).toBeNull();
    await reader().idle();
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.card.title).toBe('A plain page');
    // The old card's image went with it.
    expect((await fetch(`${server.baseUrl}${post.card.image_url}`)).status).toBe(404);
  });

  it('lets the author alone remove the card, which stays off while the link stays', async () => {
    const post = await postWithCard(`${site.url}/cards/article`);
    const imageUrl = post.card.image_url;
    const stranger = await ben.client.request('DELETE', `/api/posts/${post.id}/card`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe('link_card_author_only');
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.card).not.toBeNull();

    const removed = await ann.client.request('DELETE', `/api/posts/${post.id}/card`);
    expect(removed.status).toBe(200);
    expect(removed.body.card).toBeNull();
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.card).toBeNull();
    expect((await fetch(`${server.baseUrl}${imageUrl}`)).status).toBe(404);
    const again = await ann.client.request('DELETE', `/api/posts/${post.id}/card`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('link_card_not_found');

    await ann.client.request('PATCH', `/api/posts/${post.id}`, {
      content: `Edited: ${site.url}/cards/article`,
    });
    await reader().idle();
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.card).toBeNull();
    expect((await ben.client.request('DELETE', '/api/posts/no-such-post/card')).status).toBe(404);
  });

  it('deletes the card image with its post', async () => {
    const post = await postWithCard(`${site.url}/cards/article`);
    expect((await ann.client.request('DELETE', `/api/posts/${post.id}`)).status).toBe(204);
    expect((await fetch(`${server.baseUrl}${post.card.image_url}`)).status).toBe(404);
  });

  it('reads on the next run of the job what a node left unread', async () => {
    const post = await makePost(ann.client, { content: `${site.url}/cards/plain` });
    await reader().idle();
    const db = server.built.ctx.database.db;
    // As if the node had stopped before reading it, a while ago.
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await db
      .updateTable('posts')
      .set({ card_state: 'pending', card: null, updated_at: old })
      .where('id', '=', post.id)
      .execute();
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.card).toBeNull();
    expect(await reader().readLeft()).toBeGreaterThanOrEqual(1);
    expect((await ben.client.get(`/api/posts/${post.id}`)).body.card.title).toBe('A plain page');
  });
});
