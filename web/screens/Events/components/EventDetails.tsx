import type { CommunityEvent } from '@common/schemas/events.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { linkButtonClass } from '@web/ui/styles.ts';
import { ExternalLink, Globe, MapPin, Radio, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventWhen } from './EventWhen.tsx';
import { circlePath, mapLink } from './eventTexts.ts';

/** When, where, who hosts it (and in which group), and what it is about. */
export function EventDetails({
  event,
  onPickOccurrence,
}: {
  event: CommunityEvent;
  onPickOccurrence: (startsAt: string) => void;
}) {
  const { t } = useTranslation();
  const { host } = event;
  return (
    <section aria-label={t('Details')} className="flex flex-col gap-4">
      <EventWhen event={event} onPickOccurrence={onPickOccurrence} />
      <EventPlace event={event} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {host ? (
          <Link
            to={`/profile/${encodeURIComponent(host.username)}`}
            className="inline-flex items-center gap-2 font-medium text-slate-800 hover:underline"
          >
            <Avatar url={host.avatar_url} name={host.full_name} size="sm" />
            {t('Hosted by {{name}}', { name: host.full_name || host.username })}
          </Link>
        ) : null}
        {event.performer ? (
          <span className="font-medium text-slate-800">
            {t('With {{performer}}', { performer: event.performer })}
          </span>
        ) : null}
        {event.group ? (
          <Link
            to={`/groups/${encodeURIComponent(event.group.slug)}`}
            className="inline-flex items-center gap-1 text-slate-600 hover:underline"
          >
            <Users aria-hidden="true" className="h-4 w-4" />
            {t('in {{group}}', { group: event.group.name })}
          </Link>
        ) : null}
      </div>
      {event.description ? (
        <p className="whitespace-pre-wrap break-words text-slate-700">{event.description}</p>
      ) : null}
    </section>
  );
}

/** The venue and address with a map link, or 'Online' with its link or circle. */
function EventPlace({ event }: { event: CommunityEvent }) {
  const { t } = useTranslation();
  if (event.place === 'in_person') {
    const map = mapLink(event);
    return (
      <div className="flex items-start gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">{event.venue}</p>
          {event.address ? <p className="break-words text-sm text-slate-600">{event.address}</p> : null}
          {map ? (
            <a
              href={map}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkButtonClass} inline-flex items-center gap-1 text-sm`}
            >
              {t('Open in OpenStreetMap')}
              <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
            </a>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3">
      <Globe aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{t('Online')}</p>
        {event.place === 'link' && event.online_url ? (
          <a
            href={event.online_url}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkButtonClass} break-all text-sm`}
          >
            {event.online_url}
          </a>
        ) : event.place === 'circle' && event.circle_id ? (
          <Link
            to={circlePath(event.circle_id)}
            className={`${linkButtonClass} inline-flex items-center gap-1 text-sm`}
          >
            <Radio aria-hidden="true" className="h-4 w-4" />
            {t('Join the circle')}
          </Link>
        ) : event.place === 'circle' ? (
          <p className="text-sm text-slate-600">{t('The circle opens when the event starts')}</p>
        ) : null}
      </div>
    </div>
  );
}
