import type { Post } from '@common/schemas/posts.ts';
import { AnonymousAvatar, Avatar } from '@web/components/Avatar.tsx';
import {
  AlarmClock,
  CheckCircle2,
  EyeOff,
  HandHeart,
  Hourglass,
  Lock,
  MapPin,
  Users,
  UtensilsCrossed,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FEELING_EMOJI, FEELING_PHRASES, optionLabel } from './labels.ts';
import { PostMenu, type PostMenuItem } from './PostMenu.tsx';
import { hidesAuthor } from './prayerState.ts';
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
 * A prayer request's state: 'Urgent', 'Answered', 'Expired', who can see it when not everyone, and
 * 'Anonymous' on the author's own anonymous request.
 */
function PrayerBadges({ post, hidden }: { post: Post; hidden: boolean }) {
  const { t } = useTranslation();
  const { prayer } = post;
  if (!prayer) return null;
  // A group's request says 'in {group}' beside its author already.
  const audience =
    prayer.visibility === 'friends' ? t('Friends') : prayer.visibility === 'only_me' ? t('Only me') : null;
  const AudienceIcon = prayer.visibility === 'only_me' ? Lock : Users;
  return (
    <>
      {prayer.urgent ? (
        <span className={`${badgeClass} bg-red-100 text-red-800`}>
          <AlarmClock aria-hidden="true" className="h-3.5 w-3.5" />
          {t('Urgent')}
        </span>
      ) : null}
      {prayer.answered_at ? (
        <span className={`${badgeClass} bg-emerald-100 text-emerald-800`}>
          <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" />
          {t('Answered')}
        </span>
      ) : prayer.expired ? (
        <span className={`${badgeClass} bg-slate-200 text-slate-700`}>
          <Hourglass aria-hidden="true" className="h-3.5 w-3.5" />
          {t('Expired')}
        </span>
      ) : null}
      {audience ? (
        <span className={`${badgeClass} bg-slate-100 text-slate-700`} title={t('Who can see this')}>
          <AudienceIcon aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">{t('Who can see this:')} </span>
          <span>{audience}</span>
        </span>
      ) : null}
      {prayer.anonymous && !hidden ? (
        <span className={`${badgeClass} bg-slate-100 text-slate-700`} title={t('Others see “A member”')}>
          <EyeOff aria-hidden="true" className="h-3.5 w-3.5" />
          {t('Anonymous')}
        </span>
      ) : null}
    </>
  );
}

/**
 * Author, time (linking to the post page), feeling, location, category badges and the post's menu
 * (Edit and Delete for the author, Report for other members; none for visitors). An anonymous prayer
 * request shows 'A member', with no photo or profile link, to everyone but its author.
 */
export function PostHeader({
  post,
  menu,
  meId,
  onMenuOpen,
}: {
  post: Post;
  menu: PostMenuItem[];
  meId: string | undefined;
  onMenuOpen?: () => void;
}) {
  const { t } = useTranslation();
  const profile = `/profile/${encodeURIComponent(post.author.username)}`;
  const feelingPhrase = post.feeling
    ? FEELING_PHRASES[post.feeling as keyof typeof FEELING_PHRASES]
    : undefined;
  const edited = post.updated_at !== post.created_at;
  const hidden = hidesAuthor(post, meId);
  const prayerBadges = post.prayer
    ? post.prayer.urgent ||
      post.prayer.answered_at !== null ||
      post.prayer.expired ||
      post.prayer.visibility === 'friends' ||
      post.prayer.visibility === 'only_me' ||
      post.prayer.anonymous
    : false;
  // 'Who can see this' of a post that is not a prayer request (PrayerBadges shows a request's).
  const friendsOnly = !post.prayer && post.visibility === 'friends';
  return (
    <header className="flex items-start gap-3">
      {hidden ? (
        <AnonymousAvatar />
      ) : (
        <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar url={post.author.avatar_url} name={post.author.full_name} />
        </Link>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-slate-900">
          {hidden ? (
            <span className="font-semibold">{t('A member')}</span>
          ) : (
            <Link to={profile} className="font-semibold hover:underline">
              {post.author.full_name || post.author.username}
            </Link>
          )}
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
          {hidden ? null : (
            <>
              <Link to={profile} className="py-0.5 hover:underline">
                @{post.author.username}
              </Link>
              <span aria-hidden="true">·</span>
            </>
          )}
          <Link to={`/post/${encodeURIComponent(post.id)}`} className="py-0.5 hover:underline">
            <RelativeTime iso={post.created_at} />
          </Link>
          {edited ? <span>{t('(edited)')}</span> : null}
          <Location post={post} />
        </p>
        {post.prayer_type || post.food_category || prayerBadges || friendsOnly ? (
          <p className="mt-1 flex flex-wrap gap-2">
            <PrayerBadges post={post} hidden={hidden} />
            {friendsOnly ? (
              <span className={`${badgeClass} bg-sky-100 text-sky-800`}>
                <Users aria-hidden="true" className="h-3.5 w-3.5" />
                {t('Friends')}
              </span>
            ) : null}
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
      <PostMenu items={menu} onOpen={onMenuOpen} />
    </header>
  );
}
