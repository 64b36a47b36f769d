import { MEDIA_ACCEPT } from '@common/schemas/media.ts';
import { ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * 'Photo/Video': a real file input inside its label, so it is reachable by keyboard and by label.
 * `compact` (a phone's one-line composer) shows the icon alone; the words stay its name.
 */
export function MediaButton({
  onChoose,
  disabled,
  compact = false,
}: {
  onChoose: (file: File) => void;
  disabled: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2 rounded-lg ${compact ? 'p-2' : 'px-3 py-2'} text-sm font-medium text-slate-700 hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <ImagePlus aria-hidden="true" className={`${compact ? 'h-6 w-6' : 'h-5 w-5'} text-emerald-600`} />
      {compact ? <span className="sr-only">{t('Photo/Video')}</span> : t('Photo/Video')}
      <input
        type="file"
        accept={MEDIA_ACCEPT}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // choosing the same file again after removing it still fires
          if (file) onChoose(file);
        }}
      />
    </label>
  );
}

/** What the member chose (its preview URL and kind come from useUpload), with a way to take it back. */
export function MediaPreview({
  name,
  url,
  video,
  onRemove,
  disabled,
}: {
  name: string;
  url: string;
  video: boolean;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      {video ? (
        <video
          src={url}
          controls
          playsInline
          muted
          className="max-h-80 w-full bg-black"
          aria-label={t('Preview of {{name}}', { name })}
        />
      ) : (
        <img src={url} alt={t('Preview of {{name}}', { name })} className="max-h-80 w-full object-contain" />
      )}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('Remove photo or video')}
        className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white hover:bg-black/80 disabled:opacity-60"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
