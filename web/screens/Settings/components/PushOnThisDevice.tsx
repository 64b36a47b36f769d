import { type PushState, pushState, turnPushOff, turnPushOn } from '@web/pwa/pushSubscription.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/**
 * Push on this browser: the switches below say what to send; this says whether this device gets it.
 * Each browser is turned on by itself (the browser asks the member first).
 */
export function PushOnThisDevice() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState, () => setState('unsupported'));
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    try {
      const next = await (on ? turnPushOn() : turnPushOff());
      setState(next);
      if (next === 'on') toast.success(t('Push notifications are on for this device'));
      if (next === 'off') toast.success(t('Push notifications are off for this device'));
    } catch (error) {
      toast.error(t('Could not change push notifications'), { description: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const status = {
    checking: t('Checking this device...'),
    unsupported: t('This browser cannot receive push notifications from Splikz.'),
    blocked: t(
      'Notifications are blocked for Splikz in this browser. Allow them in its site settings to turn push on.',
    ),
    off: t('This device does not get push notifications.'),
    on: t('This device gets push notifications.'),
  }[state];
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
        <BellRing aria-hidden="true" className="h-4 w-4 shrink-0" />
        {status}
      </p>
      {state === 'off' || state === 'on' ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void change(state === 'off')}
          className={state === 'off' ? buttonClass : secondaryButtonClass}
        >
          {state === 'off' ? t('Turn on push for this device') : t('Turn off push for this device')}
        </button>
      ) : null}
    </div>
  );
}
