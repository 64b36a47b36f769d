import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { fileKind, isVideoFile, mediaProblem } from '@web/media/files.ts';
import { UploadProgress } from '@web/media/UploadProgress.tsx';
import { useUpload } from '@web/media/useUpload.ts';
import { useVideoTrimmer } from '@web/media/useVideoTrimmer.tsx';
import { useUpdateCover } from '@web/queries/profiles.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { FieldLabel } from '@web/ui/Field.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { ImagePlus, MoveVertical } from 'lucide-react';
import { type PointerEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PROFILE_KEYS } from '../texts.ts';
import { CoverMedia } from './CoverMedia.tsx';

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

// A video's size is checked on the clip the trim dialog makes, not on the source.
const coverProblem = (file: File) =>
  !fileKind(file) ? i18n.t(PROFILE_KEYS.coverNotMedia) : isVideoFile(file) ? null : mediaProblem(file);

/**
 * Edit cover photo: choose a photo (uploaded at once, with progress) or a video (cut to 10 seconds in
 * the trim dialog, which uploads it), drag it up or down or use the slider to set its vertical
 * position, then Save.
 */
export function CoverEditor({ profile, onClose }: { profile: ProfilePage; onClose: () => void }) {
  const { t } = useTranslation();
  const sliderId = useId();
  const update = useUpdateCover();
  // A photo is uploaded at once (a failure is reported on Save); a video is cut to 10 seconds and
  // uploaded by the trim dialog.
  const trimmer = useVideoTrimmer(MEDIA_LIMITS.videoSeconds);
  const media = useUpload({ check: coverProblem, prepare: trimmer.prepare, uploadOnChoose: true });
  const { file, progress } = media;
  const [position, setPosition] = useState(profile.cover_photo_position);
  const [saving, setSaving] = useState(false);
  const drag = useRef<{ startY: number; startPosition: number; height: number } | null>(null);

  const previewUrl = file ? media.previewUrl : profile.cover_photo_url;
  const previewIsVideo = file ? media.kind === 'video' : profile.cover_media_type === 'video';

  async function choose(chosen: File) {
    const problem = await media.choose(chosen);
    if (problem) toast.error(problem);
    else setPosition(50);
  }

  async function save() {
    if (!file && !profile.cover_photo_url) {
      toast.error(t(PROFILE_KEYS.coverNoFile));
      return;
    }
    setSaving(true);
    try {
      let mediaId: string | undefined;
      if (file) {
        try {
          mediaId = (await media.upload()).id;
        } catch (error) {
          if ((error as Error).name === 'AbortError') return;
          toast.error(t('Upload failed'), { description: (error as Error).message });
          media.clear();
          return;
        }
      }
      await update.mutateAsync(mediaId ? { media_id: mediaId, position } : { position });
      toast.success(t('Cover photo updated!'));
      onClose();
    } catch (error) {
      media.forgetIfInvalid(error);
      toast.error(t('Error updating profile'), { description: (error as Error).message });
    } finally {
      setSaving(false);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (!previewUrl) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      startY: event.clientY,
      startPosition: position,
      height: event.currentTarget.clientHeight,
    };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (!start || start.height === 0) return;
    // Dragging the picture down shows more of its top: a smaller position.
    setPosition(clamp(start.startPosition - ((event.clientY - start.startY) / start.height) * 100));
  }
  const endDrag = () => {
    drag.current = null;
  };

  const uploading = progress !== null && progress < 100 && file !== null;

  return (
    <Dialog onClose={onClose} className="w-[calc(100%-2rem)] max-w-xl rounded-2xl bg-white">
      <div className="flex flex-col gap-4 p-5">
        {trimmer.element}
        <DialogHeader title={t('Edit cover photo')} />
        <div
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          className={`relative overflow-hidden rounded-xl bg-slate-100 ${previewUrl ? 'cursor-grab touch-none select-none active:cursor-grabbing' : ''}`}
        >
          <CoverMedia
            url={previewUrl}
            video={previewIsVideo}
            position={position}
            name={profile.full_name || profile.username}
            className="aspect-[3/1]"
          />
          {previewUrl ? (
            <span className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-md bg-black/60 px-2 py-1 text-xs text-white">
              <MoveVertical aria-hidden="true" className="h-3.5 w-3.5" />
              {t('Drag to reposition')}
            </span>
          ) : (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-white">
              {t('Choose a photo or video for your cover')}
            </p>
          )}
        </div>
        {uploading ? <UploadProgress percent={progress ?? 0} /> : null}
        <div className="flex flex-col gap-1">
          <FieldLabel htmlFor={sliderId}>{t('Vertical position: {{position}}%', { position })}</FieldLabel>
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={position}
            disabled={!previewUrl}
            onChange={(event) => setPosition(clamp(Number(event.target.value)))}
            className="w-full accent-brand-600"
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label
            className={`${secondaryButtonClass} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600`}
          >
            <ImagePlus aria-hidden="true" className="h-4 w-4" />
            {t('Choose file')}
            <input
              type="file"
              accept="image/*,video/*"
              className="sr-only"
              disabled={saving}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen) void choose(chosen);
              }}
            />
          </label>
          <div className="flex gap-2">
            <button type="button" onClick={onClose} className={secondaryButtonClass}>
              {t('Cancel')}
            </button>
            <button type="button" onClick={() => void save()} disabled={saving} className={buttonClass}>
              {saving ? (uploading ? t('Uploading...') : t('Saving...')) : t('Save')}
            </button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
