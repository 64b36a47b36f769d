import type { Post } from '@common/schemas/posts.ts';
import { useMediaPreferences } from '@web/queries/settings.ts';
import { Dialog } from '@web/ui/Dialog.tsx';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The post's photo (feed-sized, opening full size in a dialog) or its video, played inline; both follow
 * the member's media settings. `eager`: the first post of a feed, whose photo is often the largest thing on
 * the first screen, loads at once and first.
 */
export function PostMedia({ post, eager = false }: { post: Post; eager?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [altShown, setAltShown] = useState(false);
  const altId = useId();
  const media = useMediaPreferences();
  if (!post.image_url || post.media_type === 'none') return null;
  const who = post.author.full_name || post.author.username;
  // With its size known, the box is sized before the file arrives: the feed does not jump.
  const size =
    post.media_width && post.media_height ? { width: post.media_width, height: post.media_height } : {};

  if (post.media_type === 'video') {
    return (
      <video
        key={media.autoplay ? 'autoplay' : 'still'}
        src={post.image_url}
        // The still the browser took when the clip was trimmed: shown before the video loads.
        poster={post.image_feed_url ?? undefined}
        controls
        playsInline
        // Muted autoplay: browsers pause such videos while they are off screen.
        autoPlay={media.autoplay}
        muted={media.autoplay}
        preload={media.dataSaver ? 'none' : 'metadata'}
        aria-label={t('Video shared by {{name}}', { name: who })}
        {...size}
        className="h-auto max-h-[36rem] w-full rounded-xl bg-black"
      />
    );
  }

  // The author's description when they gave one (alt text, issue 51); else who shared it.
  const alt = post.alt_text || t('Photo shared by {{name}}', { name: who });
  return (
    <>
      <div className="relative">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('View photo full size')}
          className="block w-full overflow-hidden rounded-xl bg-slate-100"
        >
          <img
            src={post.image_feed_url ?? post.image_url}
            alt={alt}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            {...size}
            className="h-auto max-h-[36rem] w-full object-cover"
          />
        </button>
        {post.alt_text ? (
          <button
            type="button"
            aria-expanded={altShown}
            aria-controls={altId}
            aria-label={t('Show alt text')}
            onClick={() => setAltShown((shown) => !shown)}
            className="absolute bottom-2 left-2 rounded-md bg-black/70 px-2 py-0.5 text-xs font-bold tracking-wide text-white hover:bg-black/85"
          >
            {t('ALT')}
          </button>
        ) : null}
      </div>
      {post.alt_text ? (
        <p
          id={altId}
          hidden={!altShown}
          className="whitespace-pre-wrap break-words rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700"
        >
          {post.alt_text}
        </p>
      ) : null}
      {open ? (
        <Dialog
          onClose={() => setOpen(false)}
          label={alt}
          className="max-h-[95vh] max-w-[95vw] rounded-xl bg-black"
        >
          <div className="relative">
            <img
              src={media.highQuality ? post.image_url : (post.image_feed_url ?? post.image_url)}
              alt={alt}
              className="max-h-[90vh] max-w-[95vw] object-contain"
            />
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label={t('Close')}
              className="absolute top-2 right-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
