import type { Author } from '@common/schemas/posts.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import { escapeHtml } from '@server/http/escapeHtml.ts';

/** Mastodon's Account entity (4.x), for the client API (issue 53). */
export interface MastodonAccount {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  group: boolean;
  created_at: string;
  note: string;
  url: string;
  uri: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  emojis: [];
  fields: Array<{ name: string; value: string; verified_at: null }>;
}

export interface MastodonSource {
  privacy: 'public' | 'private';
  sensitive: boolean;
  language: string;
  note: string;
  fields: Array<{ name: string; value: string }>;
  follow_requests_count: number;
}

/** Plain text as Mastodon's HTML: paragraphs on blank lines, <br> within them, everything escaped. */
export function plainToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function pictureUrls(base: string, avatar: string | null, header: string | null) {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url}`);
  const avatarUrl = avatar ? absolute(avatar) : `${base}/icons/icon-192.png`;
  const headerUrl = header ? absolute(header) : `${base}/logo.png`;
  return { avatar: avatarUrl, avatar_static: avatarUrl, header: headerUrl, header_static: headerUrl };
}

type AccountCounts = {
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
};

function accountOf(
  base: string,
  person: { id: string; username: string; full_name: string; avatar_url: string | null },
  rest: {
    bio: string | null;
    cover: string | null;
    website: string | null;
    created_at: string;
  } & AccountCounts,
): MastodonAccount {
  const url = `${base}/profile/${encodeURIComponent(person.username)}`;
  return {
    id: person.id,
    username: person.username,
    acct: person.username,
    display_name: person.full_name,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: rest.created_at,
    note: plainToHtml(rest.bio ?? ''),
    url,
    uri: url,
    ...pictureUrls(base, person.avatar_url, rest.cover),
    followers_count: rest.followers_count,
    following_count: rest.following_count,
    statuses_count: rest.statuses_count,
    last_status_at: rest.last_status_at,
    emojis: [],
    fields: rest.website
      ? [
          {
            name: 'Website',
            value: `<a href="${escapeHtml(rest.website)}" rel="nofollow noopener me" target="_blank">${escapeHtml(rest.website)}</a>`,
            verified_at: null,
          },
        ]
      : [],
  };
}

/** A member's whole account, from the profile page the web app shows (the same policies decided it). */
export function presentMastodonAccount(
  base: string,
  page: ProfilePage,
  extra: { created_at: string; statuses_count: number; last_status_at: string | null },
): MastodonAccount {
  return accountOf(base, page, {
    bio: page.bio,
    cover: page.cover_media_type === 'photo' ? page.cover_photo_url : null,
    website: page.website,
    created_at: extra.created_at,
    followers_count: page.followers_visible || page.is_me ? page.followers_count : 0,
    following_count: page.followers_visible || page.is_me ? page.following_count : 0,
    statuses_count: extra.statuses_count,
    last_status_at: extra.last_status_at?.slice(0, 10) ?? null,
  });
}

/**
 * A post's author as a status carries it: what the post's row holds. Clients read the counts from
 * GET /api/v1/accounts/:id when they open the profile; in a status they are 0.
 */
export function presentAuthorAccount(base: string, author: Author): MastodonAccount {
  return accountOf(base, author, {
    bio: null,
    cover: null,
    website: null,
    created_at: new Date(0).toISOString(),
    followers_count: 0,
    following_count: 0,
    statuses_count: 0,
    last_status_at: null,
  });
}
