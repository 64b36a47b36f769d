import type { PrayerReminder } from '@common/schemas/prayer.ts';
import { currentLocale } from '@web/i18n/i18n.ts';
import { useSetPrayerReminder } from '@web/queries/prayer.ts';
import { Switch } from '@web/ui/Switch.tsx';
import { cardClass, labelClass } from '@web/ui/styles.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

const DEFAULT_TIME = '08:00';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A changed time is saved once the member stops changing it. */
const SAVE_AFTER_MS = 600;
// inputClass, as wide as a time.
const timeInputClass =
  'w-36 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** '08:00' as the language shown writes a time of day ('8:00 AM', '08:00'). */
function timeOfDay(time: string): string {
  const at = new Date(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  return new Intl.DateTimeFormat(currentLocale(), { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** 'Remind me daily' at a time of day, in this browser's time zone. */
export function PrayerReminderCard({ reminder }: { reminder: PrayerReminder }) {
  const { t } = useTranslation();
  const timeId = useId();
  const save = useSetPrayerReminder();
  const [time, setTime] = useState(reminder.time ?? DEFAULT_TIME);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // While a change is on its way the switch shows it; the server's answer then says what holds.
  const on = save.isPending ? save.variables !== null : reminder.time !== null;

  useEffect(() => () => clearTimeout(timer.current), []);

  function send(next: string | null) {
    clearTimeout(timer.current);
    save.mutate(next, {
      onError: (error) => toast.error(t('Could not save your reminder'), { description: error.message }),
    });
  }

  function changeTime(next: string) {
    setTime(next);
    clearTimeout(timer.current);
    if (on && TIME.test(next)) timer.current = setTimeout(() => send(next), SAVE_AFTER_MS);
  }

  return (
    <section aria-label={t('Daily reminder')} className={`${cardClass} flex flex-col gap-1 px-4 py-1`}>
      <Switch
        label={t('Remind me daily')}
        description={t('A notification to pray for the requests on your list.')}
        checked={on}
        disabled={save.isPending}
        onChange={(checked) => send(checked ? (TIME.test(time) ? time : DEFAULT_TIME) : null)}
      />
      <div className="flex flex-wrap items-center gap-3 pb-3">
        <label htmlFor={timeId} className={labelClass}>
          {t('Time')}
        </label>
        <input
          id={timeId}
          type="time"
          value={time}
          required
          onChange={(e) => changeTime(e.target.value)}
          className={timeInputClass}
        />
        <p role="status" className="text-sm text-slate-600">
          {reminder.time
            ? t('Reminder set for {{time}} every day.', { time: timeOfDay(reminder.time) })
            : null}
        </p>
      </div>
    </section>
  );
}
