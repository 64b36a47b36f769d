import type { MeasureSystem } from '@common/recipes/quantities.ts';
import type { Recipe } from '@common/schemas/recipes.ts';
import { useRecipe } from '@web/queries/recipes.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CookMode } from './CookMode.tsx';
import { chooseMeasureSystem, useMeasureSystemChoice } from './measureSystem.ts';
import { printRecipe } from './printRecipe.ts';
import { RecipeActions } from './RecipeActions.tsx';
import { ServingsControl, UnitsToggle } from './RecipeControls.tsx';
import { DietBadges, RecipeSource, RecipeTimes } from './RecipeFacts.tsx';
import { IngredientList, StepList } from './RecipeLists.tsx';
import { RecipeSkeleton } from './RecipeSkeleton.tsx';
import { ingredientGroups, recipeSystem, stepsIn } from './recipeView.ts';

/**
 * A post's recipe (issue 28), loaded with its module when a member opens it on a feed, at once on the
 * post's page (web/components/posts/PostRecipe.tsx). Its own chunk: the units and cook mode stay out of
 * the feed's first load.
 */
export default function RecipeCard({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const recipe = useRecipe(postId);
  // A recipe its author has edited starts again from its own servings (the reader's choice was of the old one).
  if (recipe.data) return <RecipeView key={recipe.data.updated_at} recipe={recipe.data} />;
  if (recipe.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 py-2">
        <p className="text-slate-700">{recipe.error.message}</p>
        <button type="button" onClick={() => recipe.refetch()} className={`${secondaryButtonClass} text-sm`}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  return <RecipeSkeleton />;
}

function RecipeView({ recipe }: { recipe: Recipe }) {
  const { t } = useTranslation();
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  const [servings, setServings] = useState(recipe.servings);
  const [cooking, setCooking] = useState(false);
  const choice = useMeasureSystemChoice();
  const system: MeasureSystem = choice ?? recipeSystem(recipe.ingredients);
  const groups = useMemo(
    () => ingredientGroups(t, recipe.ingredients, recipe.servings, servings, system),
    [t, recipe.ingredients, recipe.servings, servings, system],
  );
  const steps = useMemo(() => stepsIn(recipe.steps, system), [recipe.steps, system]);

  return (
    <section ref={card} aria-labelledby={titleId} className="flex flex-col gap-4 py-2">
      <div className="flex flex-col gap-2">
        <h2 id={titleId} className="break-words text-xl font-bold text-slate-900">
          {recipe.title}
        </h2>
        <RecipeTimes prep={recipe.prep_minutes} cook={recipe.cook_minutes} servings={servings} />
        <DietBadges tags={recipe.diet_tags} />
        <RecipeSource url={recipe.source_url} name={recipe.source_name} />
      </div>

      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 print:hidden">
        <ServingsControl value={servings} onChange={setServings} />
        <UnitsToggle value={system} onChange={chooseMeasureSystem} />
      </div>

      <div className="flex flex-col gap-4 md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-6">
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-slate-900">{t('Ingredients')}</h3>
          <IngredientList groups={groups} />
        </div>
        {steps.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold text-slate-900">{t('Steps')}</h3>
            <StepList steps={steps} />
          </div>
        ) : null}
      </div>

      <RecipeActions
        recipe={recipe}
        servings={servings}
        system={system}
        onCook={() => setCooking(true)}
        onPrint={() => {
          if (card.current) printRecipe(card.current);
        }}
      />
      {cooking ? (
        <CookMode title={recipe.title} steps={steps} ingredients={groups} onClose={() => setCooking(false)} />
      ) : null}
    </section>
  );
}
