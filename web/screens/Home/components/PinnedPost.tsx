import type { Post } from '@common/schemas/posts.ts';
import { ApiError } from '@web/api/client.ts';
import { PostCard } from '@web/components/posts/PostCard.tsx';
import { postToScrollTo } from '@web/components/posts/postToScrollTo.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { useFeed, usePost } from '@web/queries/posts.ts';
import { X } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'sonner';

/**
 * `/?post={id}` (from Trending Now): scroll that post into view once the feed has it; a post that is not
 * in the loaded feed is fetched on its own and pinned above the feed.
 */
export function usePostFromLink() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const target = params.get('post') || undefined;
  const feed = useFeed('general');
  const inFeed = Boolean(target && feed.data?.pages.some((page) => page.posts.some((p) => p.id === target)));
  const single = usePost(target, { enabled: feed.data !== undefined && !inFeed });
  const pinned = target && !inFeed ? single.data : undefined;

  const dismiss = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('post');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  // Each navigation to /?post= scrolls once, choosing the same trending post again included.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!target || scrolledFor.current === location.key || !(inFeed || pinned)) return;
    scrolledFor.current = location.key;
    requestAnimationFrame(() =>
      postToScrollTo(target)?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
    );
  }, [target, inFeed, pinned, location.key]);

  const failure = !inFeed && single.isError ? single.error : null;
  useEffect(() => {
    if (!failure) return;
    if (failure instanceof ApiError && failure.status === 404) toast.error(i18n.t('Post not found'));
    else toast.error(i18n.t('Error loading post'), { description: failure.message });
    dismiss();
  }, [failure, dismiss]);

  return { pinned, dismiss };
}

/** The linked post above the feed, with a way to put it away. */
export function PinnedPost({ post, onDismiss }: { post: Post; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pinned-post" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 id="pinned-post" className="text-sm font-semibold text-slate-600">
          {t('Trending post')}
        </h2>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('Close trending post')}
          className="rounded-lg p-1 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <PostCard post={post} onDeleted={onDismiss} />
    </section>
  );
}
