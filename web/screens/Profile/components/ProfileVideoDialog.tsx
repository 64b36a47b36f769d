import type { MediaUpload } from '@common/schemas/media.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@common/schemas/media.ts';
import {
  PROFILE_MESSAGES,
  type ProfilePage,
  profileVideoTooLongMessage,
} from '@common/schemas/profilePage.ts';
import { uploadMedia } from '@web/api/upload.ts';
import { buttonClass, secondaryButtonClass } from '@web/components/Field.tsx';
import { isVideoFile, UploadProgress } from '@web/components/posts/ComposerMedia.tsx';
import { Modal } from '@web/components/posts/Modal.tsx';
import { useRemoveProfileVideo, useSetProfileVideo } from '@web/queries/profilePage.ts';
import { prefersReducedMotion } from '@web/queries/settings.ts';
import { Trash2, Video } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';

const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm';

/** The clip's length in seconds as the browser reads it, or null when it cannot (the server still checks). */
function readDuration(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      resolve(seconds !== null && Number.isFinite(seconds) ? seconds : null);
    };
    const timer = setTimeout(() => done(null), 5000);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/**
 * The profile-video dialog (spec section 2, 'Profile'): choose a clip of at most 3 seconds, see it loop,
 * upload it with progress and save it; or remove the current one.
 */
export function ProfileVideoDialog({ profile, onClose }: { profile: ProfilePage; onClose: () => void }) {
  const ids = { title: useId(), hint: useId() };
  const save = useSetProfileVideo();
  const remove = useRemoveProfileVideo();
  const [file, setFile] = useState<File | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'saving' | 'removing' | null>(null);
  const uploadRef = useRef<Promise<MediaUpload> | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => (localUrl ? URL.revokeObjectURL(localUrl) : undefined), [localUrl]);

  async function choose(chosen: File) {
    setProblem(null);
    if (!isVideoFile(chosen)) {
      setProblem(PROFILE_MESSAGES.profileVideoNotVideo);
      return;
    }
    if (chosen.size > MEDIA_LIMITS.videoBytes) {
      setProblem(MEDIA_MESSAGES.videoTooLarge);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setBusy('checking');
    const seconds = await readDuration(url);
    setBusy(null);
    if (seconds !== null && seconds > MEDIA_LIMITS.profileVideoSeconds + MEDIA_LIMITS.videoToleranceSeconds) {
      URL.revokeObjectURL(url);
      setProblem(profileVideoTooLongMessage(seconds));
      return;
    }
    abort.current?.abort();
    abort.current = new AbortController();
    setFile(chosen);
    setLocalUrl(url);
    setProgress(0);
    const upload = uploadMedia(chosen, setProgress, abort.current.signal);
    uploadRef.current = upload;
    // A failure is reported on Save; an unobserved rejection would only reach the console.
    upload.catch(() => undefined);
  }

  function forgetFile() {
    setFile(null);
    setLocalUrl(null);
    setProgress(null);
    uploadRef.current = null;
  }

  async function onSave() {
    if (!file || !uploadRef.current) {
      setProblem(PROFILE_MESSAGES.profileVideoNoFile);
      return;
    }
    setBusy('saving');
    setProblem(null);
    try {
      let media: MediaUpload;
      try {
        media = await uploadRef.current;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        setProblem(`Upload failed: ${(error as Error).message}`);
        forgetFile();
        return;
      }
      await save.mutateAsync(media.id);
      toast.success('Profile video updated!');
      onClose();
    } catch (error) {
      // The server refused the clip (too long, not a video): say why and let the member choose again.
      setProblem((error as Error).message);
      forgetFile();
    } finally {
      setBusy(null);
    }
  }

  async function onRemove() {
    setBusy('removing');
    setProblem(null);
    try {
      await remove.mutateAsync();
      toast.success('Profile video removed');
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const previewUrl = localUrl ?? profile.profile_video_url;
  const uploading = file !== null && progress !== null && progress < 100;

  return (
    <Modal
      onClose={onClose}
      labelledBy={ids.title}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white"
    >
      <div className="flex flex-col gap-4 p-5">
        <div>
          <h2 id={ids.title} className="text-lg font-bold text-slate-900">
            Profile video
          </h2>
          <p id={ids.hint} className="text-sm text-slate-600">
            A clip of up to {MEDIA_LIMITS.profileVideoSeconds} seconds that plays, muted and looping, in place
            of your profile picture.
          </p>
        </div>
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
              aria-label={file ? 'Preview of your new profile video' : 'Your profile video'}
              className="h-40 w-40 rounded-full bg-black object-cover shadow-md"
            />
          ) : (
            <span className="flex h-40 w-40 flex-col items-center justify-center gap-2 rounded-full bg-slate-100 text-center text-sm text-slate-500">
              <Video aria-hidden="true" className="h-8 w-8" />
              No profile video yet
            </span>
          )}
        </div>
        {busy === 'checking' ? (
          <p role="status" className="text-center text-sm text-slate-600">
            Checking the clip...
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
              Choose video
              <input
                type="file"
                accept={VIDEO_ACCEPT}
                aria-describedby={ids.hint}
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
                {busy === 'removing' ? 'Removing...' : 'Remove'}
              </button>
            ) : null}
          </div>
          <div className="flex gap-2">
            <button type="button" onClick={onClose} className={secondaryButtonClass}>
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void onSave()}
              disabled={busy !== null}
              className={buttonClass}
            >
              {busy === 'saving' ? (uploading ? 'Uploading...' : 'Saving...') : 'Save'}
            </button>
          </div>
        </div>
      </div>
    </Modal>
  );
}
