import { Composer } from '@web/components/posts/Composer.tsx';
import { Feed } from '@web/components/posts/Feed.tsx';
import { useTranslation } from 'react-i18next';
import { FindShows } from './components/FindShows.tsx';

/** Comedy Zone: find shows by date, share a laugh, read the comedy feed. */
export default function ComedyScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">{t('Comedy Zone')}</h1>
        <p className="mt-1 text-slate-600">{t('Share a laugh and find comedy shows near you.')}</p>
      </header>
      <FindShows />
      <Composer
        category="comedy"
        title={t('Share Your Comedy')}
        placeholder={t('Tell us something funny...')}
      />
      <section aria-labelledby="comedy-feed" className="flex flex-col gap-4">
        <h2 id="comedy-feed" className="text-xl font-bold text-slate-900">
          {t('Comedy Feed')}
        </h2>
        <Feed
          category="comedy"
          label={t('Comedy posts')}
          emptyText={t('No comedy posts yet. Be the first to share a laugh!')}
        />
      </section>
    </main>
  );
}
