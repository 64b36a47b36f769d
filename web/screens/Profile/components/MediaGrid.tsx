import type { Post } from '@common/schemas/posts.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import type { WallMedia } from '@web/queries/profileCache.ts';
import { useWallFeed } from '@web/queries/profiles.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const TEXT = {
  photo: { empty: msg('No photos yet'), label: msg('Photos'), loading: msg('Loading photos...') },
  video: { empty: msg('No videos yet'), label: msg('Videos'), loading: msg('Loading videos...') },
};

const dateOf = (post: Post) => new Date(post.created_at).toLocaleDateString(currentLocale());

function PhotoTile({ post }: { post: Post }) {
  const { t } = useTranslation();
  const who = post.author.full_name || post.author.username;
  return (
    <Link
      to={`/post/${encodeURIComponent(post.id)}`}
      className="block overflow-hidden rounded-lg bg-slate-100"
    >
      <img
        src={post.image_feed_url ?? post.image_url ?? ''}
        alt={t('Shared by {{name}} on {{date}}', { name: who, date: dateOf(post) })}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full object-cover transition-transform hover:scale-105"
      />
    </Link>
  );
}

function VideoTile({ post, onOpen }: { post: Post; onOpen: (postId: string) => void }) {
  const { t } = useTranslation();
  const who = post.author.full_name || post.author.username;
  return (
    <button
      type="button"
      onClick={() => onOpen(post.id)}
      aria-label={t('Video shared by {{name}} on {{date}}: show it in Posts', {
        name: who,
        date: dateOf(post),
      })}
      className="group relative block w-full overflow-hidden rounded-lg bg-black"
    >
      {post.image_feed_url ? (
        // The clip's poster: a grid of stills loads far less than a grid of videos.
        <img
          src={post.image_feed_url}
          alt=""
          loading="lazy"
          className="pointer-events-none aspect-square w-full object-cover"
        />
      ) : (
        <video
          src={post.image_url ?? undefined}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none aspect-square w-full object-cover"
        />
      )}
      <span className="absolute inset-0 flex items-center justify-center bg-black/20 group-hover:bg-black/40">
        <Play aria-hidden="true" className="h-10 w-10 fill-white text-white" />
      </span>
    </button>
  );
}

/** Photos tab (3 columns) or Videos tab; a video opens its post in the Posts tab. */
export function MediaGrid({
  profile,
  media,
  onOpenVideo,
}: {
  profile: ProfilePage;
  media: WallMedia;
  onOpenVideo?: (postId: string) => void;
}) {
  const { t } = useTranslation();
  const feed = useWallFeed(profile.id, media);
  const text = TEXT[media];

  if (feed.isPending) {
    return (
      <div className={`${cardClass} p-8`}>
        <Spinner label={t(text.loading)} />
      </div>
    );
  }
  if (!feed.data) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-center gap-3 p-8 text-center`}>
        <p className="text-slate-700">{feed.error?.message}</p>
        <button type="button" onClick={() => feed.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) return <EmptyState title={t(text.empty)} />;
  return (
    <div className={`${cardClass} flex flex-col gap-4 p-2 sm:p-4`}>
      <ul aria-label={t(text.label)} className="grid grid-cols-3 gap-1 sm:gap-2">
        {posts.map((post) => (
          <li key={post.id}>
            {media === 'photo' ? (
              <PhotoTile post={post} />
            ) : (
              <VideoTile post={post} onOpen={(id) => onOpenVideo?.(id)} />
            )}
          </li>
        ))}
      </ul>
      {feed.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {feed.error?.message}
        </p>
      ) : null}
      {feed.hasNextPage ? (
        <button
          type="button"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          className={`${secondaryButtonClass} self-center`}
        >
          {feed.isFetchingNextPage ? t('Loading more...') : t('Load more')}
        </button>
      ) : null}
    </div>
  );
}
