import { mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaUpload } from '@common/schemas/media.ts';
import fastifyMultipart from '@fastify/multipart';
import { runCommand } from '@server/commands/run.ts';
import { sweepUnattachedUploads } from '@server/commands/uploads.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { httpError } from '@server/http/errors.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
import { type MediaObjectRow, presentMediaUpload } from '@server/media/mediaObjects.ts';
import { isOutOfSpace } from '@server/media/storage.ts';
import { storeUpload } from '@server/media/storeUpload.ts';
import { assertWithinQuota, readUploadUsage, UploadQuotaExceeded } from '@server/media/uploadQuota.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { mastodonMediaRoutes } from './mastodonMedia.ts';
import { discardRestOfBody, outOfStorage, receiveFile } from './receive.ts';
import { serveMedia } from './serveMedia.ts';

/**
 * POST /api/media: receive and guard the stream (receive.ts), process and store it within the
 * member's daily quota (media/storeUpload.ts), then answer the upload; and the serving of stored media.
 */
export function mediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tmpDir = path.join(ctx.config.dataDir, 'tmp', 'uploads');
  mkdirSync(tmpDir, { recursive: true });
  const limit = app.createRateLimit({
    max: 120,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => `media:${request.ip}`,
  });

  // Multipart only here: no other route pays for it, and any other body gets a clear answer.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.post('/api/media', async (request, reply) => {
      const viewer = await requireViewer(ctx, request);
      await enforceLimit(limit, request);
      try {
        const { row } = await acceptUpload(ctx, request, viewer.userId, tmpDir);
        return reply.status(201).send(presentMediaUpload(row, ctx.media) satisfies MediaUpload);
      } catch (error) {
        if (!(error instanceof UploadQuotaExceeded)) throw error;
        // Sent here: the error handler would take Retry-After from the message's first number.
        return reply
          .status(429)
          .header('retry-after', String(error.retryAfterSeconds))
          .send({ error: error.body });
      }
    });
  });

  mastodonMediaRoutes(app, ctx, {
    limit,
    receive: (request, userId, checkFields) => acceptUpload(ctx, request, userId, tmpDir, checkFields),
  });
  serveMedia(app, ctx);
}

/**
 * One upload, the web app's and the Mastodon API's alike: refused when not multipart or past the
 * member's daily quota (before a byte is read, once its size is known, and when recorded), received
 * and guarded (receive.ts), processed and stored. The temp file goes before the answer does.
 */
async function acceptUpload(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string,
  tmpDir: string,
  checkFields: (fields: { description: string | null }) => void = () => {},
) {
  if (!request.isMultipart()) throw httpError(415, 'not_multipart');
  const tmpFile = path.join(tmpDir, `${uuidv7()}.upload`);
  const { uploadQuota } = ctx.config;
  let row: MediaObjectRow;
  let description: string | null;
  try {
    assertWithinQuota(await readUploadUsage(ctx.database.db, userId), uploadQuota, 0);
    const received = await receiveFile(request, tmpFile);
    // The form's other fields are checked before anything is kept: a refused one stores nothing.
    checkFields(received);
    description = received.description;
    received.bytes = (await stat(tmpFile)).size + (received.poster?.length ?? 0);
    assertWithinQuota(await readUploadUsage(ctx.database.db, userId), uploadQuota, received.bytes);
    row = await storeUpload(ctx, userId, received, tmpFile);
    ctx.metrics?.uploadBytes.inc(received.bytes);
  } catch (error) {
    discardRestOfBody(request);
    await rm(tmpFile, { force: true });
    throw isOutOfSpace(error) ? outOfStorage() : error;
  }
  await rm(tmpFile, { force: true });
  await sweepLeftovers(ctx, request, userId);
  return { row, description };
}

/** The member's old uploads that nothing shows go as they upload again; a failure here is only logged. */
async function sweepLeftovers(ctx: AppContext, request: FastifyRequest, userId: string): Promise<void> {
  try {
    await runCommand(ctx, (trx, after) => sweepUnattachedUploads(trx, after, { userId }));
  } catch (error) {
    request.log.warn({ err: error }, 'could not sweep unattached uploads');
  }
}
