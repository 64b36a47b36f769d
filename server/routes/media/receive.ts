import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS, MEDIA_SIZE_PARAMS } from '@common/schemas/media.ts';
import { badRequest, HttpError, httpError } from '@server/http/errors.ts';
import type { ReceivedUpload } from '@server/media/processUpload.ts';
import { SNIFF_BYTES, type SniffedMedia, sniffMedia } from '@server/media/sniff.ts';
import { isOutOfSpace } from '@server/media/storage.ts';
import type { FastifyRequest } from 'fastify';

// Receiving an upload: the multipart stream, guarded as it comes (format, size, parts), into a temp file.

const FILE_FIELD = 'file';
const POSTER_FIELD = 'poster';
const DESCRIPTION_FIELD = 'description';
const unsupported = () => httpError(415, 'unsupported_media');
export const outOfStorage = () => httpError(507, 'out_of_storage');
const missingFile = () => badRequest('missing_file');
const tooLarge = (kind: 'photo' | 'video') =>
  kind === 'photo'
    ? httpError(413, 'photo_too_large', MEDIA_SIZE_PARAMS.photo)
    : httpError(413, 'video_too_large', MEDIA_SIZE_PARAMS.video);

/**
 * Streams the form's file to `tmpFile`, refusing it as soon as its type or size is wrong, and keeps
 * the optional `poster` image of a video in memory.
 */
export async function receiveFile(
  request: FastifyRequest,
  tmpFile: string,
): Promise<ReceivedUpload & { description: string | null }> {
  let sniffed: SniffedMedia | null = null;
  let poster: Buffer | null = null;
  let description: string | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MEDIA_LIMITS.videoBytes, files: 3, fields: 10, fieldSize: 8192, parts: 12 },
    });
    let received = false;
    for await (const part of parts) {
      if (part.type !== 'file') {
        // A Mastodon app's alt text comes beside the file (checked by the route that reads it).
        if (part.fieldname === DESCRIPTION_FIELD) {
          if (part.valueTruncated || typeof part.value !== 'string') throw badRequest('description_too_long');
          description = part.value;
        }
        continue;
      }
      if (part.fieldname === POSTER_FIELD && poster === null) {
        poster = await readPoster(part.file);
        continue;
      }
      if (part.fieldname !== FILE_FIELD || received) {
        part.file.resume();
        if (received || part.fieldname === POSTER_FIELD) {
          throw badRequest('too_many_files');
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
    throw badRequest('unexpected_poster');
  }
  return { sniffed, poster, bytes: 0, description };
}

/** The poster part, whole, refused once it passes its limit. */
async function readPoster(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MEDIA_LIMITS.posterBytes) throw httpError(413, 'poster_too_large', MEDIA_SIZE_PARAMS.poster);
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
  if (code === 'FST_FILES_LIMIT') return badRequest('too_many_files');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest('too_many_fields');
  }
  return badRequest('bad_upload');
}

/**
 * After an early refusal the client is still sending: read and drop the rest (as Node does for any
 * unread body) so it gets our answer instead of a reset connection.
 */
export function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}
