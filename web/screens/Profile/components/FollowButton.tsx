import type { ProfilePage } from '@common/schemas/profiles.ts';
import { useFollow } from '@web/queries/follows.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { UserCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/** Follow (which also sends a friend request) or Following, which unfollows when pressed. */
export function FollowButton({ profile }: { profile: ProfilePage }) {
  const { t } = useTranslation();
  const follow = useFollow(profile);
  const name = profile.full_name || profile.username;

  async function toggle() {
    const wanted = !profile.i_follow;
    try {
      const state = await follow.mutateAsync(wanted);
      if (!wanted) toast.success(t('You unfollowed {{name}}', { name }));
      else if (state.friendship === 'pending_sent') toast.success(t('Friend request sent!'));
      else toast.success(t('You are following {{name}}', { name }));
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={follow.isPending}
      aria-pressed={profile.i_follow}
      title={profile.i_follow ? t('Unfollow {{name}}', { name }) : undefined}
      className={profile.i_follow ? secondaryButtonClass : buttonClass}
    >
      {profile.i_follow ? (
        <UserCheck aria-hidden="true" className="h-4 w-4" />
      ) : (
        <UserPlus aria-hidden="true" className="h-4 w-4" />
      )}
      {profile.i_follow ? t('Following') : t('Follow')}
    </button>
  );
}
