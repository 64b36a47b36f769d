import { secondaryButtonClass } from '@web/components/Field.tsx';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60';

/** A modal confirmation (focus moves in, Escape and Cancel close); mounted when it opens. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-2xl"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-slate-600">
          {text}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={dangerButtonClass}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
