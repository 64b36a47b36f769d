import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogHeader } from './Dialog.tsx';
import { FormError } from './Field.tsx';
import { dangerButtonClass, secondaryButtonClass } from './styles.ts';

/** 'Are you sure?' with Cancel and a destructive confirm button; mounted when it opens. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  /** The confirm button's words while `pending`: 'Working...' by default. */
  pendingLabel?: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog onClose={onCancel} describedBy={`${id}-text`}>
      <div className="flex flex-col gap-4 p-6">
        <DialogHeader title={title} />
        <p id={`${id}-text`} className="text-slate-600">
          {description}
        </p>
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="button" onClick={onConfirm} disabled={pending} className={dangerButtonClass}>
            {pending ? (pendingLabel ?? t('Working...')) : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
