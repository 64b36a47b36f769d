import type { CalendarFeed } from '@common/schemas/events.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { retryServerErrors } from '@web/queries/postCache.ts';
import { buttonClass, inputClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

const calendarKey = ['settings', 'calendar'] as const;

/**
 * /settings/calendar: the member's private calendar feed of the events they are going to or
 * interested in, to subscribe to in a calendar app, and a reset that kills the old address at once.
 */
export default function CalendarScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feed = useQuery({
    queryKey: calendarKey,
    queryFn: ({ signal }) => api<CalendarFeed>('/api/settings/calendar', { signal }),
    retry: retryServerErrors,
  });
  const reset = useMutation({
    mutationFn: () => api<CalendarFeed>('/api/settings/calendar/reset', { method: 'POST', body: {} }),
    onSuccess: (next) => {
      queryClient.setQueryData(calendarKey, next);
      toast.success(t('Calendar link reset'), { description: t('The old link no longer works.') });
    },
    onError: (error) => toast.error(error.message),
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('Link copied'));
    } catch {
      toast.error(t('Could not copy the link. Select it and copy it by hand.'));
    }
  };
  return (
    <SettingsPage title={t('Calendar')} description={t('Your events in the calendar app you already use.')}>
      <SettingsSection
        id="settings-calendar"
        title={t('Subscribe in your calendar app')}
        description={t(
          'The events you are going to or interested in appear in your calendar and stay up to date. Keep this link private: anyone who has it can see those events.',
        )}
      >
        <Loaded query={feed}>
          {(urls) => (
            <div className="flex flex-col gap-3">
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                {t('Calendar link')}
                <input
                  readOnly
                  value={urls.https_url}
                  className={inputClass}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </label>
              <div className="flex flex-wrap gap-2">
                <a href={urls.webcal_url} className={buttonClass}>
                  {t('Open in calendar app')}
                </a>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => void copy(urls.https_url)}
                >
                  {t('Copy link')}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={reset.isPending}
                  onClick={() => reset.mutate()}
                >
                  {t('Reset link')}
                </button>
              </div>
            </div>
          )}
        </Loaded>
      </SettingsSection>
    </SettingsPage>
  );
}
