import { z } from 'zod/mini';

/**
 * Fields that many payloads share, declared once: ids, upload ids, cursors and page sizes, and the
 * shape of a person (who wrote a post, sent a message or a notification).
 */

/** A cursor from a page's `next_cursor`; its meaning is the server's. */
export const cursorField = z.optional(z.string().check(z.maxLength(200)));

/** `?limit=` from a query string, 1 to `max`. */
export const limitField = (max: number) =>
  z.optional(
    z.coerce
      .number({ error: 'limit must be a number.' })
      .check(z.int('limit must be a whole number.'), z.gte(1), z.lte(max, `limit must be at most ${max}.`)),
  );

/** The id of one of the member's uploads (POST /api/media answered it). */
export const mediaIdField = (error = 'media_id must be text.') =>
  z.string({ error }).check(z.minLength(1), z.maxLength(64));

export const fullNameField = z.string();
export const usernameField = z.string();

/** A member as others see them next to what they wrote. */
export const personSchema = z.object({
  id: z.string(),
  username: usernameField,
  full_name: fullNameField,
  avatar_url: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;

/** A member as lists and search show them: a person with their bio. */
export const profileSummarySchema = z.object({
  id: z.string(),
  username: usernameField,
  full_name: fullNameField,
  avatar_url: z.nullable(z.string()),
  bio: z.nullable(z.string()),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;
