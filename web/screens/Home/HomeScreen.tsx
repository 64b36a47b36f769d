import { Composer } from '@web/components/posts/Composer.tsx';
import { Feed } from '@web/components/posts/Feed.tsx';
import { useSession } from '@web/queries/session.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LiveCirclesCard } from './components/LiveCirclesCard.tsx';
import { PinnedPost, usePostFromLink } from './components/PinnedPost.tsx';
import { TrendingCard } from './components/TrendingCard.tsx';
import { UpcomingEventsCard } from './components/UpcomingEventsCard.tsx';
import { YourActivityCard } from './components/YourActivityCard.tsx';

/**
 * Home: Your Activity, View Spotlight, Live FaithVerse Circles and Upcoming events left, the composer
 * and the feed of every post centre, Trending Now right.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const firstName = me?.profile.full_name.split(' ')[0];
  const linked = usePostFromLink();
  return (
    <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[16rem_minmax(0,1fr)_18rem]">
      <section aria-labelledby="home-welcome" className="order-1 flex min-w-0 flex-col gap-4 lg:order-2">
        <h1 id="home-welcome" className="text-2xl font-bold text-slate-900">
          {firstName ? t('Welcome, {{name}}!', { name: firstName }) : t('Welcome, friend!')}
        </h1>
        <Composer
          category="general"
          placeholder={
            firstName
              ? t("What's on your mind, {{name}}?", { name: firstName })
              : t("What's on your mind, friend?")
          }
        />
        {linked.pinned ? <PinnedPost post={linked.pinned} onDismiss={linked.dismiss} /> : null}
        <Feed category="general" emptyText={t('No posts yet. Share something to get things started!')} />
      </section>
      <aside
        aria-label={t('Your shortcuts')}
        className="order-2 flex min-w-0 flex-col gap-4 lg:sticky lg:top-20 lg:order-1 lg:self-start"
      >
        <YourActivityCard />
        <Link to="/spotlight" className={secondaryButtonClass}>
          <Trophy aria-hidden="true" className="h-4 w-4 text-amber-500" />
          {t('View Spotlight')}
        </Link>
        <LiveCirclesCard />
        <UpcomingEventsCard />
      </aside>
      <aside
        aria-label={t('Discover')}
        className="order-3 flex flex-col gap-4 lg:sticky lg:top-20 lg:self-start"
      >
        <TrendingCard />
      </aside>
    </main>
  );
}
