import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { renderPostPage } from './postPage.ts';

/**
 * Security headers for the HTML shell only: the JSON API does not pay for them on every request.
 * `mediaOrigin` is where uploads load from when it is not this app (S3_PUBLIC_URL).
 */
function htmlHeaders(mediaOrigin: string | undefined): Record<string, string> {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return {
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': [
      "default-src 'self'",
      `img-src 'self' data: blob:${media}`,
      `media-src 'self' blob:${media}`,
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' ws: wss:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
  };
}

const notFoundBody = (request: FastifyRequest) => ({
  error: { code: 'not_found', message: `No route for ${request.method} ${request.url}.` },
});

/** Serves the built React app from dist/, with index.html for every client-side route. */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  ctx: AppContext,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  if (!distDir || !indexFile || !existsSync(indexFile)) {
    if (distDir) app.log.warn(`No web build at ${distDir}: run "npm run build" (npm start does it for you).`);
    app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request)));
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const s3PublicUrl = ctx.config.s3?.publicUrl;
  const shellHeaders = htmlHeaders(s3PublicUrl ? new URL(s3PublicUrl).origin : undefined);
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
    const html = await renderPostPage(ctx, indexHtml, request.params.id);
    return reply
      .status(html ? 200 : 404)
      .type('text/html; charset=utf-8')
      .headers(shellHeaders)
      .send(html ?? indexHtml);
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request));
    }
    return reply.type('text/html; charset=utf-8').headers(shellHeaders).send(indexHtml);
  });
}
