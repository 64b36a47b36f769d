import { MEDIA_ONLY_CONTENT } from '@common/schemas/postLimits.ts';
import type { Post } from '@common/schemas/posts.ts';
import { ReportDialog } from '@web/components/ReportDialog.tsx';
import { useToggleBookmark } from '@web/queries/bookmarks.ts';
import { useDeletePost } from '@web/queries/posts.ts';
import { useSession } from '@web/queries/session.ts';
import { usePreferences } from '@web/queries/settings.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { cardClass } from '@web/ui/styles.ts';
import { BookmarkMinus, BookmarkPlus, ChefHat, Flag, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CommentsSection } from './CommentsSection.tsx';
import { PostActions } from './PostActions.tsx';
import { PostEditForm } from './PostEditForm.tsx';
import { PostHeader } from './PostHeader.tsx';
import { PostLinkCard } from './PostLinkCard.tsx';
import { PostMedia } from './PostMedia.tsx';
import type { PostMenuItem } from './PostMenu.tsx';
import { PostPoll } from './PostPoll.tsx';
import { PostRecipe } from './PostRecipe.tsx';
import { PostText } from './PostText.tsx';
import { PrayerDetails, PrayerTestimony } from './PrayerRequest.tsx';
import { usePrayerMenu } from './prayerMenu.ts';
import { authorName } from './prayerState.ts';

// 'Edit recipe' opens the recipe editor, which no feed loads until then.
const EditRecipeDialog = lazy(() =>
  import('@web/components/recipes/EditRecipeDialog.tsx').then((m) => ({ default: m.EditRecipeDialog })),
);

/**
 * One post: header, text, media, recipe, Like / Comment / Share and, when opened, its comments. A
 * prayer request adds its testimony, updates and the asking and praying members' actions.
 */
