import { PASSKEY_NAME_MAX_LENGTH } from '@common/schemas/auth.ts';
import { PasskeyCancelled, passkeysSupported } from '@web/api/passkeys.ts';
import { currentLocale } from '@web/i18n/i18n.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '@web/queries/settings.ts';
import { Field, FormError } from '@web/ui/Field.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormActions, Loaded, PasswordFirstField, SettingsSection } from './SettingsPage.tsx';

/**
 * 'Passkeys' (issue 52): added with the password and the browser's own prompt (fingerprint, face,
 * screen lock or a security key), named by the member, listed with their dates, removable.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();

  return (
    <SettingsSection
      id="settings-passkeys"
      title={t('Passkeys')}
      description={t(
        'Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device or in your password manager.',
      )}
    >
      <Loaded query={passkeys} label={t('Passkeys')}>
        {(list) => (
          <>
            {list.length > 0 ? (
              <ul className="flex flex-col divide-y divide-slate-100">
                {list.map((passkey) => (
                  <PasskeyRow
                    key={passkey.id}
                    id={passkey.id}
                    name={passkey.name}
                    createdAt={passkey.created_at}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">{t('You have no passkeys yet.')}</p>
            )}
            {!supported ? (
              <p className="text-sm text-slate-500">{t('This browser cannot make passkeys.')}</p>
            ) : adding ? (
              <AddPasskey onDone={() => setAdding(false)} />
            ) : (
              <div>
                <button type="button" className={buttonClass} onClick={() => setAdding(true)}>
                  {t('Add a passkey')}
                </button>
              </div>
            )}
          </>
        )}
      </Loaded>
    </SettingsSection>
  );
}

function PasskeyRow({ id, name, createdAt }: { id: string; name: string; createdAt: string }) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const date = new Date(createdAt).toLocaleDateString(currentLocale(), { dateStyle: 'medium' });

  async function onRemove() {
    try {
      await remove.mutateAsync(id);
      toast.success(t('Passkey {{name}} removed.', { name }));
    } catch (e) {
      toast.error((e as Error).message);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">{name}</p>
        <p className="text-sm text-slate-500">{t('Added {{date}}', { date })}</p>
      </div>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={remove.isPending}
        onClick={onRemove}
        aria-label={t('Remove the passkey {{name}}', { name })}
      >
        {remove.isPending ? t('Removing...') : t('Remove')}
      </button>
    </li>
  );
}

function AddPasskey({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNameError(undefined);
    if (!name.trim()) return setNameError(t('Give this passkey a name, such as the device it is on.'));
    if (!password) return setError(t('Enter your current password.'));
    try {
      const added = await add.mutateAsync({ password, name: name.trim() });
      toast.success(t('Passkey {{name}} added.', { name: added.name }));
      onDone();
    } catch (e) {
      if (e instanceof PasskeyCancelled) {
        setError(
          e.reason === 'exists'
            ? t('This device already has a passkey for your account.')
            : t('The passkey was not saved: the request was cancelled or timed out.'),
        );
      } else setError((e as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      <Field
        label={t('Passkey name')}
        hint={t('For example, the phone or password manager it is saved in.')}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoComplete="off"
        value={name}
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <PasswordFirstField value={password} onChange={setPassword} />
      <FormError message={error} />
      <FormActions
        label={t('Add a passkey')}
        pending={add.isPending}
        pendingLabel={t('Waiting for your passkey...')}
        onCancel={onDone}
      />
    </form>
  );
}
