import { useQueryClient } from '@tanstack/react-query';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { sessionQuery } from '@web/queries/session.ts';
import { buttonClass } from '@web/ui/styles.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

/** Lands here from the confirmation email: the session cookie is set; go home, replacing history. */
export default function AuthCallbackScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(Boolean(params.get('error')));

  useEffect(() => {
    if (params.get('error')) return;
    let cancelled = false;
    queryClient
      .fetchQuery({ ...sessionQuery, staleTime: 0 })
      .then((me) => {
        if (cancelled) return;
        if (me) navigate('/', { replace: true });
        else setFailed(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [params, navigate, queryClient]);

  if (!failed) return <FullScreenSpinner />;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-bold text-slate-900">{t("We couldn't sign you in")}</h1>
        <p className="mt-2 text-slate-600">
          {t(
            'This confirmation link is invalid or has expired. Sign in to get a new one, or ask for it again from the sign-in page.',
          )}
        </p>
        <Link to="/auth" replace className={`${buttonClass} mt-6`}>
          {t('Go to sign in')}
        </Link>
      </div>
    </main>
  );
}
