import { ApiError } from '@web/api/client.ts';
import { PostCard } from '@web/components/posts/PostCard.tsx';
import { authorName } from '@web/components/posts/prayerState.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { i18n } from '@web/i18n/i18n.ts';
import { usePost, useRecordView } from '@web/queries/posts.ts';
import { useSession } from '@web/queries/session.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';

/** /post/{postId}: one post with its comments open; counts one view per visit. */
export default function PostScreen() {
  const { postId } = useParams();
  if (!postId) return <Navigate to="/" replace />;
  return <PostPage key={postId} postId={postId} />;
}

function PostPage({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // After a delete the post is gone from the cache: stop asking for it while we leave the page.
  const [deleted, setDeleted] = useState(false);
  const post = usePost(postId, { enabled: !deleted });
  const recordView = useRecordView();
  const { data: me } = useSession();
  const recorded = useRef(false);

  const error = deleted ? null : post.error;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status === 404) toast.error(i18n.t('Post not found'));
    else toast.error(i18n.t('Error loading post'), { description: error.message });
    navigate('/', { replace: true });
  }, [error, navigate]);

  const loadedId = post.data?.id;
  const { mutate: countView } = recordView;
  useEffect(() => {
    if (!loadedId || recorded.current) return;
    recorded.current = true;
    countView(loadedId);
  }, [loadedId, countView]);

  useEffect(() => {
    if (!post.data) return;
    const name = authorName(post.data, me?.id);
    const previous = document.title;
    document.title = t('{{name}} on Splikz', { name });
    return () => {
      document.title = previous;
    };
  }, [post.data, me?.id, t]);

  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6">
      <h1 className="sr-only">{t('Post')}</h1>
      {post.data && !deleted ? (
        <PostCard
          post={post.data}
          defaultCommentsOpen
          first
          onDeleted={() => {
            setDeleted(true);
            navigate('/', { replace: true });
          }}
        />
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <Spinner label={t('Loading post...')} />
        </div>
      )}
    </main>
  );
}
