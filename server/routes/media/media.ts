import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaUpload } from '@common/schemas/media.ts';
import fastifyMultipart from '@fastify/multipart';
import { runCommand } from '@server/commands/run.ts';
import { sweepUnattachedUploads } from '@server/commands/uploads.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { HttpError } from '@server/http/errors.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
import { type MediaObjectRow, presentMediaUpload, removeMediaFiles } from '@server/media/mediaObjects.ts';
import { processPhoto, processPoster } from '@server/media/photos.ts';
import { SNIFF_BYTES, type SniffedMedia, sniffMedia } from '@server/media/sniff.ts';
import { isOutOfSpace } from '@server/media/storage.ts';
import {
  assertWithinQuota,
  readUploadUsage,
  recordWithinQuota,
  UploadQuotaExceeded,
} from '@server/media/uploadQuota.ts';
import { probeVideo, remuxWithoutMetadata } from '@server/media/videos.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { serveMedia } from './serveMedia.ts';

const FILE_FIELD = 'file';
const POSTER_FIELD = 'poster';
const unsupported = () => new HttpError(415, 'unsupported_media', MEDIA_MESSAGES.unsupported);
const outOfStorage = () => new HttpError(507, 'out_of_storage', MEDIA_MESSAGES.outOfStorage);
const missingFile = () => new HttpError(400, 'missing_file', MEDIA_MESSAGES.missingFile);
const tooLarge = (kind: 'photo' | 'video') =>
  new HttpError(
    413,
    'file_too_large',
    kind === 'photo' ? MEDIA_MESSAGES.photoTooLarge : MEDIA_MESSAGES.videoTooLarge,
  );

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
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'not_multipart',
          'Send the file as multipart/form-data in a field named "file".',
        );
      }
      const tmpFile = path.join(tmpDir, `${uuidv7()}.upload`);
      const { uploadQuota } = ctx.config;
      // The temp file goes before the answer does, so a client that got one finds nothing left behind.
      let row: MediaObjectRow;
      try {
        // Used up: refused before a byte is read. Then once the size is known, and when recorded.
        assertWithinQuota(await readUploadUsage(ctx.database.db, viewer.userId), uploadQuota, 0);
        const received = await receiveFile(request, tmpFile);
        received.bytes = (await stat(tmpFile)).size + (received.poster?.length ?? 0);
        assertWithinQuota(await readUploadUsage(ctx.database.db, viewer.userId), uploadQuota, received.bytes);
        row = await storeUpload(ctx, viewer.userId, received, tmpFile);
        ctx.metrics?.uploadBytes.inc(received.bytes);
      } catch (error) {
        discardRestOfBody(request);
        await rm(tmpFile, { force: true });
        if (error instanceof UploadQuotaExceeded) {
          // Sent here: the error handler would take Retry-After from the message's first number.
          return reply
            .status(429)
            .header('retry-after', String(error.retryAfterSeconds))
            .send({ error: { code: error.code, message: error.message } });
        }
        throw isOutOfSpace(error) ? outOfStorage() : error;
      }
      await rm(tmpFile, { force: true });
      await sweepLeftovers(ctx, request, viewer.userId);
      return reply.status(201).send(presentMediaUpload(row, ctx.media) satisfies MediaUpload);
    });
  });

  serveMedia(app, ctx);
}

interface ReceivedUpload {
  sniffed: SniffedMedia;
  /** The browser's still of a video (a frame at the clip's start), checked once the video is. */
  poster: Buffer | null;
  /** What the member sent (file and poster), counted against their daily quota. */
  bytes: number;
}

/**
 * Streams the form's file to `tmpFile`, refusing it as soon as its type or size is wrong, and keeps
 * the optional `poster` image of a video in memory.
 */
async function receiveFile(request: FastifyRequest, tmpFile: string): Promise<ReceivedUpload> {
  let sniffed: SniffedMedia | null = null;
  let poster: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MEDIA_LIMITS.videoBytes, files: 3, fields: 10, fieldSize: 4096, parts: 12 },
    });
    let received = false;
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === POSTER_FIELD && poster === null) {
        poster = await readPoster(part.file);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || received) {
        part.file.resume();
        if (received || part.fieldname === POSTER_FIELD) {
          throw new HttpError(400, 'too_many_files', 'Upload one file at a time.');
        }
        continue;
      }
      received = true;
      const guard = guardStream((found) => {
        sniffed = found;
      });
      const out = createWriteStream(tmpFile, { flags: 'wx' });
      // pipeline can reject before the file is open; the file would then appear after the route's rm.
      await pipeline(part.file, guard, out).catch(async (error) => {
        if (!out.closed) await once(out, 'close');
        throw error;
      });
      if (part.file.truncated) throw tooLarge('video');
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!sniffed) throw missingFile(); // no file part, or an empty one (a form sent with nothing chosen)
  if (poster && (sniffed as SniffedMedia).kind !== 'video') {
    throw new HttpError(400, 'unexpected_poster', MEDIA_MESSAGES.posterWithoutVideo);
  }
  return { sniffed, poster, bytes: 0 };
}

