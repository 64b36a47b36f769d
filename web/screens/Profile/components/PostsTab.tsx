import type { ProfilePage } from '@common/schemas/profiles.ts';
import { Composer } from '@web/components/posts/Composer.tsx';
import { FeedList } from '@web/components/posts/Feed.tsx';
import { postToScrollTo } from '@web/components/posts/postToScrollTo.ts';
import { useWallFeed } from '@web/queries/profiles.ts';
import { useCreateWallPost } from '@web/queries/wall.ts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { WALL_KEYS } from '../texts.ts';
import { PendingApprovals, WaitingForApproval } from './PendingApprovals.tsx';

/**
 * Scrolls smoothly to a post of the wall, loading older pages until it is there (a video chosen on the
 * Videos tab may be far down), then gives keyboard focus to it.
 */
function useScrollToPost(feed: ReturnType<typeof useWallFeed>, target: string | null, onDone: () => void) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  useEffect(() => {
    if (!target || !data) return;
    const element = postToScrollTo(target);
    if (element) {
      element.setAttribute('tabindex', '-1');
      element.scrollIntoView({ behavior: 'smooth', block: 'start' });
      element.focus({ preventScroll: true });
      onDone();
    } else if (hasNextPage && !isFetchNextPageError) {
      if (!isFetchingNextPage) void fetchNextPage();
    } else {
      onDone();
    }
  }, [target, data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, onDone]);
}

/** Posts tab: the owner's Pending Approvals, the composer and the wall. */
export function PostsTab({
  profile,
  scrollTarget,
  onScrolled,
}: {
  profile: ProfilePage;
  scrollTarget: string | null;
  onScrolled: () => void;
}) {
  const { t } = useTranslation();
  const feed = useWallFeed(profile.id, null);
  const createWallPost = useCreateWallPost(profile);
  useScrollToPost(feed, scrollTarget, onScrolled);
  const name = profile.full_name || profile.username;

  return (
    <div className="flex flex-col gap-4">
      {profile.is_me ? <PendingApprovals /> : <WaitingForApproval profile={profile} />}
      <Composer
        category="general"
        placeholder={
          profile.is_me ? t("What's on your mind?") : t("Write on {{name}}'s profile...", { name })
        }
        submitLabel={profile.is_me ? t('Post') : t('Submit for Approval')}
        successMessage={profile.is_me ? t('Post shared!') : t(WALL_KEYS.submitted)}
        showDetails={false}
        onSubmitPost={({ content, media_id }) => createWallPost.mutateAsync({ content, media_id })}
      />
      <FeedList
        feed={feed}
        emptyText={t('No posts yet')}
        label={t("Posts on {{name}}'s profile", { name })}
      />
    </div>
  );
}
