import { Footer } from '@web/components/Footer.tsx';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { msg } from '@web/i18n/msg.ts';
import { useSession } from '@web/queries/session.ts';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ForgotPasswordForm } from './components/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from './components/ResetPasswordForm.tsx';
import { SignInForm } from './components/SignInForm.tsx';
import { SignUpForm } from './components/SignUpForm.tsx';

type Mode = 'login' | 'signup' | 'forgot' | 'reset';

/**
 * Where a signed-in member goes: `?next=` when it is a path on this site (an app's /oauth/authorize
 * sends a signed-out visitor here and back), else the home feed.
 */
export function nextPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

const titles: Record<Mode, [string, string]> = {
  login: [msg('Welcome back'), msg('Sign in to your Splikz account')],
  signup: [msg('Join Splikz'), msg('Faith, food and laughter, shared with friends')],
  forgot: [msg('Reset your password'), msg('We will email you a link')],
  reset: [msg('Set a new password'), msg('Choose a password of at least 6 characters')],
};

/** /auth: sign in, sign up, forgot password and set new password, chosen by ?mode=. */
export default function AuthScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get('mode');
  const mode: Mode = raw === 'signup' || raw === 'forgot' || raw === 'reset' ? raw : 'login';
  const next = params.get('next');
  const go = (mode: Mode, extra: Record<string, string> = {}) =>
    setParams({ mode, ...(next ? { next } : {}), ...extra });

  if (session.isPending) return <FullScreenSpinner />;
  if (session.data && mode !== 'reset') return <Navigate to={nextPath(next)} replace />;

  const [title, subtitle] = titles[mode];
  const resetError = params.get('error');
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md">
          <p className="mb-6 text-center text-4xl font-extrabold tracking-tight text-brand-600">Splikz</p>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">{t(title)}</h1>
            <p className="mb-6 text-slate-500">{t(subtitle)}</p>
            {mode === 'login' && params.get('notice') === 'confirm' ? (
              <div
                role="status"
                className="mb-5 flex gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-700"
              >
                <MailCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
                <p>
                  <strong className="block">{t('Check your email')}</strong>
                  {t('We sent you a confirmation link. Open it to activate your account, then sign in.')}
                </p>
              </div>
            ) : null}
            {mode === 'login' ? (
              <SignInForm onForgot={() => go('forgot')} onSignUp={() => go('signup')} />
            ) : null}
            {mode === 'signup' ? (
              <SignUpForm onDone={() => go('login', { notice: 'confirm' })} onSignIn={() => go('login')} />
            ) : null}
            {mode === 'forgot' ? <ForgotPasswordForm onBack={() => go('login')} /> : null}
            {mode === 'reset' ? (
              <ResetPasswordForm token={resetError ? null : params.get('token')} onDone={() => go('login')} />
            ) : null}
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
