import type { Mention } from '@common/text/postText.ts';
import { splitText } from '@common/text/postText.ts';
import { Link } from 'react-router';

const linkClass = 'font-medium text-brand-700 hover:underline';

/**
 * A post's or comment's text with its hashtags linked to their pages, its mentions to the members they
 * named (by id, so a later change of username keeps the link: /members/:id) and its web links opened
 * in a new tab (never sent the page's address, never followed by crawlers); the rest stays text, as
 * written. An '@name' the server did not keep as a mention (no such member) stays text.
 */
export function PostText({ text, mentions = [] }: { text: string; mentions?: Mention[] }) {
  const byName = new Map(mentions.map((m) => [m.username.toLowerCase(), m.id]));
  return (
    <p className="whitespace-pre-wrap break-words text-slate-800">
      {splitText(text).map((part, index) => {
        const memberId = part.kind === 'mention' ? byName.get(part.value!) : undefined;
        return part.kind === 'tag' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered.
          <Link key={index} to={`/tags/${encodeURIComponent(part.value!)}`} className={linkClass}>
            {part.text}
          </Link>
        ) : memberId ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered.
          <Link key={index} to={`/members/${encodeURIComponent(memberId)}`} className={linkClass}>
            {part.text}
          </Link>
        ) : part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered.
            key={index}
            href={part.value}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="break-all text-brand-700 underline hover:text-brand-800"
          >
            {part.text}
          </a>
        ) : (
          part.text
        );
      })}
    </p>
  );
}
