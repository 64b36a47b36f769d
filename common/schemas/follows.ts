import { z } from 'zod/mini';
import { defineErrors } from '../errorTemplates.ts';
import { cursorField, limitField, profileSummarySchema } from './fields.ts';

export const FOLLOW_LIST_PAGE_SIZE = 30;

export const FOLLOW_MESSAGES = {
  followSelf: 'You cannot follow yourself.',
  followersPrivate: 'This member keeps their followers list private.',
} as const;

export const FOLLOW_ERRORS = defineErrors({
  follow_self: FOLLOW_MESSAGES.followSelf,
  followers_private: FOLLOW_MESSAGES.followersPrivate,
});

export const followListQuerySchema = z.strictObject({
  before: cursorField,
  limit: limitField(100),
});

export const FRIENDSHIP_STATES = ['none', 'pending_sent', 'pending_received', 'friends'] as const;
export type FriendshipState = (typeof FRIENDSHIP_STATES)[number];

/** The answer of PUT and DELETE /api/follows/:userId. */
export const followStateSchema = z.object({
  i_follow: z.boolean(),
  followers_count: z.number(),
  friendship: z.enum(FRIENDSHIP_STATES),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const followListSchema = z.object({
  profiles: z.array(profileSummarySchema),
  next_cursor: z.nullable(z.string()),
});
export type FollowList = z.infer<typeof followListSchema>;
