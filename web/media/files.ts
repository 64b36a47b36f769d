import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@common/schemas/media.ts';

export type MediaKind = 'photo' | 'video';

// Only for a file the browser gives no media type: the member's own file name, never a URL.
const PHOTO_NAME = /\.(jpe?g|png|webp|gif)$/i;
const VIDEO_NAME = /\.(mp4|mov|webm)$/i;

/**
 * What a chosen file is: by the type the browser gives, or by its name when that type is not a
 * media one (some systems give none for .mov). Null for anything else. The server still decides
 * by the bytes; this only spares uploads it would refuse and picks the preview element.
 */
export function fileKind(file: File): MediaKind | null {
  if (file.type.startsWith('image/')) return 'photo';
  if (file.type.startsWith('video/')) return 'video';
  if (VIDEO_NAME.test(file.name)) return 'video';
  if (PHOTO_NAME.test(file.name)) return 'photo';
  return null;
}

export const isVideoFile = (file: File) => fileKind(file) === 'video';

/** The same size limits the server applies, checked before sending megabytes it would refuse. */
export function mediaProblem(file: File): string | null {
  const kind = fileKind(file);
  if (kind === 'video' && file.size > MEDIA_LIMITS.videoBytes) return MEDIA_MESSAGES.videoTooLarge;
  if (kind === 'photo' && file.size > MEDIA_LIMITS.photoBytes) return MEDIA_MESSAGES.photoTooLarge;
  return null;
}
