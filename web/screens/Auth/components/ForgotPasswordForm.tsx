import { useRequestPasswordReset } from '@web/queries/auth.ts';
import { Field } from '@web/ui/Field.tsx';
import { buttonClass, linkButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH_KEYS } from '../texts.ts';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(t(AUTH_KEYS.emailRequired));
      toast.error(t(AUTH_KEYS.emailRequired));
      return;
    }
    setError(undefined);
    try {
      await request.mutateAsync(email.trim());
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <p role="status" className="rounded-lg bg-green-50 px-3 py-3 text-green-800">
          {t('If an account exists for {{email}}, we sent a link to reset its password. Check your inbox.', {
            email: email.trim(),
          })}
        </p>
        <button type="button" onClick={onBack} className={linkButtonClass}>
          {t('Back to sign in')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        {t("Enter your email and we'll send you a link to set a new password.")}
      </p>
      <Field
        label={t('Email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        placeholder={t('you@example.com')}
      />
      <button type="submit" disabled={request.isPending} className={buttonClass}>
        {request.isPending ? t('Sending...') : t('Send Reset Link')}
      </button>
      <button type="button" onClick={onBack} className={linkButtonClass}>
        {t('Back to sign in')}
      </button>
    </form>
  );
}
