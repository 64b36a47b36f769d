import type { Post } from '@common/schemas/posts.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { HandHeart, MapPin, UtensilsCrossed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEELING_EMOJI, FEELING_PHRASES, optionLabel } from './labels.ts';
import { PostMenu, type PostMenuItem } from './PostMenu.tsx';
import { RelativeTime } from './RelativeTime.tsx';

const badgeClass = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium';

function mapUrl(lat: number, lng: number) {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`;
}

function Location({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { location_name: name, location_lat: lat, location_lng: lng } = post;
  if (!name && (lat === null || lng === null)) return null;
  const label = name || `${lat!.toFixed(3)}, ${lng!.toFixed(3)}`;
  return (
    <span className="inline-flex items-center gap-1">
      <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
      <span className="sr-only">{t('at')} </span>
      {lat !== null && lng !== null ? (
        <a href={mapUrl(lat, lng)} target="_blank" rel="noopener noreferrer" className="hover:underline">
          {label}
        </a>
      ) : (
        label
      )}
    </span>
  );
}

/**
 * Author, time (linking to the post page), feeling, location, category badges and the post's menu
 * (Edit and Delete for the author, Report for other members; none for visitors).
 */
export function PostHeader({ post, menu }: { post: Post; menu: PostMenuItem[] }) {
  const { t } = useTranslation();
  const profile = `/profile/${encodeURIComponent(post.author.username)}`;
  const feelingPhrase = post.feeling
    ? FEELING_PHRASES[post.feeling as keyof typeof FEELING_PHRASES]
    : undefined;
  const edited = post.updated_at !== post.created_at;
  return (
    <header className="flex items-start gap-3">
      <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar url={post.author.avatar_url} name={post.author.full_name} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-slate-900">
          <Link to={profile} className="font-semibold hover:underline">
            {post.author.full_name || post.author.username}
          </Link>
          {post.group ? (
            <>
              {' '}
              <Link
                to={`/groups/${encodeURIComponent(post.group.slug)}`}
                className="text-slate-600 hover:text-brand-700 hover:underline"
              >
                {t('in {{name}}', { name: post.group.name })}
              </Link>
            </>
          ) : null}
          {post.feeling ? (
            <span className="text-slate-600">
              {' '}
              {feelingPhrase ? t(feelingPhrase) : t('is feeling {{feeling}}', { feeling: post.feeling })}{' '}
              <span aria-hidden="true">{FEELING_EMOJI[post.feeling] ?? ''}</span>
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-500">
          {/* 24 px tall: when the line wraps on a phone, the two links stay a finger apart (WCAG 2.5.8). */}
          <Link to={profile} className="py-0.5 hover:underline">
            @{post.author.username}
          </Link>
          <span aria-hidden="true">·</span>
          <Link to={`/post/${encodeURIComponent(post.id)}`} className="py-0.5 hover:underline">
            <RelativeTime iso={post.created_at} />
          </Link>
          {edited ? <span>{t('(edited)')}</span> : null}
          <Location post={post} />
        </p>
        {post.prayer_type || post.food_category ? (
          <p className="mt-1 flex flex-wrap gap-2">
            {post.prayer_type ? (
              <span className={`${badgeClass} bg-violet-100 text-violet-800`}>
                <HandHeart aria-hidden="true" className="h-3.5 w-3.5" />
                {t(optionLabel(post.prayer_type))}
              </span>
            ) : null}
            {post.food_category ? (
              <span className={`${badgeClass} bg-orange-100 text-orange-800`}>
                <UtensilsCrossed aria-hidden="true" className="h-3.5 w-3.5" />
                {t(optionLabel(post.food_category))}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      <PostMenu items={menu} />
    </header>
  );
}
