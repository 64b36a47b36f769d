import { cancelPasskeyCeremony, PasskeyCancelled, passkeysSupported } from '@web/api/passkeys.ts';
import { usePasskeySignIn, useResendConfirmation, useSignIn } from '@web/queries/auth.ts';
import { Field, FormError } from '@web/ui/Field.tsx';
import { buttonClass, linkButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH_KEYS } from '../texts.ts';
import { TwoFactorStep } from './TwoFactorStep.tsx';

export function SignInForm({ onForgot, onSignUp }: { onForgot: () => void; onSignUp: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [secondStep, setSecondStep] = useState(false);
  const passkey = usePasskeySignIn();
  const withPasskeys = passkeysSupported();

  // The browser's autofill: a saved passkey shows among the email field's suggestions, and picking
  // it signs in. It waits in the background until then; the button below starts a prompt of its own.
  const { mutate: passkeyMutate } = passkey;
  useEffect(() => {
    if (!withPasskeys || secondStep) return;
    passkeyMutate(
      { autofill: true },
      { onError: (e) => (e instanceof PasskeyCancelled ? undefined : setError((e as Error).message)) },
    );
    return () => void cancelPasskeyCeremony();
  }, [withPasskeys, secondStep, passkeyMutate]);

  async function onPasskey() {
    setError(null);
    passkey.mutate(
      { autofill: false },
      {
        onError: (e) => {
          if (!(e instanceof PasskeyCancelled)) setError((e as Error).message);
          else if (e.reason === 'cancelled') setError(t('Passkey sign-in was cancelled or timed out.'));
        },
      },
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setEmailError(undefined);
    if (!email.trim()) return setEmailError(t('Email is required.'));
    if (!password) return setError(t('Password is required.'));
    try {
      const answer = await signIn.mutateAsync({ email: email.trim(), password });
      if (answer?.twoFactorRedirect) {
        setPassword('');
        setSecondStep(true);
      }
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function onResend() {
    setError(null);
    if (!email.trim()) {
      setEmailError(t(AUTH_KEYS.enterYourEmail));
      toast.error(t(AUTH_KEYS.enterYourEmail));
      return;
    }
    setEmailError(undefined);
    try {
      await resend.mutateAsync(email.trim());
      toast.success(t('Confirmation email sent'), { description: t('Check your inbox for the link.') });
    } catch (e) {
      setError((e as Error).message);
    }
  }

  if (secondStep) return <TwoFactorStep onBack={() => setSecondStep(false)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('Email')}
        type="email"
        autoComplete={withPasskeys ? 'email webauthn' : 'email'}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError}
        placeholder={t('you@example.com')}
      />
      <Field
        label={t('Password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <button type="submit" disabled={signIn.isPending} className={buttonClass}>
        {signIn.isPending ? t('Signing in...') : t('Sign In')}
      </button>
      {withPasskeys ? (
        <button
          type="button"
          onClick={onPasskey}
          disabled={passkey.isPending && !passkey.variables?.autofill}
          className={`${secondaryButtonClass} inline-flex items-center justify-center gap-2`}
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {passkey.isPending && !passkey.variables?.autofill
            ? t('Waiting for your passkey...')
            : t('Sign in with a passkey')}
        </button>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={onForgot} className={linkButtonClass}>
          {t('Forgot password?')}
        </button>
        <button type="button" onClick={onResend} disabled={resend.isPending} className={linkButtonClass}>
          {t('Resend confirmation email')}
        </button>
      </div>
      <p className="text-center text-sm text-slate-600">
        {t("Don't have an account?")}{' '}
        <button type="button" onClick={onSignUp} className={linkButtonClass}>
          {t('Sign up')}
        </button>
      </p>
    </form>
  );
}
