import { ALT_TEXT_MAX_LENGTH, CONTENT_WARNING_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import { msg } from '@web/i18n/msg.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { ChartBar, TriangleAlert } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The composer's toggles beside 'Photo/Video': each shows its fields while pressed. */
const TOGGLES = {
  warning: {
    label: msg('Content warning'),
    icon: <TriangleAlert aria-hidden="true" className="h-5 w-5 text-amber-600" />,
    pressed: 'bg-amber-50 text-amber-800',
  },
  poll: {
    label: msg('Poll'),
    icon: <ChartBar aria-hidden="true" className="h-5 w-5 text-brand-600" />,
    pressed: 'bg-brand-50 text-brand-800',
  },
} as const;

/** 'Content warning' or 'Poll': pressed while its fields show. */
export function ComposerToggle({
  kind,
  on,
  onToggle,
  disabled,
}: {
  kind: keyof typeof TOGGLES;
  on: boolean;
  onToggle: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const toggle = TOGGLES[kind];
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      disabled={disabled}
      className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:opacity-60 ${on ? toggle.pressed : 'text-slate-700'}`}
    >
      {toggle.icon}
      {t(toggle.label)}
    </button>
  );
}

/** The warning's one line: what readers see instead of the post until they open it. */
export function WarningField({
  value,
  onChange,
  disabled,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {t('Content warning')}
      </label>
      <input
        ref={inputRef}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={CONTENT_WARNING_MAX_LENGTH}
        placeholder={t('Write your warning here')}
        disabled={disabled}
        className={inputClass}
      />
    </div>
  );
}

/** A photo's 'Alt text': what a screen reader says in its place, and what 'ALT' shows on the post. */
export function AltTextField({
  value,
  onChange,
  disabled,
  textRef,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  textRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {t('Alt text')}
      </label>
      <textarea
        ref={textRef}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={2}
        maxLength={ALT_TEXT_MAX_LENGTH}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        className={`${inputClass} resize-y`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t('Describe the photo for members who cannot see it.')}
      </p>
    </div>
  );
}

/** 'Remind me to add alt text': asked once before a photo without it is posted. */
export function AltTextReminder({ onAdd, onPost }: { onAdd: () => void; onPost: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog onClose={onAdd} describedBy={id}>
      <div className="flex flex-col gap-4 p-6">
        <DialogHeader title={t('Add alt text?')} />
        <p id={id} className="text-slate-600">
          {t(
            'Your photo has no alt text. A short description lets members who use a screen reader know what it shows.',
          )}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onPost} className={secondaryButtonClass}>
            {t('Post without it')}
          </button>
          <button type="button" onClick={onAdd} className={buttonClass}>
            {t('Add alt text')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
