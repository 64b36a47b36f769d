import { issueError } from '@common/errorTemplates.ts';
import { newPasswordFormSchema } from '@common/schemas/auth.ts';
import { errorText } from '@web/i18n/errors.ts';
import { useResetPassword } from '@web/queries/auth.ts';
import { Field, FormError } from '@web/ui/Field.tsx';
import { buttonClass, linkButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH_KEYS } from '../texts.ts';

/** Set a new password from the emailed link (its token is in the address). */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});

  if (!token) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-3 text-red-700">
          {t('This reset link is invalid or has expired. Ask for a new one from the sign-in page.')}
        </p>
        <button type="button" onClick={onDone} className={linkButtonClass}>
          {t('Back to sign in')}
        </button>
      </div>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = newPasswordFormSchema.safeParse({ password, confirm });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] === 'confirm' ? 'confirm' : 'password';
      // Each check's code is a catalogue key (`error.<code>`), shown with its params.
      const error = issueError(issue);
      setErrors({ [field]: errorText(error) });
      if (error.code === 'passwords_dont_match') toast.error(t(AUTH_KEYS.passwordsDontMatch));
      else toast.error(t('Weak password'), { description: t('Please use at least 6 characters.') });
      return;
    }
    setErrors({});
    try {
      await reset.mutateAsync({ newPassword: password, token: token! });
      toast.success(t('Password updated'), { description: t('Sign in with your new password.') });
      onDone();
    } catch (e) {
      setErrors({ form: (e as Error).message });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('New Password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t('At least 6 characters.')}
      />
      <Field
        label={t('Confirm Password')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <FormError message={errors.form} />
      <button type="submit" disabled={reset.isPending} className={buttonClass}>
        {reset.isPending ? t('Saving...') : t('Update Password')}
      </button>
    </form>
  );
}
