import { HSTS } from '@server/http/securityHeaders.ts';
import { insertMember } from '@server/test/database.ts';
import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every HTML answer carries the CSP, frame and referrer headers (and HSTS behind https), whichever
// route made it: the app's routes (spec section 2's route table), index.html by name, a post's page
// (found or not), the not-found page; with or without a trailing slash or a query; GET and HEAD.

const SOME_ID = '01900000-0000-7000-8000-000000000000';

/** The route table of spec section 2, one concrete path each, and the pages the server answers itself. */
function htmlPaths(postId: string): string[] {
  const spa = [
    '/',
    `/?post=${postId}`,
    '/auth',
    '/auth?mode=signup',
    '/auth?mode=login',
    '/auth?notice=confirm',
    '/auth/callback',
    '/prayer',
    '/food',
    '/messages',
    '/profile/grace',
    '/settings',
    '/settings/notifications',
    '/settings/language',
    '/settings/media',
    '/settings/privacy',
    '/settings/privacy-checkup',
    '/settings/privacy-center',
    '/settings/profile-details',
    '/spotlight',
    '/privacy',
    '/terms',
    '/cookies',
    '/about',
    '/comedy',
    '/faithverse',
    '/faithverse/home',
    '/faithverse/new',
    `/faithverse/c/${SOME_ID}`,
    `/faithverse/circle/${SOME_ID}`,
    '/admin',
  ];
  const served = ['/index.html', `/post/${postId}`, `/post/${SOME_ID}`, '/post/not-a-post', '/no/such/page'];
  // Each as is, with a trailing slash, and with a query (added to one it has).
  return [...spa, ...served].flatMap((page) => {
    const [pathname, query] = page.split('?');
    const slashed = pathname!.endsWith('/') ? pathname! : `${pathname}/`;
    return [
      page,
      query ? `${slashed}?${query}` : slashed,
      query ? `${page}&utm_source=x` : `${page}?utm_source=x`,
    ];
  });
}

function expectHtmlHeaders(res: Response, page: string, https: boolean) {
  const headers = Object.fromEntries(res.headers);
  const csp = headers['content-security-policy'] ?? '';
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  // One object per page, so a failure names the page and every header it got wrong.
  expect({
    page,
    type: headers['content-type'],
    defaultSrc: directives.get('default-src'),
    connectSrc: directives.get('connect-src'),
    frameAncestors: directives.get('frame-ancestors'),
    baseUri: directives.get('base-uri'),
    formAction: directives.get('form-action'),
    frameOptions: headers['x-frame-options'],
    referrer: headers['referrer-policy'],
    nosniff: headers['x-content-type-options'],
    hsts: headers['strict-transport-security'] ?? null,
  }).toEqual({
    page,
    type: expect.stringMatching(/^text\/html/),
    defaultSrc: "'self'",
    connectSrc: "'self'",
    frameAncestors: "'none'",
    baseUri: "'self'",
    formAction: "'self'",
    frameOptions: 'DENY',
    referrer: 'strict-origin-when-cross-origin',
    nosniff: 'nosniff',
    hsts: https ? HSTS : null,
  });
}

// PUBLIC_URL on http: no HSTS; on https: HSTS too.
describe.each(['http', 'https'] as const)('HTML response headers, PUBLIC_URL on %s', (scheme) => {
  let server: TestServer;
  let origin: string;
  let postId: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite', scheme === 'https' ? { publicUrl: 'https://splikz.test' } : {}, {
      webIndexHtml:
        '<!doctype html><html><head><title>Splikz</title></head><body><div id="root"></div></body></html>',
    });
    // Behind https the app still listens on plain HTTP here (a proxy would end TLS in front of it).
    const { port } = server.built.app.server.address() as { port: number };
    origin = `http://127.0.0.1:${port}`;
    // A post written straight in: sign-up mails point at PUBLIC_URL, which does not answer here.
    const db = server.built.ctx.database.db;
    const author = await insertMember(db, 'Grace');
    postId = uuidv7();
    const at = new Date().toISOString();
    await db
      .insertInto('posts')
      .values({
        id: postId,
        user_id: author,
        category: 'general',
        content: 'A post with a page',
        media_type: 'none',
        image_url: null,
        image_feed_url: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  afterAll(async () => {
    await server.close();
  });

  it('puts them on every page of the route table, index.html, post pages and the not-found page', async () => {
    const pages = htmlPaths(postId);
    expect(pages.length).toBeGreaterThan(100);
    const statuses = new Map<string, number>();
    for (const page of pages) {
      const res = await fetch(`${origin}${page}`);
      statuses.set(page, res.status);
      expectHtmlHeaders(res, page, scheme === 'https');
      await res.arrayBuffer();
    }
    // The post page is the server's own: the post's tags when it exists, the app with a 404 if not.
    expect(statuses.get(`/post/${postId}`)).toBe(200);
    expect(statuses.get(`/post/${postId}?utm_source=x`)).toBe(200);
    expect(statuses.get(`/post/${SOME_ID}`)).toBe(404);
    expect(statuses.get('/post/not-a-post')).toBe(404);
    expect(statuses.get('/settings/privacy')).toBe(200);
    const post = await (await fetch(`${origin}/post/${postId}`)).text();
    expect(post).toContain('<title>Grace on Splikz</title>');
  });

  it('puts them on HEAD answers too', async () => {
    for (const page of ['/', '/index.html', '/settings', `/post/${postId}`, `/post/${SOME_ID}`, '/nope']) {
      const res = await fetch(`${origin}${page}`, { method: 'HEAD' });
      expectHtmlHeaders(res, `HEAD ${page}`, scheme === 'https');
    }
  });

  it('keeps them off JSON answers, which carry HSTS only behind https', async () => {
    const res = await fetch(`${origin}/api/health`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBe(scheme === 'https' ? HSTS : null);
  });
});
