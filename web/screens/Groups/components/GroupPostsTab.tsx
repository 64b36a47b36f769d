import type { Group } from '@common/schemas/groups.ts';
import type { Post } from '@common/schemas/posts.ts';
import { Composer } from '@web/components/posts/Composer.tsx';
import { FeedList } from '@web/components/posts/Feed.tsx';
import { PostCard } from '@web/components/posts/PostCard.tsx';
import { useGroupPosts, usePinGroupPost } from '@web/queries/groups.ts';
import { usePost } from '@web/queries/posts.ts';
import { useRealtimeEvent } from '@web/realtime/hooks.ts';
import { Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isGroupAdmin, isGroupMember } from './groupRules.ts';

/** Posts: the composer (members), the pinned post on top, then the group's posts, newest first. */
export function GroupPostsTab({ group }: { group: Group }) {
  const { t } = useTranslation();
  const feed = useGroupPosts(group, 'all', true);
  const admin = isGroupAdmin(group);
  return (
    <div className="flex flex-col gap-4">
      {isGroupMember(group) ? (
        <Composer
          category="general"
          groupId={group.id}
          placeholder={t('Write something to {{name}}...', { name: group.name })}
        />
      ) : null}
      <NewPostsPill group={group} prayer={false} onShow={() => void feed.refetch()} />
      {group.pinned_post_id ? <PinnedPost group={group} postId={group.pinned_post_id} admin={admin} /> : null}
      <FeedList
        feed={feed}
        emptyText={t('No posts in this group yet')}
        label={t('Posts in {{name}}', { name: group.name })}
        hide={group.pinned_post_id}
        renderActions={admin ? (post) => <PinButton group={group} post={post} /> : undefined}
        moderate={admin}
      />
    </div>
  );
}

/** Prayer: a prayer composer like the Prayer Wall's, and the group's prayer requests (members only). */
export function GroupPrayerTab({ group }: { group: Group }) {
  const { t } = useTranslation();
  const feed = useGroupPosts(group, 'prayer', true);
  return (
    <div className="flex flex-col gap-4">
      <Composer
        category="prayer"
        groupId={group.id}
        groupName={group.name}
        title={t('Share a Prayer')}
        placeholder={t('Share a prayer request or a praise report...')}
      />
      <NewPostsPill group={group} prayer onShow={() => void feed.refetch()} />
      <FeedList
        feed={feed}
        emptyText={t('No prayers shared yet.')}
        label={t('Prayers in {{name}}', { name: group.name })}
        moderate={isGroupAdmin(group)}
      />
    </div>
  );
}

/**
 * '{n} new posts': others posted in the group while the page was open (the server tells members'
 * tabs, 'group:post'); clicking shows them at the top.
 */
function NewPostsPill({ group, prayer, onShow }: { group: Group; prayer: boolean; onShow: () => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  useRealtimeEvent('group:post', (change) => {
    if (change.group_id === group.id && change.prayer === prayer) setCount((n) => n + 1);
  });
  if (count === 0) return null;
  return (
    <div className="sticky top-16 z-10 flex justify-center">
      <button
        type="button"
        onClick={() => {
          setCount(0);
          onShow();
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-md hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t('{{count}} new posts', { count })}
      </button>
    </div>
  );
}

/** The pinned post, from its own cache entry (the first page of posts put it there), marked 'Pinned'. */
function PinnedPost({ group, postId, admin }: { group: Group; postId: string; admin: boolean }) {
  const { t } = useTranslation();
  const post = usePost(postId);
  if (!post.data) return null;
  return (
    <section aria-label={t('Pinned')} className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <p className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
          <Pin aria-hidden="true" className="h-4 w-4" />
          {t('Pinned')}
        </p>
        {admin ? <PinButton group={group} post={post.data} /> : null}
      </div>
      <PostCard post={post.data} moderate={admin} />
    </section>
  );
}

/** 'Pin post', or 'Unpin' on the pinned one (admins). */
function PinButton({ group, post }: { group: Group; post: Post }) {
  const { t } = useTranslation();
  const pin = usePinGroupPost(group.slug);
  const pinned = group.pinned_post_id === post.id;
  const name = post.author.full_name || post.author.username;

  async function toggle() {
    try {
      await pin.mutateAsync(pinned ? null : post.id);
      toast.success(pinned ? t('Post unpinned') : t('Post pinned'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  const Icon = pinned ? PinOff : Pin;
  return (
    <button
      type="button"
      disabled={pin.isPending}
      onClick={() => void toggle()}
      aria-label={pinned ? t('Unpin post by {{name}}', { name }) : t('Pin post by {{name}}', { name })}
      className="inline-flex items-center gap-1 self-end rounded-lg px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {pinned ? t('Unpin') : t('Pin post')}
    </button>
  );
}
