import type { CommunityEvent } from '@common/schemas/events.ts';
import { currentLocale } from '@web/i18n/i18n.ts';
import { viewerTimeZone } from '@web/queries/events.ts';
import { SelectField } from '@web/ui/Select.tsx';
import { CalendarDays, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatEventRange, formatEventStart, formatLocalDate, zoneName } from './eventTimes.ts';

/**
 * When: the shown occurrence in the viewer's zone and, if the event's zone reads it differently, in
 * that zone too; a weekly event's rule and a choice of its next dates (the one answered for).
 */
export function EventWhen({
  event,
  onPickOccurrence,
}: {
  event: CommunityEvent;
  onPickOccurrence: (startsAt: string) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const mine = formatEventRange(event.starts_at, event.ends_at, locale);
  const theirs =
    event.time_zone !== viewerTimeZone()
      ? formatEventRange(event.starts_at, event.ends_at, locale, event.time_zone)
      : null;
  const dates = event.next_occurrences.includes(event.starts_at)
    ? event.next_occurrences
    : [event.starts_at, ...event.next_occurrences];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <CalendarDays aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            <time dateTime={event.starts_at}>{mine}</time>
          </p>
          {theirs && theirs !== mine ? (
            <p className="text-sm text-slate-600">
              {t('{{when}} ({{zone}} time)', { when: theirs, zone: zoneName(event.time_zone) })}
            </p>
          ) : null}
        </div>
      </div>
      {event.repeat === 'weekly' ? (
        <div className="flex items-start gap-3">
          <Repeat aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="text-slate-700">
              {event.repeat_until
                ? t('Weekly until {{date}}', { date: formatLocalDate(event.repeat_until, locale) })
                : t('Weekly')}
            </p>
            {dates.length > 1 ? (
              <div className="sm:max-w-xs">
                <SelectField
                  label={t('Date')}
                  value={event.starts_at}
                  onChange={(startsAt) => {
                    if (startsAt) onPickOccurrence(startsAt);
                  }}
                  options={dates.map((startsAt) => [startsAt, formatEventStart(startsAt, locale)] as const)}
                />
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
