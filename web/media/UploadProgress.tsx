import { useTranslation } from 'react-i18next';

/** Upload progress, announced as a progress bar. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <div
        role="progressbar"
        aria-label={t('Upload progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
