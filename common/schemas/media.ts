import { z } from 'zod/mini';
import { defineErrors, renderTemplate } from '../errorTemplates.ts';

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

/** What POST /api/media answers when it refuses an upload (and the web's own checks before sending). */
export const MEDIA_ERRORS = defineErrors({
  unsupported_media: 'Photos must be JPEG, PNG, WebP or GIF and videos MP4, MOV or WebM.',
  missing_file: 'Choose a photo or video to upload.',
  photo_too_large: 'Photos can be at most {{megabytes}} MB.',
  video_too_large: 'Videos can be at most {{megabytes}} MB.',
  poster_too_large: "A video's poster can be at most {{megabytes}} MB.",
  unsupported_poster: "A video's poster must be a JPEG, PNG or WebP still.",
  poster_mismatch: "The poster must be a still of the video, with the video's shape.",
  unexpected_poster: 'Only a video takes a poster: send it beside the video in a field named "poster".',
  out_of_storage: 'The server is out of storage space. Please try again later.',
  /** The daily upload quota (UPLOAD_DAILY_FILES) is used up. */
  upload_quota_files:
    'You have uploaded {{uploaded}} files today; the limit is {{limit}} files a day. Please try again later.',
  /** The member's daily bytes (UPLOAD_DAILY_MB) are used up; with `file`, this file would pass them. */
  upload_quota_bytes:
    'You have uploaded {{uploaded}} today; the limit is {{limit}} a day. Please try again later.',
  upload_quota_bytes_file:
    'You have uploaded {{uploaded}} today and this file is {{file}}; the limit is {{limit}} a day. Please try again later.',
  video_too_long: 'Videos can be at most {{max}} seconds long. This one is {{seconds}} seconds.',
  description_too_long: 'The description (alt text) is too long: write at most 1500 characters.',
  upload_quota_reached: "You have reached today's upload limit. Please try again later.",
  media_attached: 'This upload is already in a post: edit the post to change its alt text.',
});

/** The size limits as the errors' params. */
export const MEDIA_SIZE_PARAMS = {
  photo: { megabytes: MEDIA_LIMITS.photoBytes / MB },
  video: { megabytes: MEDIA_LIMITS.videoBytes / MB },
  poster: { megabytes: MEDIA_LIMITS.posterBytes / MB },
} as const;

/** Some of them in English, as the web's own checks and the tests use them. */
export const MEDIA_MESSAGES = {
  unsupported: MEDIA_ERRORS.unsupported_media,
  missingFile: MEDIA_ERRORS.missing_file,
  photoTooLarge: renderTemplate(MEDIA_ERRORS.photo_too_large, MEDIA_SIZE_PARAMS.photo),
  videoTooLarge: renderTemplate(MEDIA_ERRORS.video_too_large, MEDIA_SIZE_PARAMS.video),
  posterTooLarge: renderTemplate(MEDIA_ERRORS.poster_too_large, MEDIA_SIZE_PARAMS.poster),
  posterUnsupported: MEDIA_ERRORS.unsupported_poster,
  posterMismatch: MEDIA_ERRORS.poster_mismatch,
  posterWithoutVideo: MEDIA_ERRORS.unexpected_poster,
  outOfStorage: MEDIA_ERRORS.out_of_storage,
} as const;

/** A number of bytes as the quota errors write it: '800 KB', '3.5 MB', '50 MB'. */
export const megabytes = (bytes: number) => {
  const mb = bytes / MB;
  if (mb < 1) return `${Math.ceil(bytes / 1024)} KB`;
  return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`;
};

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
