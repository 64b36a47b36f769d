import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { badRequest, httpError } from '@server/http/errors.ts';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { type SniffedMedia, sniffMedia } from './sniff.ts';

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

const unreadable = () => httpError(415, 'unsupported_media');

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
    throw badRequest((metadata.pages ?? 1) > 1 ? 'animation_too_many_pixels' : 'photo_too_many_pixels');
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

/**
 * An untrusted still (a poster or a card image) read far enough to trust: its sniffed format matches
 * what sharp reads, it is a GIF only where `gif` allows one, and it is no decompression bomb.
 * Throws `refuse()` otherwise.
 */
async function checkedStill(
  input: Buffer,
  refuse: () => Error,
  options: { gif: boolean },
): Promise<Metadata> {
  const sniffed = sniffMedia(input);
  if (sniffed?.kind !== 'photo' || (!options.gif && sniffed.format === 'gif')) throw refuse();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse();
  }
  const { width = 0, height = 0 } = metadata;
  if (metadata.format !== sniffed.format || width * height > MAX_INPUT_PIXELS) throw refuse();
  return metadata;
}

/** A checked still as WebP (its first frame), upright, at most `width` wide, without metadata. */
async function stillAsWebp(input: Buffer, width: number, refuse: () => Error) {
  try {
    const out = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const image: EncodedImage = { data: out.data, contentType: 'image/webp', extension: 'webp' };
    return { image, width: out.info.width, height: out.info.height };
  } catch {
    throw refuse();
  }
}

/**
 * A video's poster, sent by the browser: a JPEG, PNG or WebP still with the video's shape, re-encoded
 * like a feed variant (WebP, at most MEDIA_LIMITS.feedWidth wide, no metadata).
 */
export async function processPoster(
  input: Buffer,
  video: { width: number; height: number },
): Promise<EncodedImage> {
  const metadata = await checkedStill(input, unsupportedPoster, { gif: false });
  if ((metadata.pages ?? 1) > 1) throw unsupportedPoster();
  const { width = 0, height = 0 } = metadata;
  // EXIF orientation swaps the sides the browser shows; canvases write none, so this is rare.
  const [shownWidth, shownHeight] = (metadata.orientation ?? 1) >= 5 ? [height, width] : [width, height];
  const ratio = shownWidth / shownHeight / (video.width / video.height);
  if (!video.width || !video.height || Math.abs(ratio - 1) > MEDIA_LIMITS.posterAspectTolerance) {
    throw badRequest('poster_mismatch');
  }
  return (await stillAsWebp(input, MEDIA_LIMITS.feedWidth, unsupportedPoster)).image;
}

const unsupportedPoster = () => httpError(415, 'unsupported_poster');

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

/**
 * A link card's image (issue 51), fetched from a site: a JPEG, PNG, WebP or GIF (its first frame),
 * re-encoded as WebP at most `width` wide with no metadata, so what a member's browser loads is ours
 * alone. Throws 415 unsupported_media for anything else or a decompression bomb.
 */
export async function processCardImage(
  input: Buffer,
  width: number,
): Promise<{ image: EncodedImage; width: number; height: number }> {
  await checkedStill(input, unreadable, { gif: true });
  return stillAsWebp(input, width, unreadable);
}
