import { useSession } from '@web/queries/session.ts';
import { RealtimeBridge } from '@web/realtime/RealtimeBridge.tsx';
import { Navigate, Outlet } from 'react-router';
import { buttonClass } from './Field.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { FullScreenSpinner } from './Spinner.tsx';

/** Protected screens: visitors go to /auth; members get the header above the screen. */
export function RequireAuth() {
  const session = useSession();
  if (session.isPending) return <FullScreenSpinner />;
  if (session.isError) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-slate-700">{session.error.message}</p>
        <button type="button" onClick={() => session.refetch()} className={buttonClass}>
          Try again
        </button>
      </main>
    );
  }
  if (!session.data) return <Navigate to="/auth" replace />;
  return (
    <>
      <RealtimeBridge />
      <Header />
      <div className="flex min-h-screen flex-col pt-16">
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer />
      </div>
    </>
  );
}
