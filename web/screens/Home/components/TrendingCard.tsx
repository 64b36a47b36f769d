import { MEDIA_ONLY_CONTENT } from '@common/schemas/postLimits.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { i18n } from '@web/i18n/i18n.ts';
import { useTrending } from '@web/queries/posts.ts';
import { cardClass } from '@web/ui/styles.ts';
import { Heart, MessageCircle, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function excerpt(content: string) {
  if (content === MEDIA_ONLY_CONTENT) return i18n.t('Shared a photo or video');
  return content.length > 90 ? `${content.slice(0, 90).trimEnd()}…` : content;
}

/** Trending Now: the day's tags, and up to 5 posts; choosing one shows it in the home feed (/?post={id}). */
export function TrendingCard() {
  const { t } = useTranslation();
  const trending = useTrending();
  return (
    <section aria-labelledby="trending-now" className={`${cardClass} p-4`}>
      <h2 id="trending-now" className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <TrendingUp aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {t('Trending Now')}
      </h2>
      {trending.isPending ? (
        <Spinner label={t('Loading trending posts...')} />
      ) : trending.isError ? (
        <p className="text-sm text-red-700">{trending.error.message}</p>
      ) : trending.data.posts.length === 0 && trending.data.tags.length === 0 ? (
        <p className="text-sm text-slate-500">
          {t('Nothing trending yet. Like and comment on posts to get things going!')}
        </p>
      ) : (
        <>
          {trending.data.tags.length > 0 ? (
            <ul aria-label={t('Trending tags')} className="mb-2 flex flex-wrap gap-2">
              {trending.data.tags.map((tag) => (
                <li key={tag.name}>
                  <Link
                    to={`/tags/${encodeURIComponent(tag.name)}`}
                    className="inline-flex items-baseline gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
                  >
                    #{tag.name}
                    <span className="text-xs font-normal text-slate-600">
                      {t('{{count}} people', { count: tag.members })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <ol className="flex flex-col gap-1">
            {trending.data.posts.map((post) => (
              <li key={post.id}>
                <Link
                  to={`/?post=${encodeURIComponent(post.id)}`}
                  className="flex gap-3 rounded-xl p-2 hover:bg-slate-50"
                >
                  <Avatar url={post.author.avatar_url} name={post.author.full_name} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-slate-900">
                      {post.author.full_name || post.author.username}
                    </span>
                    <span className="block break-words text-sm text-slate-600">
                      {post.content_warning
                        ? t('Content warning: {{warning}}', { warning: post.content_warning })
                        : excerpt(post.content)}
                    </span>
                    <span className="mt-1 flex gap-3 text-xs text-slate-500">
                      <span className="inline-flex items-center gap-1">
                        <Heart aria-hidden="true" className="h-3.5 w-3.5" />
                        <span aria-hidden="true">{post.like_count}</span>
                        <span className="sr-only">{t('{{count}} likes', { count: post.like_count })}</span>
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <MessageCircle aria-hidden="true" className="h-3.5 w-3.5" />
                        <span aria-hidden="true">{post.comment_count}</span>
                        <span className="sr-only">
                          {t('{{count}} comments', { count: post.comment_count })}
                        </span>
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
