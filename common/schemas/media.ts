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
} as const;

/** For `<input type="file" accept>`: the server still recognises files by their bytes. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,video/webm';

export const MEDIA_MESSAGES = {
  unsupported: 'Photos must be JPEG, PNG, WebP or GIF and videos MP4, MOV or WebM.',
  missingFile: 'Choose a photo or video to upload.',
  photoTooLarge: `Photos can be at most ${MEDIA_LIMITS.photoBytes / MB} MB.`,
  videoTooLarge: `Videos can be at most ${MEDIA_LIMITS.videoBytes / MB} MB.`,
} as const;

export function videoTooLongMessage(seconds: number): string {
  return `Videos can be at most ${MEDIA_LIMITS.videoSeconds} seconds long. This one is ${seconds.toFixed(1)} seconds.`;
}

/** The 201 answer of POST /api/media. `feed_url` is the 720 px WebP of a photo, null for a video. */
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
