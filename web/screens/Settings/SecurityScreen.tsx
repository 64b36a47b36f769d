import { changePasswordSchema } from '@common/schemas/auth.ts';
import { msg } from '@web/i18n/msg.ts';
import { useChangePassword } from '@web/queries/settings.ts';
import { Field, FormError } from '@web/ui/Field.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PasskeysSection } from './components/PasskeysSection.tsx';
import { PreferenceSwitches, type SwitchSpec } from './components/PreferenceSwitches.tsx';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';
import { SignedInSessions } from './components/SignedInSessions.tsx';
import { TwoFactorSection } from './components/TwoFactorSection.tsx';

const ALERTS: SwitchSpec[] = [
  [
    'email_sign_in_alerts',
    msg('Email me about sign-ins from a new browser'),
    msg('With the time, the browser and the system, so that you notice a sign-in that was not you.'),
  ],
];

/**
 * /settings/security, 'Password and security' (issue 52): 'Change password' with the current one; a
 * change signs out every other device of the member and mails them; "Where you're signed in" lists
 * the member's sessions and ends any of them; two-factor sign-in, passkeys and sign-in alerts.
 */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      await change.mutateAsync(parsed.data);
      setCurrent('');
      setNew('');
      toast.success(t('Password changed. Your other devices were signed out.'));
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <SettingsPage title={t('Password and security')}>
      <SettingsSection id="settings-password" title={t('Change password')}>
        <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
          <Field
            label={t('Current password')}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <Field
            label={t('New password')}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNew(event.target.value)}
          />
          <p className="text-sm text-slate-500">
            {t('At least 6 characters. Saving signs you out on every other device.')}
          </p>
          <FormError message={error} />
          <div>
            <button type="submit" disabled={change.isPending} className={buttonClass}>
              {change.isPending ? t('Saving...') : t('Save new password')}
            </button>
          </div>
        </form>
      </SettingsSection>
      <TwoFactorSection />
      <PasskeysSection />
      <SignedInSessions />
      <SettingsSection id="settings-sign-in-alerts" title={t('Sign-in alerts')}>
        <PreferenceSwitches switches={ALERTS} />
      </SettingsSection>
    </SettingsPage>
  );
}
