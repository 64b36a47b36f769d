import { MEDIA_ONLY_CONTENT } from '@common/schemas/postLimits.ts';
import type { ProfilePage } from '@common/schemas/profiles.ts';
import type { PendingPost } from '@common/schemas/wall.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from '@web/components/Avatar.tsx';
import { RelativeTime } from '@web/components/posts/RelativeTime.tsx';
import { useNotifications } from '@web/queries/notifications.ts';
import { profilePageKeys } from '@web/queries/profileCache.ts';
import { useModeratePending, useMyPendingPosts, usePendingOn } from '@web/queries/wall.ts';
import { buttonClass, cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Check, Clock, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

function PendingCard({ pending, actions }: { pending: PendingPost; actions?: ReactNode }) {
  const { t } = useTranslation();
  const who = pending.author.full_name || pending.author.username;
  const showText = !(pending.content === MEDIA_ONLY_CONTENT && pending.media_type !== 'none');
  return (
    <article
      aria-label={t('Post by {{name}} waiting for approval', { name: who })}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
    >
      <header className="flex items-center gap-3">
        <Avatar url={pending.author.avatar_url} name={pending.author.full_name} size="sm" />
        <p className="min-w-0 flex-1 text-sm">
          <Link
            to={`/profile/${encodeURIComponent(pending.author.username)}`}
            className="font-semibold text-slate-900 hover:underline"
          >
            {who}
          </Link>
          <span className="block text-slate-500">
            <RelativeTime iso={pending.created_at} />
          </span>
        </p>
      </header>
      {showText ? <p className="whitespace-pre-wrap break-words text-slate-800">{pending.content}</p> : null}
      {pending.image_url && pending.media_type === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: members' clips come without captions.
        <video
          src={pending.image_url}
          poster={pending.image_feed_url ?? undefined}
          controls
          playsInline
          preload="metadata"
          aria-label={t('Video from {{name}}', { name: who })}
          className="max-h-72 w-full rounded-lg bg-black"
        />
      ) : pending.image_url ? (
        <img
          src={pending.image_feed_url ?? pending.image_url}
          alt={t('Shared by {{name}}', { name: who })}
          className="max-h-72 w-full rounded-lg object-cover"
        />
      ) : null}
      {actions}
    </article>
  );
}

function ModerationButtons({ pending }: { pending: PendingPost }) {
  const { t } = useTranslation();
  const moderate = useModeratePending();
  const [working, setWorking] = useState<'approve' | 'reject' | null>(null);

  async function act(approve: boolean) {
    setWorking(approve ? 'approve' : 'reject');
    try {
      await moderate.mutateAsync({ pending, approve });
      toast.success(approve ? t('Post approved') : t('Post rejected'));
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
      setWorking(null);
    }
  }

  return (
    <div className="flex justify-end gap-2">
      <button
        type="button"
        onClick={() => void act(false)}
        disabled={working !== null}
        className={secondaryButtonClass}
      >
        <X aria-hidden="true" className="h-4 w-4" />
        {working === 'reject' ? t('Rejecting...') : t('Reject')}
      </button>
      <button
        type="button"
        onClick={() => void act(true)}
        disabled={working !== null}
        className={buttonClass}
      >
        <Check aria-hidden="true" className="h-4 w-4" />
        {working === 'approve' ? t('Approving...') : t('Approve')}
      </button>
    </div>
  );
}

/** The owner's Pending Approvals: posts others wrote on this wall. Shown only when there are some. */
export function PendingApprovals() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pending = useMyPendingPosts(true);
  // A wall_post notification reaches the bell through the realtime room: refresh the list with it.
  const { dataUpdatedAt } = useNotifications(false);
  const seen = useRef(dataUpdatedAt);
  useEffect(() => {
    if (dataUpdatedAt === seen.current) return;
    seen.current = dataUpdatedAt;
    void queryClient.invalidateQueries({ queryKey: profilePageKeys.myPending() });
  }, [dataUpdatedAt, queryClient]);

  if (pending.isError) {
    return (
      <p role="alert" className={`${cardClass} p-4 text-sm text-red-700`}>
        {t('Could not load your pending approvals: {{message}}', { message: pending.error.message })}
      </p>
    );
  }
  const posts = pending.data?.pending_posts ?? [];
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="pending-approvals" className={`${cardClass} flex flex-col gap-3 p-4`}>
      <h2 id="pending-approvals" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {t('Pending Approvals')}
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-800">
          {posts.length}
        </span>
      </h2>
      <ul className="flex flex-col gap-3">
        {posts.map((post) => (
          <li key={post.id}>
            <PendingCard pending={post} actions={<ModerationButtons pending={post} />} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On someone else's wall: what the viewer submitted there that still waits for the owner. */
export function WaitingForApproval({ profile }: { profile: ProfilePage }) {
  const { t } = useTranslation();
  const pending = usePendingOn(profile.id, true);
  const posts = pending.data?.pending_posts ?? [];
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="waiting-for-approval" className={`${cardClass} flex flex-col gap-3 p-4`}>
      <h2 id="waiting-for-approval" className="flex items-center gap-2 font-semibold text-slate-900">
        <Clock aria-hidden="true" className="h-4 w-4 text-amber-600" />
        {t("Waiting for {{name}}'s approval", { name: profile.full_name || profile.username })}
      </h2>
      <ul className="flex flex-col gap-3">
        {posts.map((post) => (
          <li key={post.id}>
            <PendingCard pending={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}
