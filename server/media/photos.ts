import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@common/schemas/media.ts';
import { HttpError } from '@server/http/errors.ts';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { SniffedMedia } from './sniff.ts';

// Enough for any phone camera (48 MP); refuses decompression bombs that fit in 10 MB.
const MAX_INPUT_PIXELS = 100_000_000;

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  extension: string;
}

export interface ProcessedPhoto {
  main: EncodedImage;
  /** WebP at most MEDIA_LIMITS.feedWidth wide, for feeds. */
  feed: EncodedImage;
  width: number;
  height: number;
}

const unreadable = () => new HttpError(415, 'unsupported_media', MEDIA_MESSAGES.unsupported);

/**
 * Re-encodes a photo: turned upright from its EXIF orientation, every metadata block dropped (sharp
 * writes none unless asked to), long side capped. GIFs become animated WebP: far smaller, and every
 * browser we support plays them.
 */
export async function processPhoto(input: Buffer, sniffed: SniffedMedia): Promise<ProcessedPhoto> {
  const animated = sniffed.format === 'gif' || sniffed.format === 'webp';
  const open = (): Sharp =>
    sharp(input, { animated, failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();

  let metadata: Metadata;
  try {
    metadata = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== sniffed.format) throw unreadable();
  // For an animation `height` is every frame stacked: the pixels sharp has to decode.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    const message =
      (metadata.pages ?? 1) > 1
        ? 'Animations can be at most 100 megapixels, all frames together.'
        : 'Photos can be at most 100 megapixels.';
    throw new HttpError(400, 'photo_too_large', message);
  }

  try {
    const side = MEDIA_LIMITS.photoMaxSide;
    const main = encodeMain(
      open().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }),
      sniffed,
    );
    const feed = open()
      .resize({ width: MEDIA_LIMITS.feedWidth, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 });
    const [mainOut, feedOut] = await Promise.all([
      main.image.toBuffer({ resolveWithObject: true }),
      feed.toBuffer(),
    ]);
    return {
      main: { data: mainOut.data, contentType: main.contentType, extension: main.extension },
      feed: { data: feedOut, contentType: 'image/webp', extension: 'webp' },
      width: mainOut.info.width,
      // For an animated image `height` is every frame stacked; one frame is `pageHeight`.
      height: mainOut.info.pageHeight ?? mainOut.info.height,
    };
  } catch {
    throw unreadable();
  }
}

function encodeMain(
  image: Sharp,
  sniffed: SniffedMedia,
): { image: Sharp; contentType: string; extension: string } {
  switch (sniffed.format) {
    case 'jpeg':
      return {
        image: image.jpeg({ quality: 82, mozjpeg: true }),
        contentType: 'image/jpeg',
        extension: 'jpg',
      };
    case 'png':
      return { image: image.png(), contentType: 'image/png', extension: 'png' };
    default:
      return { image: image.webp({ quality: 82 }), contentType: 'image/webp', extension: 'webp' };
  }
}
