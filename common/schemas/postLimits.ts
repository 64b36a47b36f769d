/**
 * The post contract's limits and fixed texts, free of schemas: the web's feed screens import these
 * without loading the post and recipe schemas (common/schemas/posts.ts, which re-exports them), so the
 * signed-in first screen stays small.
 */
export const POST_CONTENT_MAX_LENGTH = 5000;
export const RECIPE_MAX_LENGTH = 5000;
export const LOCATION_NAME_MAX_LENGTH = 200;
export const COMMENT_MAX_LENGTH = 2000;
/** 'Content warning': a line, as Mastodon's spoiler text (issue 51). */
export const CONTENT_WARNING_MAX_LENGTH = 200;
/** A photo's 'Alt text' (issue 51), as Mastodon's media description. */
export const ALT_TEXT_MAX_LENGTH = 1500;
export const FEED_PAGE_MAX = 50;
/** What a media-only post stores as its text (spec section 5). */
export const MEDIA_ONLY_CONTENT = '.';

export const EMPTY_POST_MESSAGE = 'Write something or add a photo or video.';