/** The poster part, whole, refused once it passes its limit. */
async function readPoster(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MEDIA_LIMITS.posterBytes)
      throw new HttpError(413, 'poster_too_large', MEDIA_MESSAGES.posterTooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A pipeline step that holds back the first bytes until it knows the format, refuses a format we do
 * not take, and a photo past its limit (multipart's own limit is the larger video one).
 */
function guardStream(onSniffed: (sniffed: SniffedMedia) => void) {
  return async function* (source: AsyncIterable<Buffer>) {
    let sniffed: SniffedMedia | null = null;
    let head: Buffer[] = [];
    let size = 0;
    const sniff = () => {
      sniffed = sniffMedia(Buffer.concat(head));
      if (!sniffed) throw unsupported();
      onSniffed(sniffed);
    };
    for await (const chunk of source) {
      size += chunk.length;
      if (!sniffed) {
        head.push(chunk);
        if (size < SNIFF_BYTES) continue;
        sniff();
      }
      if (sniffed!.kind === 'photo' && size > MEDIA_LIMITS.photoBytes) throw tooLarge('photo');
      if (head.length > 0) {
        yield* head;
        head = [];
      } else {
        yield chunk;
      }
    }
    if (!sniffed && size > 0) {
      sniff();
      yield* head;
    }
  };
}

/** Busboy and @fastify/multipart errors are the client's doing: a 4xx with a sentence, never a 500. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (isOutOfSpace(error)) return outOfStorage();
  if (error instanceof Error && 'syscall' in error) return error; // our disk, not their request
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('video');
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, 'too_many_files', 'Upload one file at a time.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(400, 'too_many_fields', 'Send only the file, in a field named "file".');
  }
  return new HttpError(400, 'bad_upload', 'The upload was incomplete or malformed. Please try again.');
}

interface PreparedUpload {
  /** The main file first, then the feed variant of a photo or the poster of a video. */
  files: Array<{ key: string; data: Buffer; contentType: string }>;
  width: number;
  height: number;
  durationMs: number | null;
}

/**
 * Re-encodes a photo (and makes its feed variant) or checks a video and its poster; keys under
 * `base`. The second file, when there is one, is the feed variant or the poster.
 */
async function prepareUpload(
  { sniffed, poster }: ReceivedUpload,
  tmpFile: string,
  base: string,
): Promise<PreparedUpload> {
  if (sniffed.kind === 'photo') {
    const photo = await processPhoto(await readFile(tmpFile), sniffed);
    return {
      files: [
        { key: `${base}.${photo.main.extension}`, ...photo.main },
        { key: `${base}-w${MEDIA_LIMITS.feedWidth}.webp`, ...photo.feed },
      ],
      width: photo.width,
      height: photo.height,
      durationMs: null,
    };
  }
  const video = await probeVideo(tmpFile, sniffed);
  const still = poster ? await processPoster(poster, video) : null;
  const data = await remuxWithoutMetadata(tmpFile, sniffed);
  return {
    files: [
      { key: `${base}.${sniffed.extension}`, data, contentType: sniffed.contentType },
      ...(still ? [{ key: `${base}-poster.webp`, ...still }] : []),
    ],
    width: video.width,
    height: video.height,
    durationMs: video.durationMs,
  };
}

/** Stores the files and records them; nothing is left behind on failure. */
async function storeUpload(
  ctx: AppContext,
  userId: string,
  received: ReceivedUpload,
  tmpFile: string,
): Promise<MediaObjectRow> {
  const id = uuidv7();
  const { sniffed } = received;
  const { files, width, height, durationMs } = await prepareUpload(received, tmpFile, `u/${userId}/${id}`);
  const [main, variant] = files;
  const record: MediaObjectRow = {
    id,
    user_id: userId,
    storage_key: main!.key,
    variant_key: variant?.key ?? null,
    kind: sniffed.kind,
    content_type: main!.contentType,
    size_bytes: main!.data.length,
    width,
    height,
    duration_ms: durationMs,
    created_at: new Date().toISOString(),
  };
  try {
    for (const file of files) await ctx.media.put(file.key, file.data, file.contentType);
    await recordWithinQuota(ctx.database, ctx.config.uploadQuota, userId, received.bytes, async (trx) => {
      await trx.insertInto('media_objects').values(record).execute();
    });
  } catch (error) {
    await removeMediaFiles(ctx.media, record).catch(() => {});
    throw error;
  }
  return record;
}

/** The member's old uploads that nothing shows go as they upload again; a failure here is only logged. */
async function sweepLeftovers(ctx: AppContext, request: FastifyRequest, userId: string): Promise<void> {
  try {
    await runCommand(ctx, (trx, after) => sweepUnattachedUploads(trx, after, { userId }));
  } catch (error) {
    request.log.warn({ err: error }, 'could not sweep unattached uploads');
  }
}

/**
 * After an early refusal the client is still sending: read and drop the rest (as Node does for any
 * unread body) so it gets our answer instead of a reset connection.
 */
function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}
