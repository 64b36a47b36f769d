import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { FindPlacesButton } from '@web/components/places/FindPlacesButton.tsx';
import { Composer } from '@web/components/posts/Composer.tsx';
import { Feed } from '@web/components/posts/Feed.tsx';
import { useTranslation } from 'react-i18next';

/** Food & Recipes: meals and recipes. Videos follow the general 10-second limit (DESIGN.md section 6). */
export default function FoodScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t('Food & Recipes')}</h1>
          <p className="mt-1 text-slate-600">{t('Share your meals and favourite recipes.')}</p>
        </div>
        <FindPlacesButton kind="restaurants" />
      </header>
      <Composer
        category="food"
        title={t('Share Your Food')}
        placeholder={t("What's cooking? Share a meal or a recipe...")}
        note={t('Videos can be up to {{count}} seconds long.', { count: MEDIA_LIMITS.videoSeconds })}
      />
      <Feed category="food" label={t('Food posts')} emptyText={t('No food posts yet.')} />
    </main>
  );
}
