import { type CommunityEvent, EVENT_GUESTS_MAX, type RsvpAnswer } from '@common/schemas/events.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { useRsvp } from '@web/queries/events.ts';
import { SelectField } from '@web/ui/Select.tsx';
import { Check, Star, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

const GUEST_COUNTS = Array.from({ length: EVENT_GUESTS_MAX + 1 }, (_, n) => String(n));

const answerClass = (pressed: boolean) =>
  `inline-flex flex-1 items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${
    pressed
      ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`;

/**
 * Going / Interested / Not going for the shown occurrence, with guests for Going. A full event's Going
 * joins the waitlist; one answer at a time (the buttons wait for the server's).
 */
export function EventRsvpButtons({ event }: { event: CommunityEvent }) {
  const { t } = useTranslation();
  const rsvp = useRsvp(event.id);
  const { answer, guests: answeredGuests, waitlist_position } = event.viewer;
  const [guests, setGuests] = useState(answeredGuests);
  const goingOrWaiting = answer === 'going' || answer === 'waitlist';
  const full = event.spots_left === 0 && answer !== 'going';

  async function send(next: RsvpAnswer, withGuests = guests) {
    try {
      await rsvp.mutateAsync({
        answer: next,
        guests: next === 'going' ? withGuests : 0,
        // A weekly event's answer is for the date shown.
        ...(event.repeat === 'weekly' ? { occurrence: event.starts_at } : {}),
      });
    } catch (error) {
      // A refused change of guests shows the number the server still has.
      if (goingOrWaiting) setGuests(answeredGuests);
      toast.error((error as Error).message);
    }
  }

  const goingLabel =
    answer === 'waitlist'
      ? t('On the waitlist (#{{position}})', { position: waitlist_position ?? 1 })
      : full
        ? t('Full — join the waitlist')
        : t('Going');

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">{t('Your answer')}</legend>
        <button
          type="button"
          aria-pressed={goingOrWaiting}
          disabled={rsvp.isPending}
          onClick={() => void send('going')}
          className={`${answerClass(goingOrWaiting)} basis-full sm:basis-auto`}
        >
          <Check aria-hidden="true" className="h-4 w-4" />
          {goingLabel}
        </button>
        <button
          type="button"
          aria-pressed={answer === 'interested'}
          disabled={rsvp.isPending}
          onClick={() => void send('interested')}
          className={answerClass(answer === 'interested')}
        >
          <Star aria-hidden="true" className="h-4 w-4" />
          {t('Interested')}
        </button>
        <button
          type="button"
          aria-pressed={answer === 'not_going'}
          disabled={rsvp.isPending}
          onClick={() => void send('not_going')}
          className={answerClass(answer === 'not_going')}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {t('Not going')}
        </button>
      </fieldset>
      <div className="sm:max-w-[10rem]">
        <SelectField
          label={t('+ guests')}
          value={String(guests)}
          disabled={rsvp.isPending}
          onChange={(value) => {
            const count = Number(value || 0);
            setGuests(count);
            // Already going: the new number is sent at once; otherwise it goes with Going.
            if (goingOrWaiting) void send('going', count);
          }}
          options={GUEST_COUNTS.map((n) => [n, n] as const)}
        />
      </div>
    </div>
  );
}

/** '{n} going', '{n} interested', '{n} spots left', and the first going members' faces. */
export function EventAttendance({ event }: { event: CommunityEvent }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">
          {t('{{count}} going', { count: event.going_count })}
        </span>
        <span>{t('{{count}} interested', { count: event.interested_count })}</span>
        {event.spots_left !== null ? (
          <span className={event.spots_left === 0 ? 'font-medium text-amber-700' : ''}>
            {t('{{count}} spots left', { count: event.spots_left })}
          </span>
        ) : null}
      </p>
      {event.attendees.length > 0 ? (
        <ul aria-label={t('Going')} className="flex flex-wrap gap-1.5">
          {event.attendees.map((person) => {
            const name = person.full_name || person.username;
            return (
              <li key={person.id}>
                <Link
                  to={`/profile/${encodeURIComponent(person.username)}`}
                  aria-label={name}
                  title={name}
                  className="block rounded-full"
                >
                  <Avatar url={person.avatar_url} name={person.full_name} size="sm" />
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
