import { appCodeDigits } from '@common/schemas/auth.ts';
import { useVerifyTwoFactor } from '@web/queries/auth.ts';
import { AppCodeField, Field, FormError } from '@web/ui/Field.tsx';
import { buttonClass, linkButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The second step of a sign-in with two-factor authentication on (issue 52): the 6-digit code of the
 * authenticator app, or one of the recovery codes (each works once). Success signs in as the password
 * alone would; `onBack` starts over with the password.
 */
export function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyTwoFactor();
  const [kind, setKind] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each field takes the focus as it appears: after the password, and after a switch of kind.
  const field = useCallback((node: HTMLInputElement | null) => node?.focus(), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Apps show the code as '123 456'; a recovery code may be pasted with spaces around it.
    const typed = kind === 'app' ? appCodeDigits(code) : code.trim();
    if (kind === 'app' && !typed) return setError(t('Enter the 6 digits your authenticator app shows.'));
    if (!typed) return setError(t('Enter one of your recovery codes.'));
    setError(null);
    try {
      await verify.mutateAsync({ kind, code: typed });
    } catch (e) {
      setError((e as Error).message);
    }
  }

  function switchTo(next: 'app' | 'recovery') {
    setKind(next);
    setCode('');
    setError(null);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-base font-semibold text-slate-900">
        {kind === 'app'
          ? t('Enter the 6-digit code from your authenticator app')
          : t('Enter one of the recovery codes you saved when you turned on two-factor authentication')}
      </h2>
      {kind === 'app' ? (
        <AppCodeField ref={field} key="app" label={t('Code')} value={code} onChange={setCode} />
      ) : (
        <Field
          ref={field}
          key="recovery"
          label={t('Recovery code')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <FormError message={error} />
      <button type="submit" disabled={verify.isPending} className={buttonClass}>
        {verify.isPending ? t('Verifying...') : t('Verify')}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {kind === 'app' ? (
          <button type="button" onClick={() => switchTo('recovery')} className={linkButtonClass}>
            {t('Use a recovery code')}
          </button>
        ) : (
          <button type="button" onClick={() => switchTo('app')} className={linkButtonClass}>
            {t('Use your authenticator app instead')}
          </button>
        )}
        <button type="button" onClick={onBack} className={linkButtonClass}>
          {t('Back to sign in')}
        </button>
      </div>
    </form>
  );
}
