import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '@server/context.ts';
import { errorBody } from '@server/http/errors.ts';
import { HSTS, MEDIA_CSP } from '@server/http/securityHeaders.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderEventPage } from './eventPage.ts';
import { inlineScriptHashes, withFirstScreen } from './firstScreen.ts';
import { renderPostPage } from './postPage.ts';
import { screenPreloads } from './screenPreloads.ts';

/**
 * Security headers for HTML only (every text/html answer, see registerSecurityHeaders): the JSON API
 * does not pay for them on every request. `mediaOrigin` is where uploads load from when it is not this
 * app (S3_PUBLIC_URL). `connect-src 'self'` covers our own ws:/wss: socket in current browsers.
 */
function htmlHeaders(mediaOrigin: string | undefined, scriptHashes: string[]): Record<string, string> {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  // index.html's inline boot script runs by its hash; no other inline script does.
  const scripts = scriptHashes.length > 0 ? [`script-src 'self' ${scriptHashes.join(' ')}`] : [];
  return {
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': [
      "default-src 'self'",
      ...scripts,
      `img-src 'self' data: blob:${media}`,
      `media-src 'self' blob:${media}`,
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
  };
}

/**
 * Headers decided once for every answer, whichever route (or none) made it: HSTS when the site is
 * https, the sandbox on /media/*, and the HTML headers on anything served as text/html (index.html
 * asked for by name, the app's routes, /post/:id, the 404 page).
 */
function registerSecurityHeaders(
  app: FastifyInstance,
  ctx: AppContext,
  shellHeaders: Record<string, string>,
) {
  const https = ctx.config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    if (https) reply.header('strict-transport-security', HSTS);
    if (request.routeOptions.url?.startsWith('/media/')) {
      reply.header('content-security-policy', MEDIA_CSP);
    } else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      const cacheControl = reply.getHeader('cache-control');
      reply.headers(shellHeaders);
      // A page that set its own (a member's first screen is private) keeps it.
      if (cacheControl) reply.header('cache-control', cacheControl);
    }
    return payload;
  });
}

/** Whether the client takes gzip, by its `Accept-Encoding` (q-values and all; codings ignore case). */
const acceptsGzip = (request: FastifyRequest): boolean =>
  negotiate(String(request.headers['accept-encoding'] ?? 'identity').toLowerCase(), ['gzip', 'identity']) ===
  'gzip';

const notFoundBody = (request: FastifyRequest) =>
  errorBody('not_found', { method: request.method, url: request.url });

/** Serves the built React app from dist/, with index.html for every client-side route. */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  ctx: AppContext,
): Promise<void> {
  const s3PublicUrl = ctx.config.s3?.publicUrl;
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const built = Boolean(distDir && indexFile && existsSync(indexFile));
  const indexHtml = built && indexFile ? readFileSync(indexFile, 'utf8') : '';
  const shellHeaders = htmlHeaders(
    s3PublicUrl ? new URL(s3PublicUrl).origin : undefined,
    inlineScriptHashes(indexHtml),
  );
  registerSecurityHeaders(app, ctx, shellHeaders);
  if (!distDir || !built) {
    if (distDir) app.log.warn(`No web build at ${distDir}: run "npm run build" (npm start does it for you).`);
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request)));
    return;
  }
  const withPreloads = screenPreloads(distDir);
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    maxAge: '1y',
    immutable: true,
    setHeaders: (res, filePath) => {
      res.header('x-content-type-options', 'nosniff');
      if (!filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
    },
  });
  // Link previews: crawlers get the post's title, description and image in the HTML itself.
  app.get<{ Params: { id: string } }>('/post/:id', async (request, reply) => {
    const html = await renderPostPage(ctx, indexHtml, request.params.id, request);
    return reply
      .status(html ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withPreloads(html ?? indexHtml, pathOf(request)));
  });
  // An event's preview is a visitor's, whoever asks (a private group's event shows nothing): members get
  // the app either way, so an event it cannot show answers 200 like /events/new does.
  app.get<{ Params: { id: string } }>('/events/:id', async (request, reply) => {
    const html = await renderEventPage(ctx, indexHtml, request.params.id);
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withPreloads(html ?? indexHtml, pathOf(request)));
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request));
    }
    const pathname = pathOf(request);
    const html = withPreloads(indexHtml, pathname);
    const personal =
      request.method === 'GET' ? await withFirstScreen(app, ctx, request, html, pathname) : null;
    reply.type('text/html; charset=utf-8').header('vary', 'cookie, accept-encoding');
    if (!personal) return reply.header('cache-control', 'no-cache').send(html);
    // A member's own first screen is theirs alone: no shared cache may keep it. Its answers make it
    // about 20 KB, 4 or 5 compressed: on a phone's connection that is the scripts starting sooner.
    reply.header('cache-control', 'private, no-cache');
    if (!acceptsGzip(request)) return reply.send(personal);
    return reply.header('content-encoding', 'gzip').send(gzipSync(personal));
  });
}
