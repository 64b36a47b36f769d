import { z } from 'zod/mini';

/** The Daily Spotlight (spec sections 2, 3, 7; DESIGN section 6): the day's top creators. */
export const SPOTLIGHT_SIZE = 10;

export const SPOTLIGHT_TEXTS = {
  title: 'Daily Spotlight',
  subtitle: 'Top creators based on all-time engagement • Updated daily',
  emptyTitle: 'No creators in the spotlight yet',
  emptyBody:
    'When members post and others like, comment on and view their posts, the top creators show up here.',
  loadError: 'Could not load the spotlight.',
} as const;

export const spotlightEntrySchema = z.object({
  rank: z.number(),
  user_id: z.string(),
  username: z.string(),
  full_name: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
  total_engagement: z.number(),
  total_likes: z.number(),
  total_comments: z.number(),
  total_views: z.number(),
  posts_count: z.number(),
  top_post_content: z.nullable(z.string()),
  top_post_image_url: z.nullable(z.string()),
});
export type SpotlightEntry = z.infer<typeof spotlightEntrySchema>;

/** GET /api/spotlight and POST /api/spotlight/refresh. `date` is the UTC day, YYYY-MM-DD. */
export interface Spotlight {
  date: string;
  entries: SpotlightEntry[];
}

/** The UTC day a ranking belongs to. */
export const spotlightDate = (at: number = Date.now()) => new Date(at).toISOString().slice(0, 10);
