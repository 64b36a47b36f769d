import fastifyStatic from '@fastify/static';
import type { AppContext } from '@server/context.ts';
import type { DB } from '@server/db/types.ts';
import { errorBody } from '@server/http/errors.ts';
import { MEDIA_CACHE_CONTROL, S3MediaStorage } from '@server/media/s3Storage.ts';
import { isMediaKey, LocalMediaStorage } from '@server/media/storage.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

/** GET /media/*: the stored uploads, whatever the storage; both answer alike, so the web app cannot tell. */
export function serveMedia(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.media instanceof LocalMediaStorage) serveLocalMedia(app, ctx.media.root);
  // Also with S3_PUBLIC_URL: posts keep the URLs they were made with, and older ones may say /media/.
  if (ctx.media instanceof S3MediaStorage) serveBucketMedia(app, ctx.media, ctx.database.db);
}

// Without this a missing file would fall through to the web app's index.html.
const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send(errorBody('no_media', { url: request.url }));

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
      scope.setNotFoundHandler(notFound);
    },
    { prefix: '/media' },
  );
}

/**
 * The Range header to pass on: one range (`bytes=0-`, `bytes=10-99`, `bytes=-500`), as @fastify/static
 * takes it. Several ranges or anything malformed mean the whole file (undefined); a range that ends
 * before it starts cannot be satisfied.
 */
function singleRange(header: string | undefined): string | undefined | 'unsatisfiable' {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return undefined;
  if (match[1] && match[2] && Number(match[2]) < Number(match[1])) return 'unsatisfiable';
  return `bytes=${match[1]}-${match[2]}`;
}

// An upload's files are `m/<upload id>.<ext>` (before issue 49 `u/<user>/<upload id>.<ext>`) and, beside
// it, `-w720.webp` or `-poster.webp`.
const UPLOAD_ID_IN_KEY = /^(?:m|u\/[^/]+)\/([0-9a-f-]{36})[.-][^/]*$/;

/**
 * Whether an upload row owns the key: the bucket may hold other things (another app's files, a
 * backup, an upload whose row is gone), and /media/ serves uploads only. The main file is found by
 * its unique key, a variant by the upload id in its name.
 */
async function isUploadKey(db: Kysely<DB>, key: string): Promise<boolean> {
  const uploadId = UPLOAD_ID_IN_KEY.exec(key)?.[1];
  const row = await db
    .selectFrom('media_objects')
    .select('id')
    .where((eb) =>
      uploadId
        ? eb.or([eb('storage_key', '=', key), eb.and([eb('id', '=', uploadId), eb('variant_key', '=', key)])])
        : eb('storage_key', '=', key),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** GET and HEAD /media/* read from the bucket and streamed, with the local route's headers and answers. */
function serveBucketMedia(app: FastifyInstance, storage: S3MediaStorage, db: Kysely<DB>): void {
  const unsatisfiable = (reply: FastifyReply) => reply.status(416).send(errorBody('range_not_satisfiable'));

  app.register(
    async (scope) => {
      scope.route<{ Params: { '*': string } }>({
        method: ['GET', 'HEAD'],
        url: '/*',
        handler: async (request, reply) => {
          // The router has decoded the path once: `%2e%2e` is `..` here, and keys never hold a `%`.
          const key = request.params['*'];
          if (!isMediaKey(key) || !(await isUploadKey(db, key))) return notFound(request, reply);
          const range = singleRange(request.headers.range);
          if (range === 'unsatisfiable') return unsatisfiable(reply);
          const since = request.headers['if-modified-since'];
          const stored = await storage.get(key, {
            range,
            ifNoneMatch: request.headers['if-none-match'],
            ifModifiedSince: since && !Number.isNaN(Date.parse(since)) ? new Date(since) : undefined,
            headOnly: request.method === 'HEAD',
          });
          if (!stored) return notFound(request, reply);
          if (stored.status === 416) return unsatisfiable(reply);
          reply.headers({
            'accept-ranges': 'bytes',
            'cache-control': MEDIA_CACHE_CONTROL,
            'x-content-type-options': 'nosniff',
          });
          if (stored.status === 304) return reply.status(304).send();
          reply.status(stored.status).headers(stored.headers);
          // Firefox refuses to play video/quicktime; the H.264 inside a MOV plays fine as MP4.
          if (key.endsWith('.mov')) reply.header('content-type', 'video/mp4');
          else if (!stored.headers['content-type']) reply.header('content-type', 'application/octet-stream');
          return reply.send(stored.body ?? undefined);
        },
      });
      scope.setNotFoundHandler(notFound);
    },
    { prefix: '/media' },
  );
}
