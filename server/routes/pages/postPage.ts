import { ANONYMOUS_NAME } from '@common/schemas/prayer.ts';
import { type AppContext, optionalViewer } from '@server/context.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';
import { postForPage } from '@server/queries/posts.ts';
import type { FastifyRequest } from 'fastify';
import { scriptJson } from './firstScreen.ts';
import { recipeJsonLd } from './recipeJsonLd.ts';

interface SharedPost {
  id: string;
  content: string;
  image_url: string | null;
  /** The 720 px WebP of a photo, or a video's poster. */
  image_feed_url: string | null;
  /** What the upload is, as stored when it was posted: the URL's ending says nothing. */
  media_type: 'photo' | 'video' | 'none';
  /** The upload's stored content type (null when its row is gone). */
  content_type: string | null;
  full_name: string;
  username: string;
  /** Its 'Content warning': previews show the warning, never what it covers (issue 51). */
  content_warning: string | null;
  alt_text: string | null;
}

/**
 * og:video:type: the stored type, except that a MOV is announced as MP4, as /media serves it
 * (routes/media/media.ts: Firefox refuses video/quicktime, the H.264 inside plays as MP4).
 */
function videoType(contentType: string | null): string {
  return contentType === 'video/webm' ? 'video/webm' : 'video/mp4';
}

/** Title, description, canonical, Open Graph and Twitter tags of /post/{id}, for crawlers without JS. */
export function postMetaTags(
  post: SharedPost,
  publicUrl: string,
  jsonLd: Record<string, unknown> | null = null,
): { title: string; tags: string } {
  const title = `${post.full_name || post.username} on Splikz`;
  const warning = post.content_warning;
  const shown = warning ? `Content warning: ${warning}` : post.content === '.' ? '' : post.content;
  const text = shown.replace(/\s+/g, ' ').trim();
  const description = text ? (text.length > 200 ? `${text.slice(0, 197)}...` : text) : 'Check out this post';
  const canonical = `${publicUrl}/post/${encodeURIComponent(post.id)}`;
  const absolute = (url: string) => (url.startsWith('http') ? url : `${publicUrl}${url}`);
  // Behind a warning the media stay hidden too: the preview shows the logo.
  const video = !warning && post.image_url && post.media_type === 'video' ? absolute(post.image_url) : null;
  // A video shows its poster (the still the browser took when it was trimmed) where it has one.
  const still = warning ? null : video ? post.image_feed_url : post.image_url;
  const image = still ? absolute(still) : `${publicUrl}/logo.png`;
  const meta: Array<[attr: 'name' | 'property', key: string, value: string]> = [
    ['name', 'description', description],
    ['property', 'og:type', video ? 'video.other' : 'article'],
    ['property', 'og:site_name', 'Splikz'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', canonical],
    ['property', 'og:image', image],
    ...(still && post.alt_text
      ? [['property', 'og:image:alt', post.alt_text] as ['property', string, string]]
      : []),
    ['name', 'twitter:card', video ? 'player' : 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  if (video) {
    meta.push(
      ['property', 'og:video', video],
      ['property', 'og:video:type', videoType(post.content_type)],
      ['name', 'twitter:player', canonical],
      ['name', 'twitter:player:stream', video],
      ['name', 'twitter:player:width', '720'],
      ['name', 'twitter:player:height', '1280'],
    );
  }
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    // scriptJson escapes <, > and &: nothing a member wrote can close the element.
    ...(jsonLd ? [`<script type="application/ld+json">${scriptJson(jsonLd)}</script>`] : []),
  ].join('\n    ');
  return { title, tags };
}

/**
 * index.html with the post's tags in its head, or null when the post does not exist for whoever asks.
 * A page load carries the session cookie like any request: a signed-in member hidden from the author
 * (a block either way, notHiddenFrom) gets what a missing post gets, as GET /api/posts/:id answers
 * them. Visitors (link-preview crawlers) get the tags, unless an admin suspended the author.
 */
export async function renderPostPage(
  ctx: AppContext,
  indexHtml: string,
  postId: string,
  request: FastifyRequest,
): Promise<string | null> {
  if (!/^[0-9a-zA-Z-]{1,64}$/.test(postId)) return null;
  const viewer = await optionalViewer(ctx, request);
  const row = await postForPage(ctx.database.db, viewer?.userId ?? null, postId);
  if (!row) return null;
  // An anonymous request names nobody, in the page's tags either.
  const post = row.anonymous ? { ...row, full_name: ANONYMOUS_NAME, username: '' } : row;
  const publicUrl = ctx.config.publicUrl;
  const still = post.media_type === 'video' ? post.image_feed_url : post.image_url;
  const jsonLd = row.has_recipe
    ? await recipeJsonLd(
        ctx.database.db,
        {
          id: post.id,
          content: post.content,
          image: still ? (still.startsWith('http') ? still : `${publicUrl}${still}`) : null,
          author: post.full_name || post.username,
          created_at: String(row.created_at),
        },
        `${publicUrl}/post/${encodeURIComponent(post.id)}`,
      )
    : null;
  const { title, tags } = postMetaTags(post, publicUrl, jsonLd);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `  ${tags}\n  </head>`); // functions: `$&` in a member's text stays text
}
