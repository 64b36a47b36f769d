import { deleteAccountSchema } from '@common/schemas/settings.ts';
import { useDeleteAccount } from '@web/queries/settings.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { Field, FormError } from '@web/ui/Field.tsx';
import { dangerButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

/** Asks for the password, then deletes the account for good and leaves for /auth. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync(parsed.data);
      toast.success(t('Your account has been deleted'));
      navigate('/auth', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <Dialog onClose={remove.isPending ? () => {} : onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
        <DialogHeader title={t('Delete account')} />
        <p className="text-slate-600">
          {t(
            'This permanently deletes your account with your profile, posts, comments, likes, follows, messages and uploads. It cannot be undone. Enter your password to confirm.',
          )}
        </p>
        <Field
          label={t('Password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            disabled={remove.isPending}
            className={secondaryButtonClass}
          >
            {t('Cancel')}
          </button>
          <button type="submit" disabled={remove.isPending} className={dangerButtonClass}>
            {remove.isPending ? t('Deleting...') : t('Delete my account')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
