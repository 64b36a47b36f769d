import type { ProfilePage } from '@common/schemas/profiles.ts';
import { avatarInitial } from '@common/username.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { fileKind, mediaProblem } from '@web/media/files.ts';
import { useUpload } from '@web/media/useUpload.ts';
import { useUpdateAvatar } from '@web/queries/profiles.ts';
import { useMediaPreferences } from '@web/queries/settings.ts';
import { Camera } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PROFILE_KEYS } from '../texts.ts';

const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const frame = 'h-24 w-24 rounded-full border-4 border-white bg-white shadow-md sm:h-28 sm:w-28';

const avatarProblem = (file: File) =>
  fileKind(file) === 'photo' ? mediaProblem(file) : i18n.t(PROFILE_KEYS.avatarNotPhoto);

/**
 * The big avatar over the cover, or the profile video looping in its place; on your own profile a
 * camera button uploads a new photo.
 */
export function ProfileAvatar({ profile }: { profile: ProfilePage }) {
  const { t } = useTranslation();
  const update = useUpdateAvatar();
  const media = useMediaPreferences();
  const photo = useUpload({ check: avatarProblem });
  const [busy, setBusy] = useState(false);

  async function change(file: File) {
    const problem = await photo.choose(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const uploaded = await photo.upload();
      await update.mutateAsync(uploaded.id);
      toast.success(t('Profile photo updated!'));
    } catch (error) {
      // Cancelled only by leaving the profile: nothing to tell.
      if ((error as Error).name !== 'AbortError')
        toast.error(t('Error updating profile'), { description: (error as Error).message });
    } finally {
      // Choosing again gives a new File, so a kept upload would never be reused.
      photo.clear();
      setBusy(false);
    }
  }

  return (
    <div className="relative shrink-0">
      {profile.profile_video_url ? (
        <video
          key={media.autoplay ? 'autoplay' : 'still'}
          src={profile.profile_video_url}
          poster={profile.avatar_url ?? undefined}
          autoPlay={media.autoplay}
          preload={media.dataSaver ? 'none' : 'metadata'}
          // Without autoplay it plays while the pointer rests on it.
          onPointerEnter={(event) => {
            if (!media.autoplay) void event.currentTarget.play().catch(() => undefined);
          }}
          onPointerLeave={(event) => {
            if (!media.autoplay) event.currentTarget.pause();
          }}
          muted
          loop
          playsInline
          aria-label={t('Profile video of {{name}}', { name: profile.full_name || profile.username })}
          className={`${frame} bg-black object-cover`}
        />
      ) : profile.avatar_url ? (
        <img
          src={profile.avatar_url}
          alt={profile.full_name || profile.username}
          className={`${frame} object-cover`}
        />
      ) : (
        <span
          aria-hidden="true"
          className={`${frame} inline-flex items-center justify-center bg-brand-100 text-4xl font-bold text-brand-700`}
        >
          {avatarInitial(profile.full_name)}
        </span>
      )}
      {busy ? (
        <span
          role="status"
          className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50 text-xs font-medium text-white"
        >
          {t('Uploading...')}
        </span>
      ) : null}
      {profile.is_me ? (
        <label
          title={t('Change profile photo')}
          className={`absolute right-0 bottom-0 inline-flex cursor-pointer rounded-full border-2 border-white bg-slate-800 p-2 text-white shadow hover:bg-slate-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${busy ? 'pointer-events-none opacity-60' : ''}`}
        >
          <Camera aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{t('Change profile photo')}</span>
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void change(file);
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
