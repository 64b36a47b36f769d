import { CIRCLE_LIMITS, type Circle } from '@common/schemas/circles.ts';
import { Lock, Users } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FaithBadge, LiveBadge, TopicBadge } from './Badges.tsx';
import { CIRCLE_KEYS } from './circleTexts.ts';
import { HostAvatar } from './HostAvatar.tsx';

export const circlePath = (id: string) => `/faithverse/c/${encodeURIComponent(id)}`;

/** Whether the viewer would have to ask the host to get in (the server's rule, policies/circle.ts). */
export function needsApprovalFor(circle: Circle, viewerId: string | undefined): boolean {
  if (viewerId && circle.host_id === viewerId) return false;
  return circle.visibility === 'private' || circle.join_by_blessing;
}

/**
 * The whole card opens the circle: its title is the link and stretches over the card, so the
 * card reads as one link named by the title, and nothing nests inside a link.
 */
export const stretchedLinkClass =
  'rounded-sm after:absolute after:inset-0 after:rounded-2xl after:content-[""] focus:outline-none';
export const clickableCardClass =
  'relative rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-200 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500 has-[a:focus-visible]:ring-offset-2';

/** A card of the /faithverse list: status, title, faith and topic, host, members over max guests. */
export function CircleCard({ circle, viewerId }: { circle: Circle; viewerId: string | undefined }) {
  const max = circle.max_guests || CIRCLE_LIMITS.defaultMaxGuests;
  const isHost = viewerId === circle.host_id;
  const { t } = useTranslation();
  return (
    <article className={`${clickableCardClass} flex w-full flex-col gap-3 p-4`}>
      <div className="flex items-center justify-between gap-2">
        <LiveBadge status={circle.status} />
        <p className="inline-flex items-center gap-1 text-sm text-slate-600">
          <Users aria-hidden="true" className="h-4 w-4" />
          <span aria-hidden="true">
            {circle.member_count}/{max}
          </span>
          <span className="sr-only">
            {t('{{members}} of {{max}} members', { members: circle.member_count, max })}
          </span>
        </p>
      </div>
      <h2 className="break-words text-lg font-semibold leading-snug text-slate-900">
        <Link to={circlePath(circle.id)} className={stretchedLinkClass}>
          {circle.title}
        </Link>
      </h2>
      <div className="flex flex-wrap gap-2">
        <FaithBadge faith={circle.faith} />
        {circle.topic ? <TopicBadge topic={circle.topic} /> : null}
      </div>
      <div className="mt-auto flex items-center gap-2 border-t border-slate-100 pt-3">
        <HostAvatar host={circle.host} size="sm" />
        <span className="min-w-0 flex-1 truncate text-sm text-slate-700">
          <Trans
            i18nKey="<hidden>Hosted by </hidden>@{{username}}"
            values={{ username: circle.host.username }}
            components={{ hidden: <span className="sr-only" /> }}
          />
        </span>
        {isHost ? (
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
            {t('Your circle')}
          </span>
        ) : needsApprovalFor(circle, viewerId) ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
            <Lock aria-hidden="true" className="h-3 w-3" />
            {t(CIRCLE_KEYS.requestToJoin)}
          </span>
        ) : null}
      </div>
    </article>
  );
}

/** Grey stand-ins for cards while the list loads. */
export function CircleCardSkeletons({
  count = 3,
  label,
  columns = 'sm:grid-cols-2 lg:grid-cols-3',
}: {
  count?: number;
  label: string;
  columns?: string;
}) {
  return (
    <div role="status" className={`grid gap-4 ${columns}`}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
          key={index}
          aria-hidden="true"
          className="flex animate-pulse flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 motion-reduce:animate-none"
        >
          <div className="h-5 w-12 rounded bg-slate-200" />
          <div className="h-5 w-3/4 rounded bg-slate-200" />
          <div className="h-4 w-1/3 rounded-full bg-slate-100" />
          <div className="flex items-center gap-2 pt-2">
            <div className="h-8 w-8 rounded-full bg-slate-200" />
            <div className="h-4 w-24 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
