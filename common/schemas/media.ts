import { z } from 'zod/mini';

const MB = 1024 * 1024;

/** Upload limits, checked by the server and shown (and pre-checked) by the web client. */
export const MEDIA_LIMITS = {
  photoBytes: 10 * MB,
  videoBytes: 50 * MB,
  videoSeconds: 10,
  /** A profile video (DESIGN.md section 6). */
  profileVideoSeconds: 3,
  /** Container durations are rounded; a clip this much over the limit still passes. */
  videoToleranceSeconds: 0.05,
  /** Long side of the stored photo, and width of the feed variant, in pixels. */
  photoMaxSide: 2048,
  feedWidth: 720,
  /** A video's poster, a still the browser takes of the clip's first frame. */
  posterBytes: 2 * MB,
  /** How far a poster's shape may be from its video's (rounding of odd sizes, scaling). */
  posterAspectTolerance: 0.03,
} as const;

/** For `<input type="file" accept>`: the server still recognises files by their bytes. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,video/webm';

export const MEDIA_MESSAGES = {
  unsupported: 'Photos must be JPEG, PNG, WebP or GIF and videos MP4, MOV or WebM.',
  missingFile: 'Choose a photo or video to upload.',
  photoTooLarge: `Photos can be at most ${MEDIA_LIMITS.photoBytes / MB} MB.`,
  videoTooLarge: `Videos can be at most ${MEDIA_LIMITS.videoBytes / MB} MB.`,
  posterTooLarge: `A video's poster can be at most ${MEDIA_LIMITS.posterBytes / MB} MB.`,
  posterUnsupported: "A video's poster must be a JPEG, PNG or WebP still.",
  posterMismatch: "The poster must be a still of the video, with the video's shape.",
  posterWithoutVideo: 'Only a video takes a poster: send it beside the video in a field named "poster".',
  outOfStorage: 'The server is out of storage space. Please try again later.',
} as const;

const megabytes = (bytes: number) => {
  const mb = bytes / MB;
  if (mb < 1) return `${Math.ceil(bytes / 1024)} KB`;
  return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`;
};

/** The daily upload quota (UPLOAD_DAILY_FILES) is used up. */
export function uploadQuotaFilesMessage(uploaded: number, limit: number): string {
  return `You have uploaded ${uploaded} files today; the limit is ${limit} files a day. Please try again later.`;
}

/** This file would take the member past their daily bytes (UPLOAD_DAILY_MB). */
export function uploadQuotaBytesMessage(
  uploadedBytes: number,
  fileBytes: number,
  limitBytes: number,
): string {
  const file = fileBytes > 0 ? ` and this file is ${megabytes(fileBytes)}` : '';
  return `You have uploaded ${megabytes(uploadedBytes)} today${file}; the limit is ${megabytes(limitBytes)} a day. Please try again later.`;
}

export function videoTooLongMessage(seconds: number): string {
  return `Videos can be at most ${MEDIA_LIMITS.videoSeconds} seconds long. This one is ${seconds.toFixed(1)} seconds.`;
}

/**
 * The 201 answer of POST /api/media. `feed_url` is the 720 px WebP of a photo, or of a video's poster
 * (null for a video sent without one).
 */
export const mediaUploadSchema = z.object({
  id: z.string(),
  media_type: z.enum(['photo', 'video']),
  url: z.string(),
  feed_url: z.nullable(z.string()),
  width: z.number(),
  height: z.number(),
  duration_ms: z.nullable(z.number()),
});
export type MediaUpload = z.infer<typeof mediaUploadSchema>;
