import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  // Never suspends: it is what Suspense shows (App's fallback) while a language's catalogue loads.
  const { t } = useTranslation(undefined, { useSuspense: false });
  return (
    <div role="status" className="flex items-center justify-center gap-2 text-slate-500">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      <span>{label ?? t('Loading...')}</span>
    </div>
  );
}

export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
