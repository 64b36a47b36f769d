import { appCodeDigits } from '@common/schemas/auth.ts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorStatus,
} from '@web/queries/settings.ts';
import { AppCodeField, Field, FormError } from '@web/ui/Field.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { encode } from 'uqr';
import { FormActions, Loaded, PasswordFirstField, SettingsSection } from './SettingsPage.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'setup'; totpURI: string; recoveryCodes: string[] }
  | { kind: 'codes'; recoveryCodes: string[] }
  | { kind: 'turn-off' };

/**
 * 'Two-factor authentication' (issue 52): turned on with the password, a QR code or setup key for the
 * authenticator app and a code back from it; then 10 recovery codes, shown once. Turned off with the
 * password and a code.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const reset = () => setStep({ kind: 'idle' });

  return (
    <SettingsSection
      id="settings-two-factor"
      title={t('Two-factor authentication')}
      description={t(
        'Each sign-in also asks for a code from an authenticator app on your phone, so your password alone cannot open your account.',
      )}
    >
      <Loaded query={status} label={t('Two-factor authentication')}>
        {({ enabled }) => {
          if (step.kind === 'codes') return <RecoveryCodes codes={step.recoveryCodes} onDone={reset} />;
          if (step.kind === 'setup') {
            return (
              <SetUp
                totpURI={step.totpURI}
                onVerified={() => setStep({ kind: 'codes', recoveryCodes: step.recoveryCodes })}
                onCancel={reset}
              />
            );
          }
          if (step.kind === 'password') {
            return (
              <AskPassword
                onCancel={reset}
                onReady={(totpURI, recoveryCodes) => setStep({ kind: 'setup', totpURI, recoveryCodes })}
              />
            );
          }
          if (step.kind === 'turn-off') return <TurnOff onDone={reset} />;
          return enabled ? (
            <div className="flex flex-col items-start gap-3">
              <p className="font-medium text-emerald-700">{t('Two-factor authentication is on.')}</p>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setStep({ kind: 'turn-off' })}
              >
                {t('Turn off two-factor authentication')}
              </button>
            </div>
          ) : (
            <div>
              <button type="button" className={buttonClass} onClick={() => setStep({ kind: 'password' })}>
                {t('Turn on two-factor authentication')}
              </button>
            </div>
          );
        }}
      </Loaded>
    </SettingsSection>
  );
}

function AskPassword({
  onReady,
  onCancel,
}: {
  onReady: (totpURI: string, recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(t('Enter your current password.'));
    setError(null);
    try {
      const answer = await enable.mutateAsync(password);
      onReady(answer.totpURI, answer.backupCodes);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <PasswordFirstField value={password} onChange={setPassword} />
      <FormError message={error} />
      <FormActions label={t('Continue')} pending={enable.isPending} onCancel={onCancel} />
    </form>
  );
}

/** The otpauth:// address as a QR code, drawn as one SVG path (no markup from a string). */
function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { data, size } = encode(value, { border: 2 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 rounded-lg border border-slate-200 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

function SetUp({
  totpURI,
  onVerified,
  onCancel,
}: {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setupKey = new URL(totpURI).searchParams.get('secret') ?? '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const digits = appCodeDigits(code);
    if (!digits) return setError(t('Enter the 6 digits your authenticator app shows.'));
    setError(null);
    try {
      await confirm.mutateAsync(digits);
      onVerified();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {t('Scan this QR code with your authenticator app, or type the setup key into it.')}
      </p>
      <QrCode value={totpURI} label={t('QR code for your authenticator app')} />
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-slate-700">{t('Setup key')}</p>
        <code
          data-testid="setup-key"
          className="w-fit max-w-full select-all break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider text-slate-900"
        >
          {setupKey.match(/.{1,4}/g)?.join(' ')}
        </code>
      </div>
      <div className="max-w-xs">
        <AppCodeField label={t('Code from your app')} value={code} onChange={setCode} />
      </div>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={confirm.isPending}>
          {confirm.isPending ? t('Verifying...') : t('Verify')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${t('Splikz recovery codes')}\n\n${codes.join('\n')}\n`;

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('Recovery codes copied.'));
    } catch {
      toast.error(t('Could not copy. Select the codes and copy them yourself.'));
    }
  }

  function onDownload() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'splikz-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="flex flex-col gap-4" role="status">
      <p className="font-medium text-emerald-700">{t('Two-factor authentication is on.')}</p>
      <h3 className="text-base font-semibold text-slate-900" id="recovery-codes-title">
        {t('Recovery codes')}
      </h3>
      <p className="text-sm text-slate-700">
        {t(
          'Save these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
        )}
      </p>
      <ul
        aria-labelledby="recovery-codes-title"
        className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-lg bg-slate-100 px-4 py-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} onClick={onCopy}>
          {t('Copy')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDownload}>
          {t('Download')}
        </button>
        <button type="button" className={buttonClass} onClick={onDone}>
          {t('Done')}
        </button>
      </div>
    </div>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(t('Enter your current password.'));
    const digits = appCodeDigits(code);
    if (!digits) return setError(t('Enter the 6 digits your authenticator app shows.'));
    setError(null);
    try {
      await disable.mutateAsync({ password, code: digits });
      toast.success(t('Two-factor authentication is off.'));
      onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <Field
        label={t('Password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <AppCodeField label={t('Code from your app')} value={code} onChange={setCode} />
      <FormError message={error} />
      <FormActions
        label={t('Turn off two-factor authentication')}
        pending={disable.isPending}
        danger
        onCancel={onDone}
      />
    </form>
  );
}
