import { FULL_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@common/limits.ts';
import {
  type AccountSettings,
  type USERNAME_LOCKED_TITLE,
  updateAccountSchema,
} from '@common/schemas/settings.ts';
import { sanitizeUsername } from '@common/username.ts';
import { ApiError } from '@web/api/client.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { useUpdateAccount } from '@web/queries/settings.ts';
import { Field, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

type Errors = Partial<Record<'full_name' | 'username', string>>;

/** The spec's title USERNAME_LOCKED_TITLE as a catalogue key; `satisfies` keeps the two the same. */
const LOCKED_TITLE = msg('Cannot change username') satisfies typeof USERNAME_LOCKED_TITLE;

/** The server's refusal as the spec's toast (section 8): a title, then what to do about it. */
function toastRefusal(error: unknown) {
  if (error instanceof ApiError) {
    if (error.code === 'no_changes') return toast(i18n.t('No changes to save'));
    if (error.code === 'username_taken') {
      return toast.error(i18n.t('Username taken'), {
        description: i18n.t('This username is already in use'),
      });
    }
    if (error.code === 'username_locked') {
      return toast.error(i18n.t(LOCKED_TITLE), {
        description: i18n.t('You can change your username in {{count}} days', {
          count: Number(error.params?.count),
        }),
      });
    }
  }
  return toast.error(i18n.t('Error updating profile'), { description: (error as Error).message });
}

/** Account Settings: Full Name and Username (once per 30 days), saved together. */
export function AccountForm({ account }: { account: AccountSettings }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const [fullName, setFullName] = useState(account.full_name);
  const [username, setUsername] = useState(account.username);
  const [errors, setErrors] = useState<Errors>({});
  const locked = !account.can_change_username;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (fullName.trim() === account.full_name && username === account.username) {
      toast(t('No changes to save'));
      return;
    }
    const input = { full_name: fullName, ...(locked ? {} : { username }) };
    const parsed = updateAccountSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync(parsed.data);
      setFullName(saved.full_name);
      setUsername(saved.username);
      toast.success(t('Profile updated successfully!'));
    } catch (error) {
      toastRefusal(error);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('Full Name')}
        name="full_name"
        autoComplete="name"
        value={fullName}
        maxLength={FULL_NAME_MAX_LENGTH}
        error={errors.full_name}
        onChange={(event) => setFullName(event.target.value)}
      />
      <Field
        label={t('Username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        maxLength={USERNAME_MAX_LENGTH}
        disabled={locked}
        error={errors.username}
        hint={
          locked
            ? t('You can change your username in {{count}} days', {
                count: account.days_until_username_change,
              })
            : t('Lowercase letters, numbers and _. You can change it once every 30 days.')
        }
        onChange={(event) => setUsername(sanitizeUsername(event.target.value))}
      />
      <div>
        <button type="submit" disabled={update.isPending} className={buttonClass}>
          {update.isPending ? t('Saving...') : t('Save Changes')}
        </button>
      </div>
    </form>
  );
}
