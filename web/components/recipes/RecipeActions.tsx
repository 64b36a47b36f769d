import type { MeasureSystem } from '@common/recipes/quantities.ts';
import type { Recipe } from '@common/schemas/recipes.ts';
import { useAddRecipeToList, useSetRecipeSaved } from '@web/queries/recipes.ts';
import { linkButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Bookmark, BookmarkCheck, ChefHat, Printer, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const actionClass = `${secondaryButtonClass} px-3 text-sm`;

/**
 * What a member does with a recipe: 'Save recipe' / 'Saved', 'Add to shopping list' (as now scaled and
 * converted), 'Cook mode' and 'Print'. None of it is printed.
 */
export function RecipeActions({
  recipe,
  servings,
  system,
  onCook,
  onPrint,
}: {
  recipe: Recipe;
  servings: number;
  system: MeasureSystem;
  onCook: () => void;
  onPrint: () => void;
}) {
  const { t } = useTranslation();
  const save = useSetRecipeSaved(recipe.post_id);
  const addToList = useAddRecipeToList();
  const saved = recipe.saved_by_me;
  const SaveIcon = saved ? BookmarkCheck : Bookmark;
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={saved}
          onClick={() => save.mutate(!saved)}
          className={`${actionClass} ${saved ? 'border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100' : ''}`}
        >
          <SaveIcon aria-hidden="true" className="h-4 w-4" />
          {saved ? t('Saved') : t('Save recipe')}
        </button>
        <button
          type="button"
          onClick={() => addToList.mutate({ post_id: recipe.post_id, servings, system })}
          disabled={addToList.isPending}
          className={actionClass}
        >
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {addToList.isPending ? t('Adding...') : t('Add to shopping list')}
        </button>
        {recipe.steps.length > 0 ? (
          <button type="button" onClick={onCook} className={actionClass}>
            <ChefHat aria-hidden="true" className="h-4 w-4" />
            {t('Cook mode')}
          </button>
        ) : null}
        <button type="button" onClick={onPrint} className={actionClass}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          {t('Print')}
        </button>
      </div>
      {/* Always there, so what it says is read out when it appears. */}
      <div role="status" className="text-sm">
        {addToList.isSuccess ? (
          <p className="text-emerald-800">
            {t('Added to your shopping list')}{' '}
            <Link to="/recipes/shopping" className={linkButtonClass}>
              {t('View list')}
            </Link>
          </p>
        ) : null}
        {addToList.isError ? <p className="text-red-700">{addToList.error.message}</p> : null}
      </div>
    </div>
  );
}
