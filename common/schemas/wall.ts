import { z } from 'zod/mini';
import { defineErrors } from '../errorTemplates.ts';
import { mediaIdField, text } from './fields.ts';
import { authorSchema, POST_CONTENT_MAX_LENGTH, postExtras, postSchema } from './posts.ts';

export const WALL_MESSAGES = {
  pendingNotFound: 'This post is no longer waiting for approval.',
  ownerOnly: 'Only the owner of this profile can approve or reject posts on it.',
  submitted: 'Submitted for approval',
  approvedLocked: 'A post on another member’s wall cannot be edited once it is approved.',
} as const;

export const WALL_ERRORS = defineErrors({
  pending_post_not_found: WALL_MESSAGES.pendingNotFound,
  wall_owner_only: WALL_MESSAGES.ownerOnly,
  approved_wall_post: WALL_MESSAGES.approvedLocked,
});

/** POST /api/profiles/:id/wall: a post on your own wall, or one for the owner to approve. */
export const wallPostInputSchema = z.strictObject({
  content: z.optional(text({ label: 'The post', max: POST_CONTENT_MAX_LENGTH, multiline: true })),
  media_id: z.optional(mediaIdField()),
  /** As on any post (issue 51): kept with a pending post and published with it. */
  content_warning: z.optional(postExtras.content_warning),
  alt_text: z.optional(postExtras.alt_text),
});
export type WallPostInput = z.input<typeof wallPostInputSchema>;

export const pendingPostSchema = z.object({
  id: z.string(),
  profile_owner_id: z.string(),
  author: authorSchema,
  content: z.string(),
  media_type: z.enum(['photo', 'video', 'none']),
  image_url: z.nullable(z.string()),
  image_feed_url: z.nullable(z.string()),
  created_at: z.string(),
});
export type PendingPost = z.infer<typeof pendingPostSchema>;

export const pendingPostListSchema = z.object({ pending_posts: z.array(pendingPostSchema) });
export type PendingPostList = z.infer<typeof pendingPostListSchema>;

/** The answer of POST /api/profiles/:id/wall: published on your own wall, or waiting for the owner. */
export const wallPostResultSchema = z.union([
  z.object({ status: z.literal('published'), post: postSchema }),
  z.object({ status: z.literal('pending'), pending_post: pendingPostSchema }),
]);
export type WallPostResult = z.infer<typeof wallPostResultSchema>;
