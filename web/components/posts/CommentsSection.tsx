import { COMMENT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import type { Comment } from '@common/schemas/posts.ts';
import { AnonymousAvatar, Avatar } from '@web/components/Avatar.tsx';
import { ReportDialog } from '@web/components/ReportDialog.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { useAddComment, useComments, useDeleteComment } from '@web/queries/posts.ts';
import { FormError } from '@web/ui/Field.tsx';
import { buttonClass, inputClass } from '@web/ui/styles.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PostText } from './PostText.tsx';
import { RelativeTime } from './RelativeTime.tsx';
import { useMentionPicker } from './useMentionPicker.tsx';

function CommentItem({
  comment,
  meId,
  postId,
  moderate,
}: {
  comment: Comment;
  meId: string | undefined;
  postId: string;
  /** The viewer may delete anyone's comment here (an admin of the post's group). */
  moderate: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteComment(postId);
  const [reporting, setReporting] = useState(false);
  const isOwn = comment.author.id === meId;
  const canDelete = isOwn || moderate;
  const profile = `/profile/${encodeURIComponent(comment.author.username)}`;
  // The author of an anonymous prayer request, commenting under it: 'A member' to everyone else.
  const hidden = comment.author.id === '';
  return (
    <li className="flex gap-2">
      {hidden ? (
        <AnonymousAvatar size="sm" />
      ) : (
        <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar url={comment.author.avatar_url} name={comment.author.full_name} size="sm" />
        </Link>
      )}
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2">
          <p className="text-sm">
            {hidden ? (
              <span className="font-semibold text-slate-900">{t('A member')}</span>
            ) : (
              <>
                <Link to={profile} className="font-semibold text-slate-900 hover:underline">
                  {comment.author.full_name || comment.author.username}
                </Link>{' '}
                <span className="text-slate-500">@{comment.author.username}</span>
              </>
            )}
          </p>
          <PostText text={comment.content} mentions={comment.mentions} />
        </div>
        <p className="mt-0.5 flex items-center gap-3 px-3 text-xs text-slate-500">
          <RelativeTime iso={comment.created_at} />
          {canDelete ? (
            <button
              type="button"
              aria-label={t('Delete comment')}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutateAsync(comment.id).then(
                  () => toast.success(t('Comment deleted')),
                  (error: Error) =>
                    toast.error(t('Could not delete the comment'), { description: error.message }),
                )
              }
              className="font-medium text-slate-600 hover:text-red-600 hover:underline"
            >
              {t('Delete')}
            </button>
          ) : null}
          {!isOwn && meId ? (
            <button
              type="button"
              aria-label={t('Report comment')}
              onClick={() => setReporting(true)}
              className="font-medium text-slate-600 hover:text-red-600 hover:underline"
            >
              {t('Report')}
            </button>
          ) : null}
        </p>
      </div>
      {reporting ? (
        <ReportDialog
          target={{ type: 'comment', id: comment.id }}
          what="comment"
          onClose={() => setReporting(false)}
        />
      ) : null}
    </li>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const add = useAddComment(postId);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const trimmed = content.trim();
  const fieldRef = useRef<HTMLInputElement>(null);
  const mentions = useMentionPicker({ value: content, onChange: setContent, fieldRef, multiline: false });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || add.isPending) return;
    setError(null);
    try {
      await add.mutateAsync(trimmed);
      setContent('');
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {t('Write a comment')}
        </label>
        <input
          {...mentions.fieldProps}
          ref={fieldRef}
          id={id}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onKeyDown={mentions.onKeyDown}
          placeholder={t('Write a comment...')}
          maxLength={COMMENT_MAX_LENGTH}
          autoComplete="off"
          className={inputClass}
        />
        <button type="submit" disabled={!trimmed || add.isPending} className={buttonClass}>
          {add.isPending ? t('Sending...') : t('Send')}
        </button>
      </div>
      {mentions.list}
      <FormError message={error} />
    </form>
  );
}

/** The comments of a post, oldest first, and the form to add one. */
export function CommentsSection({
  id,
  postId,
  meId,
  moderate = false,
}: {
  id: string;
  postId: string;
  meId: string | undefined;
  moderate?: boolean;
}) {
  const { t } = useTranslation();
  const comments = useComments(postId);
  return (
    <section
      id={id}
      aria-label={t('Comments')}
      className="flex flex-col gap-3 border-t border-slate-100 pt-3"
    >
      {comments.isPending ? (
        <Spinner label={t('Loading comments...')} />
      ) : comments.isError ? (
        <p className="text-sm text-red-700">
          {comments.error.message}{' '}
          <button type="button" onClick={() => comments.refetch()} className="font-medium underline">
            {t('Try again')}
          </button>
        </p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('No comments yet. Be the first to comment!')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={postId} meId={meId} moderate={moderate} />
          ))}
        </ul>
      )}
      <CommentForm postId={postId} />
    </section>
  );
}
