import { USERNAME_MAX_LENGTH } from '../limits.ts';

/**
 * A post's or comment's text as the card shows it (issue 51): plain runs, web links, hashtags and
 * mentions.
 *
 * Hashtags: '#' then letters and digits of any script and underscores, as Mastodon reads
 * them. A tag starts at the beginning of the text or after a character that cannot be part of a word
 * or a link (so 'C#' and 'page#section' are no tags), and never inside a link. Tags are compared
 * case-folded ('#Sourdough' is '#sourdough'); a tag of digits alone ('#1') is none.
 */
export const HASHTAG_MAX_LENGTH = 100;
/** Tags one post counts at most: past it, the rest stay text. */
export const HASHTAGS_PER_POST = 30;
/** Members one post or comment may mention; an 11th is refused (too_many_mentions). */
export const MENTIONS_PER_POST = 10;

/** Links in a text, as the post's text shows them (http and https, up to the first space). */
const LINK = /https?:\/\/[^\s<>"]+/giu;
const TAG = /(^|[^\p{L}\p{N}_&/#@.-])#([\p{L}\p{M}\p{N}_]{1,100})(?![\p{L}\p{M}\p{N}_])/gu;
/**
 * A mention: '@' and a username (a-z, 0-9, '_', any case) at the start or after a character that is no
 * part of a word or an address, so 'ana@example.com' mentions no one, nor does '@ana@example.social'
 * (a handle of another server, for federation to read).
 */
const MENTION = new RegExp(
  `(^|[^\\p{L}\\p{N}_&/#@.+-])@([A-Za-z0-9_]{1,${USERNAME_MAX_LENGTH}})(?![\\p{L}\\p{N}_]|@[\\p{L}\\p{N}])`,
  'gu',
);
const WORD_PART = new RegExp(`${TAG.source}|${MENTION.source}`, 'gu');

/** A tag as it is stored and linked: NFC, lower case by Unicode's rules. */
export function normalizeTag(tag: string): string {
  return tag.normalize('NFC').toLocaleLowerCase('und');
}

/** Whether `tag` (without '#') could be written as a tag. */
export function isTag(tag: string): boolean {
  return /^[\p{L}\p{M}\p{N}_]{1,100}$/u.test(tag) && !/^\p{N}+$/u.test(tag);
}

export interface TextPart {
  kind: 'text' | 'tag' | 'link' | 'mention';
  /** What the text says there ('#Sourdough', '@Ana', or the link as written). */
  text: string;
  /** A tag's normalized name, a link's address, a mention's username in lower case. */
  value?: string;
}

/** The text cut into plain runs, links, tags and mentions, in order (the post card renders each). */
export function splitText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const pushText = (until: number) => {
    if (until <= at) return;
    const run = text.slice(at, until);
    let last = 0;
    let tags = 0;
    for (const match of run.matchAll(WORD_PART)) {
      const [whole, tagBefore, tag, mentionBefore, username] = match;
      const before = tagBefore ?? mentionBefore ?? '';
      const start = match.index + before.length;
      let part: TextPart;
      if (tag !== undefined) {
        if (/^\p{N}+$/u.test(tag) || tags >= HASHTAGS_PER_POST) continue;
        tags += 1;
        part = { kind: 'tag', text: `#${tag}`, value: normalizeTag(tag) };
      } else {
        part = { kind: 'mention', text: `@${username}`, value: username!.toLowerCase() };
      }
      if (start > last) parts.push({ kind: 'text', text: run.slice(last, start) });
      parts.push(part);
      last = match.index + whole.length;
    }
    if (last < run.length) parts.push({ kind: 'text', text: run.slice(last) });
    at = until;
  };
  for (const match of text.matchAll(LINK)) {
    // A link ends before the punctuation that closes a sentence around it.
    const link = match[0].replace(/[.,;:!?)\]'"]+$/u, '');
    pushText(match.index);
    parts.push({ kind: 'link', text: link, value: link });
    at = match.index + link.length;
  }
  pushText(text.length);
  return parts;
}

/** The distinct tags of a text, normalized, in the order they first appear (at most HASHTAGS_PER_POST). */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const part of splitText(text)) {
    if (part.kind === 'tag' && part.value) tags.add(part.value);
  }
  return [...tags].slice(0, HASHTAGS_PER_POST);
}

/** The distinct usernames a text mentions, in lower case, in the order they first appear. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const part of splitText(text)) {
    if (part.kind === 'mention' && part.value) names.add(part.value);
  }
  return [...names];
}

/** A mention as a post or comment keeps it: the member's id, and the username written then. */
export interface Mention {
  id: string;
  username: string;
}
