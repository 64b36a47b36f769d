import { deleteAccountSchema } from '@common/schemas/settings.ts';
import { buttonClass, Field, FormError, secondaryButtonClass } from '@web/components/Field.tsx';
import { Modal } from '@web/components/posts/Modal.tsx';
import { useDeleteAccount } from '@web/queries/settings.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

export const dangerButtonClass = buttonClass
  .replace('bg-brand-600', 'bg-red-600')
  .replace('hover:bg-brand-700', 'hover:bg-red-700');

/** Asks for the password, then deletes the account for good and leaves for /auth. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

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
    <Modal onClose={remove.isPending ? () => {} : onClose} labelledBy={`${id}-title`}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t('Delete account')}
        </h2>
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
    </Modal>
  );
}
