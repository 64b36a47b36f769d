import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import type { DietTag } from '@common/schemas/recipes.ts';
import { FindPlacesButton } from '@web/components/places/FindPlacesButton.tsx';
import { Composer } from '@web/components/posts/Composer.tsx';
import { FeedList } from '@web/components/posts/Feed.tsx';
import { useDebounced } from '@web/components/useDebounced.ts';
import { type FeedFilter, useFilteredFeed } from '@web/queries/posts.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FoodFilters } from './components/FoodFilters.tsx';

/** How long 'Search by ingredient' waits after the last keystroke before asking. */
const SEARCH_DELAY_MS = 300;

/** Food & Recipes: meals and recipes. Videos follow the general 10-second limit (DESIGN.md section 6). */
export default function FoodScreen() {
  const { t } = useTranslation();
  const [diet, setDiet] = useState<DietTag | ''>('');
  const [ingredient, setIngredient] = useState('');
  const searched = useDebounced(ingredient.trim(), SEARCH_DELAY_MS);
  const filter = useMemo<FeedFilter>(
    () => ({ ...(diet ? { diet } : {}), ...(searched ? { ingredient: searched } : {}) }),
    [diet, searched],
  );
  const filtered = Boolean(filter.diet || filter.ingredient);
  const feed = useFilteredFeed('food', filter);
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
      <FoodFilters
        diet={diet}
        onDietChange={setDiet}
        ingredient={ingredient}
        onIngredientChange={setIngredient}
      />
      {/* While a filter's first page loads, the posts shown before stay, dimmed. */}
      <div
        aria-busy={feed.isPlaceholderData || undefined}
        className={feed.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
      >
        <FeedList
          feed={feed}
          label={t('Food posts')}
          emptyText={filtered ? t('No recipes match.') : t('No food posts yet.')}
        />
      </div>
    </main>
  );
}