export function PostCard({
  post,
  defaultCommentsOpen = false,
  onDeleted,
  first = false,
  moderate = false,
}: {
  post: Post;
  /** The post's own page: its comments (and a prayer request's updates, and its recipe) show at once. */
  defaultCommentsOpen?: boolean;
  /** The first post on the screen: its photo loads at once, ahead of the rest. */
  first?: boolean;
  /** Called after the post was deleted (the 'Post deleted' toast is already shown). */
  onDeleted?: () => void;
  /** The viewer may delete it though it is not theirs (an admin of the group it is in). */
  moderate?: boolean;
}) {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const remove = useDeletePost();
  const toggleBookmark = useToggleBookmark();
  const commentsId = useId();
  const [commentsOpen, setCommentsOpen] = useState(defaultCommentsOpen);
  const [editing, setEditing] = useState(false);
  const [editingRecipe, setEditingRecipe] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  // A post behind a content warning shows the warning alone until opened ('Show more'), unless the
  // member chose 'Always show posts with content warnings'.
  const alwaysShow = usePreferences().data?.show_content_warnings ?? false;
  const [warningOpen, setWarningOpen] = useState(false);
  const bodyId = useId();
  const covered = Boolean(post.content_warning) && !alwaysShow && !warningOpen && !editing;
  const isOwn = me?.id === post.author.id;
  const prayerMenu = usePrayerMenu(post, isOwn);
  const showText = !(post.content === MEDIA_ONLY_CONTENT && post.media_type !== 'none');

  // mutateAsync, not mutate's callbacks: the card unmounts as soon as the post leaves the feed cache.
  async function confirmDelete() {
    try {
      await remove.mutateAsync(post.id);
    } catch {
      return; // the dialog shows remove.error
    }
    setConfirming(false);
    toast.success(t('Post deleted'));
    onDeleted?.();
  }

  const deleteItem: PostMenuItem = {
    label: t('Delete'),
    icon: Trash2,
    danger: true,
    onSelect: () => {
      remove.reset();
      setConfirming(true);
    },
  };
  const reportItem: PostMenuItem = {
    label: t('Report post'),
    icon: Flag,
    danger: true,
    onSelect: () => setReporting(true),
  };
  // A post on another member's wall: its author may no longer edit it; the wall's owner may delete it.
  const ownMenu: PostMenuItem[] = isOwn
    ? post.wall_owner_id
      ? [deleteItem]
      : [
          { label: t('Edit'), icon: Pencil, onSelect: () => setEditing(true) },
          ...(post.has_recipe
            ? [{ label: t('Edit recipe'), icon: ChefHat, onSelect: () => setEditingRecipe(true) }]
            : []),
          deleteItem,
        ]
    : me && (me.id === post.wall_owner_id || moderate)
      ? [deleteItem, reportItem]
      : me
        ? [reportItem]
        : [];
  const bookmarkItem: PostMenuItem = post.bookmarked_by_me
    ? { label: t('Remove bookmark'), icon: BookmarkMinus, onSelect: () => void toggleBookmark(post) }
    : { label: t('Bookmark'), icon: BookmarkPlus, onSelect: () => void toggleBookmark(post) };
  // Bookmark last: the first item keeps its place (Edit for the author, Report for everyone else).
  const menu = me ? [...prayerMenu.items, ...ownMenu, bookmarkItem] : ownMenu;

  return (
    <article
      id={`post-${post.id}`}
      aria-label={t('Post by {{name}}', { name: authorName(post, me?.id) })}
      className={`${cardClass} flex scroll-mt-20 flex-col gap-3 p-4`}
    >
      <PostHeader post={post} menu={menu} meId={me?.id} onMenuOpen={prayerMenu.onOpen} />
      {post.content_warning && !editing ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2">
          <p className="flex min-w-0 flex-1 items-start gap-2 font-medium text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" />
            <span className="sr-only">{t('Content warning')}: </span>
            <span className="break-words">{post.content_warning}</span>
          </p>
          {alwaysShow ? null : (
            <button
              type="button"
              aria-expanded={!covered}
              aria-controls={bodyId}
              onClick={() => setWarningOpen((open) => !open)}
              className="rounded-lg border border-amber-300 bg-white px-3 py-1 text-sm font-medium text-amber-900 hover:bg-amber-100"
            >
              {covered ? t('Show more') : t('Show less')}
            </button>
          )}
        </div>
      ) : null}
      <div id={bodyId} hidden={covered} className="flex flex-col gap-3 empty:hidden">
        {covered ? null : (
          <>
            {editing ? (
              <PostEditForm post={post} onDone={() => setEditing(false)} />
            ) : showText ? (
              <PostText text={post.content} mentions={post.mentions} />
            ) : null}
            {post.poll ? <PostPoll post={{ ...post, poll: post.poll }} /> : null}
            {post.prayer?.testimony ? <PrayerTestimony testimony={post.prayer.testimony} /> : null}
            <PostMedia post={post} eager={first} />
            {post.card && !editing ? <PostLinkCard postId={post.id} card={post.card} own={isOwn} /> : null}
            <PostRecipe post={post} openAtFirst={defaultCommentsOpen} />
          </>
        )}
      </div>
      {post.prayer && me ? (
        <PrayerDetails
          post={post}
          prayer={post.prayer}
          own={isOwn}
          updatesOpenAtFirst={defaultCommentsOpen}
        />
      ) : null}
      <PostActions
        post={post}
        commentsOpen={commentsOpen}
        commentsId={commentsId}
        onToggleComments={() => setCommentsOpen((open) => !open)}
      />
      {commentsOpen ? (
        <CommentsSection id={commentsId} postId={post.id} meId={me?.id} moderate={moderate} />
      ) : null}
      {editingRecipe ? (
        <Suspense fallback={null}>
          <EditRecipeDialog postId={post.id} onClose={() => setEditingRecipe(false)} />
        </Suspense>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('Delete this post?')}
          description={t('This cannot be undone. Its likes and comments will be deleted too.')}
          confirmLabel={t('Delete')}
          pendingLabel={t('Deleting...')}
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {reporting ? (
        <ReportDialog
          target={{ type: 'post', id: post.id }}
          what="post"
          onClose={() => setReporting(false)}
        />
      ) : null}
    </article>
  );
}
