import {
  LINK_CARD_DESCRIPTION_MAX,
  LINK_CARD_SITE_MAX,
  LINK_CARD_TITLE_MAX,
} from '@common/schemas/linkCards.ts';
import { Parser } from 'htmlparser2';

/** What a page says about itself for a card, before its image is fetched. */
export interface PageCard {
  title: string;
  description: string;
  site: string;
  /** The image's absolute http(s) address, or null. */
  imageUrl: string | null;
}

/**
 * Reads a page's card from the tags sites write for link previews: Open Graph (`og:title`,
 * `og:description`, `og:image`, `og:site_name`), then Twitter's, then `<title>` and the meta
 * description. Pages are hostile input: nothing here throws, every text is one line of plain text cut
 * to its limit, and an image address is kept only if it is http(s). Null when the page has no title at
 * all (no card is better than a card of nothing).
 */
export function readCard(html: string, pageUrl: string): PageCard | null {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        const content = attributes.content;
        // The first of each wins, as for the previews of the big networks.
        if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = oneLine(meta.get(key) ?? '');
      if (value) return value;
    }
    return '';
  };
  const cardTitle = cut(first('og:title', 'twitter:title') || oneLine(title), LINK_CARD_TITLE_MAX);
  if (!cardTitle) return null;
  return {
    title: cardTitle,
    description: cut(
      first('og:description', 'twitter:description', 'description'),
      LINK_CARD_DESCRIPTION_MAX,
    ),
    site: cut(first('og:site_name') || new URL(pageUrl).hostname, LINK_CARD_SITE_MAX),
    imageUrl: webAddress(
      first('og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'),
      pageUrl,
    ),
  };
}

/** Text as one line: control characters and runs of white space become one space. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/gu, ' ').trim();
}

/** Cut at `max` characters (code points, so no half of an emoji), with an ellipsis. */
function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** `raw` read against the page as an absolute http(s) address, or null. */
function webAddress(raw: string, pageUrl: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
