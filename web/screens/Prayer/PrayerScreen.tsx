import { FindPlacesButton } from '@web/components/places/FindPlacesButton.tsx';
import { Composer } from '@web/components/posts/Composer.tsx';
import { FeedList } from '@web/components/posts/Feed.tsx';
import { PostCard } from '@web/components/posts/PostCard.tsx';
import { useFeed } from '@web/queries/posts.ts';
import { usePrayerFeed, useUrgentPrayers } from '@web/queries/prayer.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Tabs } from '@web/ui/Tabs.tsx';
import { AlarmClock, ListChecks } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

type PrayerTab = 'requests' | 'answered';
const panelId = (tab: PrayerTab) => `prayer-panel-${tab}`;

/** Prayer Wall: prayer requests (urgent ones on top) and, in their own tab, the answered ones. */
export default function PrayerScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: PrayerTab = params.get('tab') === 'answered' ? 'answered' : 'requests';
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('Prayer Wall')}</h1>
          <p className="mt-1 text-slate-600">
            {t('Share prayer requests and praise reports, and pray for one another.')}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-end">
          <Link to="/prayer/list" className={`${secondaryButtonClass} shrink-0 self-start sm:self-end`}>
            <ListChecks aria-hidden="true" className="h-4 w-4" />
            {t('My prayer list')}
          </Link>
          <FindPlacesButton kind="churches" />
        </div>
      </header>
      <Composer
        category="prayer"
        title={t('Share a Prayer')}
        placeholder={t('Share a prayer request or a praise report...')}
      />
      <div className="flex flex-col gap-4">
        <Tabs
          tabs={[
            ['requests', t('Requests')],
            ['answered', t('Answered')],
          ]}
          current={tab}
          onChange={(next) => setParams(next === 'answered' ? { tab: next } : {}, { replace: true })}
          label={t('Prayer requests')}
          panelId={panelId}
        />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={`${panelId(tab)}-tab`}>
          {tab === 'requests' ? <Requests /> : <Answered />}
        </div>
      </div>
    </main>
  );
}

/** The urgent requests on top, marked so, then every other request, newest first. */
function Requests() {
  const { t } = useTranslation();
  const headingId = useId();
  const feed = useFeed('prayer');
  const urgent = useUrgentPrayers().data?.pages[0]?.posts;
  const urgentIds = useMemo(() => new Set(urgent?.map((post) => post.id)), [urgent]);
  return (
    <div className="flex flex-col gap-4">
      {urgent?.length ? (
        <section aria-labelledby={headingId} className="flex flex-col gap-2">
          <h2 id={headingId} className="inline-flex items-center gap-1.5 text-sm font-semibold text-red-800">
            <AlarmClock aria-hidden="true" className="h-4 w-4" />
            {t('Urgent requests')}
          </h2>
          <ul className="flex flex-col gap-4">
            {urgent.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FeedList feed={feed} emptyText={t('No prayers shared yet.')} label={t('Prayers')} hide={urgentIds} />
    </div>
  );
}

function Answered() {
  const { t } = useTranslation();
  return (
    <FeedList
      feed={usePrayerFeed('answered')}
      emptyText={t('No answered prayers yet.')}
      label={t('Answered prayers')}
    />
  );
}
