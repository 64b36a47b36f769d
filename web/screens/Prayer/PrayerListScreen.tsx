import { FeedList } from '@web/components/posts/Feed.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { usePrayerFeed } from '@web/queries/prayer.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { Tabs } from '@web/ui/Tabs.tsx';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrayerListTab } from './components/PrayerListTab.tsx';

type ListTab = 'list' | 'journal';
const panelId = (tab: ListTab) => `prayer-list-panel-${tab}`;

/** /prayer/list: the requests the member prays for (with a daily reminder), and their own requests. */
export default function PrayerListScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('My prayer list'));
  const [params, setParams] = useSearchParams();
  const tab: ListTab = params.get('tab') === 'journal' ? 'journal' : 'list';
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        <BackLink to="/prayer" label={t('Back to Prayer Wall')} className="mt-0.5" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('My prayer list')}</h1>
          <p className="mt-1 text-slate-600">{t('The requests you pray for, and the ones you asked.')}</p>
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <Tabs
          tabs={[
            ['list', t('My prayer list')],
            ['journal', t('My journal')],
          ]}
          current={tab}
          onChange={(next) => setParams(next === 'journal' ? { tab: next } : {}, { replace: true })}
          label={t('Prayer list sections')}
          panelId={panelId}
        />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={`${panelId(tab)}-tab`}>
          {tab === 'list' ? <PrayerListTab /> : <Journal />}
        </div>
      </div>
    </main>
  );
}

/** 'My journal': the member's own requests, whoever may see them, expired and answered ones too. */
function Journal() {
  const { t } = useTranslation();
  return (
    <FeedList
      feed={usePrayerFeed('journal')}
      emptyText={t('You have not asked for prayer yet.')}
      label={t('My journal')}
    />
  );
}
