import type { ProfilePage } from '@common/schemas/profiles.ts';
import { ApiError } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useProfilePage } from '@web/queries/profiles.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AboutTab } from './components/AboutTab.tsx';
import { MediaGrid } from './components/MediaGrid.tsx';
import { MissingProfileNote } from './components/MissingProfileNote.tsx';
import { PostsTab } from './components/PostsTab.tsx';
import { ProfileHeader } from './components/ProfileHeader.tsx';
import { ProfileLoadFailed } from './components/ProfileLoadFailed.tsx';
import { type ProfileTab, ProfileTabs, tabPanelId } from './components/ProfileTabs.tsx';

/** /profile/{username}: cover, avatar, counts, actions, then the Posts, Photos, Videos and About tabs. */
export default function ProfileScreen() {
  const { username } = useParams();
  if (!username) return <Navigate to="/" replace />;
  // A new member's page starts fresh: first tab, no dialog open.
  return <ProfileLoader key={username.toLowerCase()} username={username} />;
}

function ProfileLoader({ username }: { username: string }) {
  const { t } = useTranslation();
  const profile = useProfilePage(username);

  if (profile.isPending) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-10">
        <Spinner label={t('Loading profile...')} />
      </main>
    );
  }
  if (profile.isError) {
    return (
      <ProfileLoadFailed
        missing={profile.error instanceof ApiError && profile.error.status === 404}
        message={profile.error.message}
        note={<MissingProfileNote username={username} />}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <Profile profile={profile.data} />;
}

function Profile({ profile }: { profile: ProfilePage }) {
  const [tab, setTab] = useState<ProfileTab>('posts');
  // A video chosen on the Videos tab: the Posts tab scrolls to it once it is on screen.
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);
  const clearScrollTarget = useCallback(() => setScrollTarget(null), []);

  useEffect(() => {
    const previous = document.title;
    document.title = `${profile.full_name || profile.username} (@${profile.username}) · Splikz`;
    return () => {
      document.title = previous;
    };
  }, [profile.full_name, profile.username]);

  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-4 pb-8 sm:px-4">
      <ProfileHeader profile={profile} />
      <div className="flex flex-col gap-4 px-4 sm:px-0">
        <ProfileTabs current={tab} onChange={setTab} />
        <div role="tabpanel" id={tabPanelId(tab)} aria-labelledby={`${tabPanelId(tab)}-tab`}>
          {tab === 'posts' ? (
            <PostsTab profile={profile} scrollTarget={scrollTarget} onScrolled={clearScrollTarget} />
          ) : tab === 'photos' ? (
            <MediaGrid profile={profile} media="photo" />
          ) : tab === 'videos' ? (
            <MediaGrid
              profile={profile}
              media="video"
              onOpenVideo={(postId) => {
                setScrollTarget(postId);
                setTab('posts');
              }}
            />
          ) : (
            <AboutTab profile={profile} />
          )}
        </div>
      </div>
    </main>
  );
}
