import type { Comment, Post } from '@common/schemas/posts.ts';
import { splitText, type TextPart } from '@common/text/postText.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';
import { type MastodonAccount, presentAuthorAccount } from './account.ts';

/**
 * A post's text as Mastodon's sanitised HTML: escaped runs, links, and the post's own mentions and
 * tags as links to their pages (what the web app's card links). No HTML of the member's gets through.
 */
export function postHtml(
  base: string,
  text: string,
  mentions: Post['mentions'],
  parts: TextPart[] = splitText(text),
): string {
  const mentioned = new Map(mentions.map((m) => [m.username.toLowerCase(), m]));
  const inline = parts
    .map((part) => {
      if (part.kind === 'link')
        return `<a href="${escapeHtml(part.value!)}" rel="nofollow noopener noreferrer" target="_blank">${escapeHtml(part.text)}</a>`;
      if (part.kind === 'tag')
        return `<a href="${base}/tags/${encodeURIComponent(part.value!)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(part.text.slice(1))}</span></a>`;
      if (part.kind === 'mention' && mentioned.has(part.value!))
        return `<span class="h-card"><a href="${base}/profile/${encodeURIComponent(part.value!)}" class="u-url mention">@<span>${escapeHtml(part.text.slice(1))}</span></a></span>`;
      return escapeHtml(part.text);
    })
    .join('');
  return inline
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export interface MastodonStatus {
  id: string;
  created_at: string;
  edited_at: string | null;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean;
  spoiler_text: string;
  visibility: 'public' | 'private';
  language: null;
  uri: string;
  url: string;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
  favourited: boolean;
  reblogged: boolean;
  muted: boolean;
  bookmarked: boolean;
  pinned: boolean;
  content: string;
  text: string;
  filtered: [];
  reblog: null;
  application: null;
  account: MastodonAccount;
  media_attachments: unknown[];
  mentions: Array<{ id: string; username: string; acct: string; url: string }>;
  tags: Array<{ name: string; url: string }>;
  emojis: [];
  card: unknown;
  poll: unknown;
  /** Splikz's own: what Mastodon apps ignore and Splikz-aware ones can show. */
  splikz: {
    category: Post['category'];
    prayer_type: string | null;
    food_category: string | null;
    recipe: string | null;
    feeling: string | null;
  };
}

const ANONYMOUS_ID = 'anonymous';

/** A post as a Mastodon status (issue 53), from the post the web app's presenter made for this viewer. */
export function presentStatus(base: string, post: Post): MastodonStatus {
  const url = `${base}/post/${post.id}`;
  const author = post.author.id ? post.author : { ...post.author, id: ANONYMOUS_ID, username: ANONYMOUS_ID };
  const parts = splitText(post.content);
  const tags = new Set<string>();
  for (const part of parts) if (part.kind === 'tag') tags.add(part.value!);
  const mediaUrl = post.image_url
    ? post.image_url.startsWith('http')
      ? post.image_url
      : `${base}${post.image_url}`
    : null;
  const previewUrl = post.image_feed_url
    ? post.image_feed_url.startsWith('http')
      ? post.image_feed_url
      : `${base}${post.image_feed_url}`
    : mediaUrl;
  const meta =
    post.media_width && post.media_height
      ? {
          original: {
            width: post.media_width,
            height: post.media_height,
            size: `${post.media_width}x${post.media_height}`,
            aspect: post.media_width / post.media_height,
          },
        }
      : {};
  return {
    id: post.id,
    created_at: post.created_at,
    edited_at: post.updated_at && post.updated_at !== post.created_at ? post.updated_at : null,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: Boolean(post.content_warning),
    spoiler_text: post.content_warning ?? '',
    visibility: post.visibility === 'friends' ? 'private' : 'public',
    language: null,
    uri: url,
    url,
    replies_count: post.comment_count,
    reblogs_count: post.share_count,
    favourites_count: post.like_count,
    favourited: post.liked_by_me,
    reblogged: false,
    muted: false,
    bookmarked: post.bookmarked_by_me,
    pinned: false,
    content: postHtml(base, post.content, post.mentions, parts),
    text: post.content,
    filtered: [],
    reblog: null,
    application: null,
    account: presentAuthorAccount(base, author),
    media_attachments:
      mediaUrl && post.media_type !== 'none'
        ? [
            {
              id: post.id,
              type: post.media_type === 'video' ? 'video' : 'image',
              url: mediaUrl,
              preview_url: previewUrl,
              remote_url: null,
              text_url: null,
              meta,
              description: post.alt_text,
              blurhash: null,
            },
          ]
        : [],
    mentions: post.mentions.map((m) => ({
      id: m.id,
      username: m.username,
      acct: m.username,
      url: `${base}/profile/${encodeURIComponent(m.username)}`,
    })),
    tags: [...tags].map((name) => ({ name, url: `${base}/tags/${encodeURIComponent(name)}` })),
    emojis: [],
    card: post.card
      ? {
          url: post.card.url,
          title: post.card.title,
          description: post.card.description,
          type: 'link',
          author_name: '',
          author_url: '',
          provider_name: post.card.site,
          provider_url: '',
          html: '',
          width: post.card.image_width ?? 0,
          height: post.card.image_height ?? 0,
          image: post.card.image_url,
          embed_url: '',
          blurhash: null,
        }
      : null,
    poll: post.poll
      ? {
          id: post.id,
          expires_at: post.poll.expires_at,
          expired: Date.parse(post.poll.expires_at) <= Date.now(),
          multiple: post.poll.multiple,
          votes_count: post.poll.votes_count,
          voters_count: post.poll.voters_count,
          voted: post.voted_by_me,
          own_votes: [],
          options: post.poll.options.map((option) => ({
            title: option.title,
            votes_count: option.votes_count,
          })),
          emojis: [],
        }
      : null,
    splikz: {
      category: post.category,
      prayer_type: post.prayer_type,
      food_category: post.food_category,
      recipe: post.recipe,
      feeling: post.feeling,
    },
  };
}

/** A comment as Mastodon's reply: a status in reply to its post, seen as its post is. */
export function presentCommentStatus(base: string, comment: Comment, post: Post): MastodonStatus {
  const url = `${base}/post/${post.id}#comment-${comment.id}`;
  const author = comment.author.id
    ? comment.author
    : { ...comment.author, id: ANONYMOUS_ID, username: ANONYMOUS_ID };
  return {
    id: comment.id,
    created_at: comment.created_at,
    edited_at: null,
    in_reply_to_id: post.id,
    in_reply_to_account_id: post.author.id || ANONYMOUS_ID,
    sensitive: false,
    spoiler_text: '',
    visibility: post.visibility === 'friends' ? 'private' : 'public',
    language: null,
    uri: url,
    url,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
    content: postHtml(base, comment.content, comment.mentions),
    text: comment.content,
    filtered: [],
    reblog: null,
    application: null,
    account: presentAuthorAccount(base, author),
    media_attachments: [],
    mentions: comment.mentions.map((m) => ({
      id: m.id,
      username: m.username,
      acct: m.username,
      url: `${base}/profile/${encodeURIComponent(m.username)}`,
    })),
    tags: [],
    emojis: [],
    card: null,
    poll: null,
    splikz: { category: post.category, prayer_type: null, food_category: null, recipe: null, feeling: null },
  };
}
