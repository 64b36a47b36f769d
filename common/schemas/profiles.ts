import { z } from 'zod/mini';
import { SEARCH_QUERY_MAX_LENGTH } from '../limits.ts';
import { fullNameField, usernameField } from './fields.ts';

export const profileSummarySchema = z.object({
  id: z.string(),
  username: usernameField,
  full_name: fullNameField,
  avatar_url: z.nullable(z.string()),
  bio: z.nullable(z.string()),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  profile: profileSummarySchema,
});
export type Me = z.infer<typeof meSchema>;

export const searchProfilesQuerySchema = z.strictObject({
  q: z
    .string({ error: 'q is required.' })
    .check(
      z.maxLength(
        SEARCH_QUERY_MAX_LENGTH,
        `The search must be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
      ),
    ),
});

export const searchProfilesResponseSchema = z.object({ profiles: z.array(profileSummarySchema) });
export type SearchProfilesResponse = z.infer<typeof searchProfilesResponseSchema>;
