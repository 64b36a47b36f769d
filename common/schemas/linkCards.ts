import { z } from 'zod/mini';
import { defineErrors } from '../errorTemplates.ts';

/**
 * Link cards (issue 51): the first link in a post gets a card of the page it points to (title,
 * description, image), read by the server (server/jobs/linkCards.ts) and shown from our own storage.
 */
export const LINK_CARD_TITLE_MAX = 200;
export const LINK_CARD_DESCRIPTION_MAX = 300;
export const LINK_CARD_SITE_MAX = 100;
/** The page is read up to here; a card's tags are in its head, far before. */
export const LINK_CARD_PAGE_MAX_BYTES = 1024 * 1024;
/** A card's image larger than this is not taken (the card comes without one). */
export const LINK_CARD_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Each of the page and its image, every redirect included. */
export const LINK_CARD_TIMEOUT_MS = 8000;
export const LINK_CARD_MAX_REDIRECTS = 3;
/** The card's image is re-encoded to WebP at most this wide. */
export const LINK_CARD_IMAGE_WIDTH = 640;

export const LINK_CARD_ERRORS = defineErrors({
  link_card_not_found: 'This post has no link card.',
  link_card_author_only: 'Only the author of a post can remove its link card.',
});

/** A post's card, as every viewer sees it; the image is ours (`/media/...`), never the site's. */
export const linkCardSchema = z.object({
  /** The link as written in the post (what the card opens). */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  /** The site's name (og:site_name), or its host. */
  site: z.string(),
  image_url: z.nullable(z.string()),
  image_width: z.nullable(z.number()),
  image_height: z.nullable(z.number()),
});
export type LinkCard = z.infer<typeof linkCardSchema>;
