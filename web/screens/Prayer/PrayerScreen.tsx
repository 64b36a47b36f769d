import { FindPlacesButton } from '@web/components/places/FindPlacesButton.tsx';
import { Composer } from '@web/components/posts/Composer.tsx';
import { Feed } from '@web/components/posts/Feed.tsx';
import { useTranslation } from 'react-i18next';

/** Prayer Wall: prayer requests and praise reports. */
export default function PrayerScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('Prayer Wall')}</h1>
          <p className="mt-1 text-slate-600">
            {t('Share prayer requests and praise reports, and pray for one another.')}
          </p>
        </div>
        <FindPlacesButton kind="churches" />
      </header>
      <Composer
        category="prayer"
        title={t('Share a Prayer')}
        placeholder={t('Share a prayer request or a praise report...')}
      />
      <Feed category="prayer" label={t('Prayers')} emptyText={t('No prayers shared yet.')} />
    </main>
  );
}
