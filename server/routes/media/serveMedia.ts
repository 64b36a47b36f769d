import fastifyStatic from '@fastify/static';
import type { AppContext } from '@server/http/context.ts';
import { LocalMediaStorage } from '@server/media/storage.ts';
import type { FastifyInstance } from 'fastify';

/** GET /media/*: the stored uploads, whatever the storage. */
export function serveMedia(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.media instanceof LocalMediaStorage) serveLocalMedia(app, ctx.media.root);
}

/** GET /media/* from DATA_DIR/media: read-only, Range requests, cached for a year (keys never change). */
function serveLocalMedia(app: FastifyInstance, root: string): void {
  app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        acceptRanges: true,
        maxAge: '365d',
        immutable: true,
        setHeaders: (res, filePath) => {
          res.header('x-content-type-options', 'nosniff');
          // Firefox refuses to play video/quicktime; the H.264 inside a MOV plays fine as MP4.
          if (filePath.endsWith('.mov')) res.header('content-type', 'video/mp4');
        },
      });
      // Without this a missing file would fall through to the web app's index.html.
      scope.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ error: { code: 'not_found', message: `No media at ${request.url}.` } }),
      );
    },
    { prefix: '/media' },
  );
}
