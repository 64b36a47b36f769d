import { SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import { useDebounced } from '@web/components/useDebounced.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useSavedRecipes } from '@web/queries/recipes.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { BookOpen, Search, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SavedRecipeCard, SavedRecipeSkeletons } from './components/SavedRecipeCard.tsx';

/** The server's longest search (common/schemas/recipes.ts savedRecipesQuerySchema). */
const SEARCH_MAX = 60;

/**
 * /recipes, 'My recipes' (issue 28): the recipes the member saved, newest first, searched by title or
 * ingredient (asked 300 ms after the last keystroke), with the way to the shopping list.
 */
export default function RecipesScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('My recipes'));
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <BackLink to="/food" label={t('Back to Food & Recipes')} className="mt-0.5" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900">{t('My recipes')}</h1>
            <p className="mt-1 text-slate-600">{t('The recipes you saved, ready to cook.')}</p>
          </div>
        </div>
        <Link to="/recipes/shopping" className={`${secondaryButtonClass} shrink-0`}>
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {t('Shopping list')}
        </Link>
      </div>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label={t('Search recipes')}
          placeholder={t('Search recipes or ingredients...')}
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
      </div>
      <SavedRecipeList q={q} />
    </main>
  );
}

function SavedRecipeList({ q }: { q: string }) {
  const { t } = useTranslation();
  const saved = useSavedRecipes(q);
  if (saved.isPending) return <SavedRecipeSkeletons label={t('Loading recipes...')} />;
  if (!saved.data) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-center gap-3 p-8 text-center`}>
        <p className="text-slate-700">{saved.error?.message}</p>
        <button type="button" onClick={() => saved.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  const recipes = saved.data.pages.flatMap((page) => page.recipes);
  // While another search loads, the last results stay, dimmed; the empty states wait for their own answer.
  const stale = saved.isPlaceholderData;
  if (recipes.length === 0 && !stale) {
    return q ? (
      <EmptyState icon={Search} title={t('No recipes match "{{query}}".', { query: q })} />
    ) : (
      <EmptyState
        icon={BookOpen}
        title={t('No saved recipes yet')}
        description={t('Tap "Save recipe" on a recipe to keep it here.')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={t('My recipes')}
        aria-busy={stale}
        className={`flex flex-col gap-3 transition-opacity ${stale ? 'opacity-60' : ''}`}
      >
        {recipes.map((recipe) => (
          <li key={recipe.post_id}>
            <SavedRecipeCard recipe={recipe} />
          </li>
        ))}
      </ul>
      {saved.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {saved.error?.message}
        </p>
      ) : null}
      {saved.hasNextPage && !stale ? (
        <button
          type="button"
          onClick={() => void saved.fetchNextPage()}
          disabled={saved.isFetchingNextPage}
          className={`${secondaryButtonClass} self-center`}
        >
          {saved.isFetchingNextPage ? t('Loading more recipes...') : t('Load more')}
        </button>
      ) : null}
    </div>
  );
}
