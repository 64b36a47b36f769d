import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isConnected, subscribeToConnectivity } from './connectivity.ts';

/** A bar at the foot of every screen while Splikz cannot reach its server; it goes when it can again. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribeToConnectivity, isConnected, () => true);
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="fixed inset-x-0 bottom-0 z-[60] flex items-center justify-center gap-2 bg-slate-900 px-4 py-3 text-center text-sm text-white">
          <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
          {t('You are offline. Splikz shows what it has saved and reconnects when you are back online.')}
        </p>
      )}
    </div>
  );
}
