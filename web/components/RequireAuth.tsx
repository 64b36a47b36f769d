import { ApiError } from '@web/api/client.ts';
import { useMemberLanguage } from '@web/i18n/useMemberLanguage.ts';
import { lazyScreen } from '@web/lazyScreen.ts';
import { useSession } from '@web/queries/session.ts';
import { buttonClass } from '@web/ui/styles.ts';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from './Spinner.tsx';

/** The header, footer and realtime of every signed-in screen; web/main.tsx loads it before the first render. */
export const MemberShell = lazyScreen(() => import('./MemberShell.tsx'));

/**
 * Protected screens: visitors go to /auth; members get the header above the screen. `offlineScreens`,
 * by path, are screens that work with no network: they show when the session cannot be checked for
 * want of one (they ask again when it is back).
 */
export function RequireAuth({ offlineScreens = {} }: { offlineScreens?: Record<string, ReactNode> }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  useMemberLanguage(session.data);
  if (session.isPending) return <FullScreenSpinner />;
  if (session.isError) {
    const offline = offlineScreens[pathname];
    if (offline && session.error instanceof ApiError && session.error.status === 0) return offline;
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-slate-700">{session.error.message}</p>
        <button type="button" onClick={() => session.refetch()} className={buttonClass}>
          {t('Try again')}
        </button>
      </main>
    );
  }
  if (!session.data) return <Navigate to="/auth" replace />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <MemberShell />
    </Suspense>
  );
}
