import type { Circle } from '@common/schemas/circles.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { faithLabel, LiveBadge } from './Badges.tsx';
import { circlePath, clickableCardClass, stretchedLinkClass } from './CircleCard.tsx';
import { HostAvatar } from './HostAvatar.tsx';

/**
 * A card of /faithverse/home (spec section 2, second list version): LIVE, faith, the host (a link to
 * their profile, above the card's own link), title and 'Topic: {topic}'.
 */
export function LiveCircleCard({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const hostName = circle.host.full_name || circle.host.username;
  return (
    <article className={`${clickableCardClass} flex w-full flex-col gap-3 p-4`}>
      <div className="flex items-center justify-between gap-2">
        <LiveBadge status={circle.status} />
        <span className="truncate text-sm font-medium text-brand-700">{t(faithLabel(circle.faith))}</span>
      </div>
      <div className="flex min-w-0 items-center gap-3">
        <HostAvatar host={circle.host} />
        <Link
          to={`/profile/${encodeURIComponent(circle.host.username)}`}
          className="relative z-10 min-w-0 truncate rounded-sm font-medium text-slate-800 hover:text-brand-700 hover:underline"
        >
          {hostName}
        </Link>
      </div>
      <h3 className="break-words text-lg font-semibold leading-snug text-slate-900">
        <Link to={circlePath(circle.id)} className={stretchedLinkClass}>
          {circle.title}
        </Link>
      </h3>
      {circle.topic ? (
        <p className="break-words text-sm text-slate-600">{t('Topic: {{topic}}', { topic: circle.topic })}</p>
      ) : null}
    </article>
  );
}
