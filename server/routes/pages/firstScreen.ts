import { createHash } from 'node:crypto';
import { firstScreenPaths } from '@common/feeds.ts';
import type { FeedPage } from '@common/schemas/posts.ts';
import type { AppContext } from '@server/context.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where index.html takes the answers (before its inline script, which reads them). */
export const FIRST_SCREEN_MARK = '<!--first-screen-->';
export const FIRST_SCREEN_ELEMENT_ID = 'splikz-first-screen';

/** JSON that is safe inside a <script> element: nothing in it can close the element or break a line. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const pick = (headers: FastifyRequest['headers'], name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? { [name]: value } : {};
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A signed-in member's first screen, in the HTML itself: on a feed route the page carries the answers the
 * app asks for first (web/index.html's inline script and web/api/boot.ts): who is signed in, their
 * preferences and the feed's first page, and names the first post's photo so the browser fetches it
 * beside the scripts. Each answer is the API's own, made by the same route in-process (`app.inject`) with
 * the request's cookie, so the HTML says exactly what the API would. Anyone else (no session, an expired
 * one, another route) gets the plain shell, and the inline script fetches what it needs.
 *
 * Returns the HTML of `html`'s first screen for this request, or null when there is nothing to add (no
 * member, not a feed route, or an answer that was not a 200: then the app asks for itself, as from the
 * shell). The paths are common/feeds.ts firstScreenPaths, the ones index.html asks for.
 */
export async function withFirstScreen(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  html: string,
  pathname: string,
): Promise<string | null> {
  const paths = firstScreenPaths(pathname);
  const cookie = request.headers.cookie;
  if (!paths || !cookie || !html.includes(FIRST_SCREEN_MARK)) return null;
  if (!(await ctx.sessions.resolve(cookie))) return null;
  const answers = await Promise.all(
    paths.map((url) =>
      app.inject({
        method: 'GET',
        url,
        headers: { cookie, ...pick(request.headers, 'accept-language') },
      }),
    ),
  );
  if (answers.some((answer) => answer.statusCode !== 200)) return null;
  const data: Record<string, unknown> = {};
  paths.forEach((path, i) => {
    data[path] = answers[i]!.json();
  });
  const feed = data[paths[2]!] as FeedPage;
  const first = feed.posts[0];
  // The first post's picture is most often the largest thing on a phone's first screen.
  const picture = first?.media_type !== 'none' ? first?.image_feed_url : null;
  const preload = picture
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(picture)}">`
    : '';
  const script = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptJson(data)}</script>`;
  return html.replace(FIRST_SCREEN_MARK, () => `${preload}${script}`);
}

/**
 * The Content-Security-Policy sources of index.html's inline scripts (their sha256): the policy allows
 * scripts from this origin and these, nothing else inline.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
