import type { Upload } from '@web/media/useUpload.ts';
import { labelClass } from '@web/ui/styles.ts';
import { ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Cover photo: the chosen file's preview, else the event's cover (when editing), else a picker. Its
 * error (a file that is not a photo, a refusal of the server's) stands under it.
 */
export function EventCoverField({
  cover,
  currentUrl,
  onRemoveCurrent,
  onChoose,
  error,
  disabled,
}: {
  cover: Upload;
  /** The cover the event has, while it is kept. */
  currentUrl: string | null;
  onRemoveCurrent: () => void;
  onChoose: (file: File) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const shown = cover.file && cover.previewUrl ? cover.previewUrl : currentUrl;
  return (
    <div className="flex flex-col gap-2">
      <span className={labelClass}>{t('Cover photo (optional)')}</span>
      {shown ? (
        <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          <img
            src={shown}
            alt={cover.file ? t('Preview of {{name}}', { name: cover.file.name }) : t('Cover photo')}
            className="h-40 w-full object-cover"
          />
          <button
            type="button"
            onClick={cover.file ? cover.clear : onRemoveCurrent}
            disabled={disabled}
            aria-label={t('Remove cover photo')}
            className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white hover:bg-black/80 disabled:opacity-60"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      ) : (
        <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
          <ImagePlus aria-hidden="true" className="h-5 w-5 text-emerald-600" />
          {t('Choose a cover photo')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onChoose(file);
            }}
          />
        </label>
      )}
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </div>
  );
}
