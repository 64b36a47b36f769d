import { readFile } from 'node:fs/promises';
import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { processPhoto, processPoster } from './photos.ts';
import type { SniffedMedia } from './sniff.ts';
import { probeVideo, remuxWithoutMetadata } from './videos.ts';

/** An upload as received: its sniffed format (the file itself waits in a temp file). */
export interface ReceivedUpload {
  sniffed: SniffedMedia;
  /** The browser's still of a video (a frame at the clip's start), checked once the video is. */
  poster: Buffer | null;
  /** What the member sent (file and poster), counted against their daily quota. */
  bytes: number;
}

export interface PreparedUpload {
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
export async function prepareUpload(
  { sniffed, poster }: Pick<ReceivedUpload, 'sniffed' | 'poster'>,
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
