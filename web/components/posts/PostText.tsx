import { splitText } from '@common/text/hashtags.ts';
import { Link } from 'react-router';

/**
 * A post's text with its hashtags linked to their pages and its web links opened in a new tab (never
 * sent the page's address, never followed by crawlers); the rest stays text, as written.
 */
export function PostText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-slate-800">
      {splitText(text).map((part, index) =>
        part.kind === 'tag' ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered.
            key={index}
            to={`/tags/${encodeURIComponent(part.value!)}`}
            className="font-medium text-brand-700 hover:underline"
          >
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
        ),
      )}
    </p>
  );
}
