import { createHash } from 'node:crypto';
import { startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { signedInMember } from '@server/test/members.ts';
import { makePost } from '@server/test/posts.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BOOT_SCRIPT = "window.__boot = 'read #splikz-first-screen';";

/** The page's first-screen answers, parsed as index.html's script parses them; null when it has none. */
function carried(html: string): Record<string, any> | null {
  const found = /<script type="application\/json" id="splikz-first-screen">([\s\S]*?)<\/script>/.exec(html);
  return found ? JSON.parse(found[1]!) : null;
}

describe("a signed-in member's first screen in the HTML", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(
      'sqlite',
      {},
      {
        webIndexHtml: `<!doctype html><html><head><title>Splikz</title><!--first-screen--><script>${BOOT_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
      },
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('carries the answers of /api/me, the preferences and the first feed page, and names the first photo', async () => {
    const { client } = await signedInMember(server);
    const photo = await uploadPhoto(server, client);
    const post = await makePost(client, { media_id: photo.id });
    const res = await client.request('GET', '/', undefined, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = res.body as string;
    const answers = carried(html);
    expect(answers).not.toBeNull();
    expect(answers!['/api/me']).toEqual((await client.get('/api/me')).body);
    expect(answers!['/api/settings/preferences']).toEqual(
      (await client.get('/api/settings/preferences')).body,
    );
    const feed = answers!['/api/posts?limit=20'];
    expect(feed.posts[0].id).toBe(post.id);
    expect(feed.posts[0].media_width).toBe(96);
    expect(feed.posts[0].media_height).toBe(64);
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${post.image_feed_url}">`,
    );
    // Only this member's browser may keep it.
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toContain('cookie');
  });

  it('comes compressed to clients that take gzip, and plain to others', async () => {
    const { client } = await signedInMember(server);
    const zipped = await client.request('GET', '/', undefined, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(carried(zipped.body)?.['/api/me']).toEqual((await client.get('/api/me')).body);
    for (const encoding of ['identity', 'gzip;q=0, identity', 'br']) {
      const plain = await client.request('GET', '/', undefined, { headers: { 'accept-encoding': encoding } });
      expect(plain.headers.get('content-encoding'), encoding).toBeNull();
      expect(carried(plain.body)).not.toBeNull();
    }
  });

  it('carries the category feed on /prayer, and nothing on screens that are not feeds', async () => {
    const { client } = await signedInMember(server);
    const prayer = await makePost(client, { category: 'prayer', prayer_type: 'praise' });
    const answers = carried((await client.get('/prayer')).body);
    expect(answers!['/api/posts?limit=20&category=prayer'].posts[0].id).toBe(prayer.id);
    for (const route of ['/messages', '/auth', '/profile/someone', '/%2F', '/?x=1#y']) {
      const html = (await client.get(route)).body as string;
      if (route.startsWith('/?')) expect(carried(html)).not.toBeNull();
      else expect(carried(html)).toBeNull();
    }
  });

  it('gives the plain shell without a session, with a bad or signed-out one', async () => {
    const anonymous = new TestClient(server.baseUrl);
    const plain = await anonymous.get('/');
    expect(carried(plain.body)).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('no-cache');

    const forged = new TestClient(server.baseUrl);
    forged.cookies.set('better-auth.session_token', 'made-up.c2lnbmF0dXJl');
    expect(carried((await forged.get('/')).body)).toBeNull();

    const { client } = await signedInMember(server);
    expect(carried((await client.get('/')).body)).not.toBeNull();
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(carried((await client.get('/')).body)).toBeNull();
  });

  it('keeps what members wrote inside its script element, whatever they wrote', async () => {
    const { client } = await signedInMember(server);
    const hostile = '</script><script>alert(1)</script><!-- \u2028 & "quotes"';
    const post = await makePost(client, { content: hostile });
    const html = (await client.get('/')).body as string;
    expect(html).not.toContain('<script>alert(1)');
    expect(carried(html)!['/api/posts?limit=20'].posts.find((p: any) => p.id === post.id).content).toBe(
      hostile,
    );
  });

  it("lets index.html's own inline script run by its hash, and no other", async () => {
    const res = await fetch(`${server.baseUrl}/`);
    const hash = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    const scriptSrc = res.headers
      .get('content-security-policy')!
      .split('; ')
      .find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
