import { buttonClass, FormError, secondaryButtonClass } from '@web/components/Field.tsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.tsx';

const dangerButtonClass = buttonClass
  .replace('bg-brand-600', 'bg-red-600')
  .replace('hover:bg-brand-700', 'hover:bg-red-700');

/** 'Are you sure?' with Cancel and a destructive confirm button. */
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
  /** 'Working...' by default. */
  pendingLabel?: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Modal onClose={onCancel} labelledBy={id}>
      <div className="flex flex-col gap-4 p-6">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-slate-600">{description}</p>
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
    </Modal>
  );
}
