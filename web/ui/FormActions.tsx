import { useTranslation } from 'react-i18next';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from './styles.ts';

/**
 * A form's closing row, at its end: Cancel (or `cancelLabel`), then the submit button, which shows
 * `submittingLabel` and cannot be pressed again while `submitting`. `danger` for a destructive submit,
 * `wrap` where the two may not fit side by side (long words in some languages), `small` inside a card.
 */
export function FormActions({
  onCancel,
  cancelLabel,
  submitLabel,
  submittingLabel,
  submitting = false,
  disabled = false,
  danger = false,
  wrap = false,
  small = false,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  submittingLabel?: string;
  submitting?: boolean;
  /** Also keeps the submit button from being pressed (the form is not ready). */
  disabled?: boolean;
  danger?: boolean;
  wrap?: boolean;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const size = small ? ' px-3 py-1.5 text-sm' : '';
  return (
    <div className={`flex justify-end gap-2${wrap ? ' flex-wrap' : ''}`}>
      <button type="button" onClick={onCancel} className={`${secondaryButtonClass}${size}`}>
        {cancelLabel ?? t('Cancel')}
      </button>
      <button
        type="submit"
        disabled={submitting || disabled}
        className={`${danger ? dangerButtonClass : buttonClass}${size}`}
      >
        {submitting && submittingLabel ? submittingLabel : submitLabel}
      </button>
    </div>
  );
}
