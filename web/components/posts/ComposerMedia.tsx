import { MEDIA_ACCEPT, MEDIA_LIMITS, MEDIA_MESSAGES } from '@common/schemas/media.ts';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useState } from 'react';

/** The same limits the server applies, checked before sending megabytes it would refuse. */
/** A video by its type, or by its name when the browser gives no type. */
export const isVideoFile = (file: File) =>
  file.type.startsWith('video/') || /\.(mp4|mov|webm)$/i.test(file.name);

export function mediaProblem(file: File): string | null {
  if (file.type.startsWith('video/') && file.size > MEDIA_LIMITS.videoBytes)
    return MEDIA_MESSAGES.videoTooLarge;
  if (file.type.startsWith('image/') && file.size > MEDIA_LIMITS.photoBytes)
    return MEDIA_MESSAGES.photoTooLarge;
  return null;
}

/** 'Photo/Video': a real file input inside its label, so it is reachable by keyboard and by label. */
export function MediaButton({ onChoose, disabled }: { onChoose: (file: File) => void; disabled: boolean }) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <ImagePlus aria-hidden="true" className="h-5 w-5 text-emerald-600" />
      Photo/Video
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

/** What the member chose, before it is uploaded, with a way to take it back. */
export function MediaPreview({
  file,
  onRemove,
  disabled,
}: {
  file: File;
  onRemove: () => void;
  disabled: boolean;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const isVideo = isVideoFile(file);
  return (
    <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
      {url ? (
        isVideo ? (
          <video
            src={url}
            controls
            playsInline
            muted
            className="max-h-80 w-full bg-black"
            aria-label={`Preview of ${file.name}`}
          />
        ) : (
          <img src={url} alt={`Preview of ${file.name}`} className="max-h-80 w-full object-contain" />
        )
      ) : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label="Remove photo or video"
        className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white hover:bg-black/80 disabled:opacity-60"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

/** Upload progress, announced as a progress bar. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <div
        role="progressbar"
        aria-label="Upload progress"
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
