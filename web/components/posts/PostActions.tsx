import type { Post } from '@common/schemas/posts.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { useSharePost, useToggleLike, useTogglePrayed } from '@web/queries/posts.ts';
import { HandHeart, Heart, MessageCircle, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { authorName } from './prayerState.ts';

const actionClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-2 sm:px-3 text-sm font-medium hover:bg-slate-100';

/** A count, with the word a screen reader says after it (`word`: 'like' or 'likes', by the count). */
function Count({ value, word }: { value: number; word: string }) {
  return (
    <span className="text-sm text-slate-500">
      {value}
      <span className="sr-only"> {word}</span>
    </span>
  );
}

/** The old way, for pages served over plain http (a LAN install), where navigator.clipboard is missing. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies the post link, offers the system share sheet where there is one, and counts the share. */
async function sharePostLink(post: Post, countShare: (id: string) => void) {
  const url = `${window.location.origin}/post/${encodeURIComponent(post.id)}`;
  // Both start inside the click, while the browser still counts it as the member's gesture.
  const copied = navigator.clipboard
    ? navigator.clipboard.writeText(url).then(
        () => true,
        () => copyWithSelection(url),
      )
    : Promise.resolve(copyWithSelection(url));
  const shared =
    typeof navigator.share === 'function'
      ? navigator
          .share({
            url,
            // An anonymous request is shared as from 'A member', whoever shares it.
            title: i18n.t('{{name}} on Splikz', { name: authorName(post, undefined) }),
          })
          .then(
            () => true,
            () => false,
          )
      : Promise.resolve(false);
  const didCopy = await copied;
  if (didCopy) toast.success(i18n.t('Link copied!'));
  if (didCopy || (await shared)) countShare(post.id);
  else toast.error(i18n.t('Could not copy the link'), { description: url });
}

/** Like, Comment and Share, each with its count; prayer requests also have 'I prayed'. */
export function PostActions({
  post,
  commentsOpen,
  commentsId,
  onToggleComments,
}: {
  post: Post;
  commentsOpen: boolean;
  commentsId: string;
  onToggleComments: () => void;
}) {
  const { t } = useTranslation();
  const toggleLike = useToggleLike();
  const togglePrayed = useTogglePrayed();
  const share = useSharePost();
  const isPrayer = post.category === 'prayer';
  // Four actions do not fit a phone's width with their words: there, Comment and Share keep only their icons.
  const label = (text: string) => (isPrayer ? <span className="sr-only sm:not-sr-only">{text}</span> : text);
  return (
    <footer className="flex flex-wrap items-center justify-between gap-y-1 border-t border-slate-100 pt-2 sm:justify-start sm:gap-x-4">
      <span className="inline-flex items-center gap-1">
        <button
          type="button"
          aria-pressed={post.liked_by_me}
          onClick={() => toggleLike(post)}
          className={`${actionClass} ${post.liked_by_me ? 'text-rose-600' : 'text-slate-600'}`}
        >
          <Heart aria-hidden="true" className={`h-5 w-5 ${post.liked_by_me ? 'fill-current' : ''}`} />
          {t('Like')}
        </button>
        <Count value={post.like_count} word={t('likes', { count: post.like_count })} />
      </span>
      {isPrayer ? (
        <span className="inline-flex items-center gap-1">
          <button
            type="button"
            aria-pressed={post.prayed_by_me}
            onClick={() => togglePrayed(post)}
            className={`${actionClass} ${post.prayed_by_me ? 'text-violet-700' : 'text-slate-600'}`}
          >
            <HandHeart
              aria-hidden="true"
              className={`h-5 w-5 ${post.prayed_by_me ? 'fill-violet-100' : ''}`}
            />
            {t('I prayed')}
          </button>
          <Count value={post.prayed_count} word={t('prayers', { count: post.prayed_count })} />
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <button
          type="button"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={onToggleComments}
          className={`${actionClass} text-slate-600`}
        >
          <MessageCircle aria-hidden="true" className="h-5 w-5" />
          {label(t('Comment'))}
        </button>
        <Count value={post.comment_count} word={t('comments', { count: post.comment_count })} />
      </span>
      {/* A post kept to the author's friends (or a request to its author) is not shared onward. */}
      {post.visibility === 'friends' || post.visibility === 'only_me' ? null : (
        <span className="inline-flex items-center gap-1">
          <button
            type="button"
            onClick={() => void sharePostLink(post, (id) => share.mutate(id))}
            className={`${actionClass} text-slate-600`}
          >
            <Share2 aria-hidden="true" className="h-5 w-5" />
            {label(t('Share'))}
          </button>
          <Count value={post.share_count} word={t('shares', { count: post.share_count })} />
        </span>
      )}
    </footer>
  );
}
