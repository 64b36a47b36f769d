import { MEDIA_LIMITS, type MediaUpload } from '@common/schemas/media.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { isVideoFile } from '@web/media/files.ts';
import { UploadProgress } from '@web/media/UploadProgress.tsx';
import { useUpload } from '@web/media/useUpload.ts';
import { useVideoTrimmer } from '@web/media/useVideoTrimmer.tsx';
import { useRemoveProfileVideo, useSetProfileVideo } from '@web/queries/profiles.ts';
import { prefersReducedMotion } from '@web/queries/settings.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Trash2, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PROFILE_KEYS } from '../texts.ts';

const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm';

/** A video: its length and size are the trim dialog's to settle (it cuts 3 seconds out of it). */
function profileVideoProblem(file: File): string | null {
  return isVideoFile(file) ? null : i18n.t(PROFILE_KEYS.profileVideoNotVideo);
}

/**
 * The profile-video dialog (spec section 2, 'Profile'): choose a video, cut 3 seconds of it, see it loop,
 * upload it with progress and save it; or remove the current one.
 */
export function ProfileVideoDialog({ profile, onClose }: { profile: ProfilePage; onClose: () => void }) {
  const { t } = useTranslation();
  const hintId = useId();
  const save = useSetProfileVideo();
  const remove = useRemoveProfileVideo();
  // Checked in the browser (duration included), then uploaded at once; a failure is reported on Save.
  const trimmer = useVideoTrimmer(MEDIA_LIMITS.profileVideoSeconds);
  const clip = useUpload({ check: profileVideoProblem, prepare: trimmer.prepare, uploadOnChoose: true });
  const { file, progress } = clip;
  const [problem, setProblem] = useState<string | null>(null);
  const [action, setAction] = useState<'saving' | 'removing' | null>(null);
  const busy = clip.checking ? 'checking' : action;

  async function choose(chosen: File) {
    setProblem(null); // while the clip is checked
    setProblem(await clip.choose(chosen));
  }

  async function onSave() {
    if (!file) {
      setProblem(t(PROFILE_KEYS.profileVideoNoFile));
      return;
    }
    setAction('saving');
    setProblem(null);
    try {
      let uploaded: MediaUpload;
      try {
        uploaded = await clip.upload();
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        setProblem(t('Upload failed: {{message}}', { message: (error as Error).message }));
        clip.clear();
        return;
      }
      await save.mutateAsync(uploaded.id);
      toast.success(t('Profile video updated!'));
      onClose();
    } catch (error) {
      // The server refused the clip (too long, not a video): say why and let the member choose again.
      setProblem((error as Error).message);
      clip.clear();
    } finally {
      setAction(null);
    }
  }

  async function onRemove() {
    setAction('removing');
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast.success(t('Profile video removed'));
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setAction(null);
    }
  }

  const previewUrl = clip.previewUrl ?? profile.profile_video_url;
  const uploading = file !== null && progress !== null && progress < 100;

  return (
    <Dialog onClose={onClose}>
      <div className="flex flex-col gap-4 p-5">
        {trimmer.element}
        <DialogHeader
          title={t('Profile video')}
          description={t(
            'A clip of up to {{count}} seconds that plays, muted and looping, in place of your profile picture.',
            { count: MEDIA_LIMITS.profileVideoSeconds },
          )}
          descriptionId={hintId}
        />
        <div className="flex justify-center">
          {previewUrl ? (
            <video
              key={previewUrl}
              src={previewUrl}
              autoPlay={!prefersReducedMotion()}
              controls={prefersReducedMotion()}
              muted
              loop
              playsInline
              aria-label={file ? t('Preview of your new profile video') : t('Your profile video')}
              className="h-40 w-40 rounded-full bg-black object-cover shadow-md"
            />
          ) : (
            <span className="flex h-40 w-40 flex-col items-center justify-center gap-2 rounded-full bg-slate-100 text-center text-sm text-slate-500">
              <Video aria-hidden="true" className="h-8 w-8" />
              {t('No profile video yet')}
            </span>
          )}
        </div>
        {busy === 'checking' ? (
          <p role="status" className="text-center text-sm text-slate-600">
            {t('Checking the clip...')}
          </p>
        ) : null}
        {uploading ? <UploadProgress percent={progress ?? 0} /> : null}
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap gap-2">
            <label
              className={`${secondaryButtonClass} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${busy ? 'pointer-events-none opacity-60' : ''}`}
            >
              <Video aria-hidden="true" className="h-4 w-4" />
              {t('Choose video')}
              <input
                type="file"
                accept={VIDEO_ACCEPT}
                aria-describedby={hintId}
                className="sr-only"
                disabled={busy !== null}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen) void choose(chosen);
                }}
              />
            </label>
            {profile.profile_video_url && !file ? (
              <button
                type="button"
                onClick={() => void onRemove()}
                disabled={busy !== null}
                className={`${secondaryButtonClass} text-red-700`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {busy === 'removing' ? t('Removing...') : t('Remove')}
              </button>
            ) : null}
          </div>
          <div className="flex gap-2">
            <button type="button" onClick={onClose} className={secondaryButtonClass}>
              {t('Cancel')}
            </button>
            <button
              type="button"
              onClick={() => void onSave()}
              disabled={busy !== null}
              className={buttonClass}
            >
              {busy === 'saving' ? (uploading ? t('Uploading...') : t('Saving...')) : t('Save')}
            </button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
