import type { ProfilePage } from '@common/schemas/profiles.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Camera, MessageCircle, Settings, Video } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoverEditor } from './CoverEditor.tsx';
import { CoverMedia } from './CoverMedia.tsx';
import { FollowButton } from './FollowButton.tsx';
import { FollowListDialog } from './FollowListDialog.tsx';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import { ProfileSafetyMenu } from './ProfileSafetyMenu.tsx';
import { ProfileVideoDialog } from './ProfileVideoDialog.tsx';

type ListKind = 'followers' | 'following';

function Count({ value, label, onOpen }: { value: number; label: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="rounded-lg px-1 py-0.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <span className="font-bold text-slate-900">{value}</span> {label}
    </button>
  );
}

/** Cover, avatar, name, @username, bio, Followers and Following, and the owner's or visitor's actions. */
export function ProfileHeader({ profile }: { profile: ProfilePage }) {
  const { t } = useTranslation();
  const [editingCover, setEditingCover] = useState(false);
  const [editingVideo, setEditingVideo] = useState(false);
  const [list, setList] = useState<ListKind | null>(null);
  const name = profile.full_name || profile.username;

  return (
    <section
      aria-labelledby="profile-name"
      className="overflow-hidden border-b border-slate-200 bg-white shadow-sm sm:rounded-b-2xl sm:border-x"
    >
      <div className="relative">
        <CoverMedia
          url={profile.cover_photo_url}
          video={profile.cover_media_type === 'video'}
          position={profile.cover_photo_position}
          name={name}
        />
        {profile.is_me ? (
          <button
            type="button"
            onClick={() => setEditingCover(true)}
            aria-haspopup="dialog"
            className="absolute top-3 right-3 inline-flex items-center gap-2 rounded-lg bg-white/90 px-3 py-2 text-sm font-medium text-slate-800 shadow hover:bg-white sm:top-auto sm:bottom-3"
          >
            <Camera aria-hidden="true" className="h-4 w-4" />
            {t('Edit cover photo')}
          </button>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 px-4 pb-4">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3 sm:-mt-14">
          <ProfileAvatar profile={profile} />
          <div className="flex flex-wrap gap-2">
            {profile.is_me ? (
              <>
                <button
                  type="button"
                  onClick={() => setEditingVideo(true)}
                  aria-haspopup="dialog"
                  className={secondaryButtonClass}
                >
                  <Video aria-hidden="true" className="h-4 w-4" />
                  {t('Profile video')}
                </button>
                <Link to="/settings" className={secondaryButtonClass}>
                  <Settings aria-hidden="true" className="h-4 w-4" />
                  {t('Settings')}
                </Link>
              </>
            ) : (
              <>
                <FollowButton profile={profile} />
                <Link
                  to={`/messages?to=${encodeURIComponent(profile.username)}`}
                  className={secondaryButtonClass}
                >
                  <MessageCircle aria-hidden="true" className="h-4 w-4" />
                  {t('Message')}
                </Link>
                <ProfileSafetyMenu profile={profile} />
              </>
            )}
          </div>
        </div>
        <div className="min-w-0">
          <h1 id="profile-name" className="break-words text-2xl font-bold text-slate-900">
            {name}
          </h1>
          <p className="text-slate-500">@{profile.username}</p>
        </div>
        {profile.bio ? <p className="whitespace-pre-wrap break-words text-slate-700">{profile.bio}</p> : null}
        <div className="flex flex-wrap gap-3">
          <Count value={profile.followers_count} label={t('Followers')} onOpen={() => setList('followers')} />
          <Count value={profile.following_count} label={t('Following')} onOpen={() => setList('following')} />
        </div>
      </div>
      {editingCover ? <CoverEditor profile={profile} onClose={() => setEditingCover(false)} /> : null}
      {editingVideo ? <ProfileVideoDialog profile={profile} onClose={() => setEditingVideo(false)} /> : null}
      {list ? <FollowListDialog profile={profile} direction={list} onClose={() => setList(null)} /> : null}
    </section>
  );
}
