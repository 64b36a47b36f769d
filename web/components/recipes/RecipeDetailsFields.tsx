import {
  DIET_TAGS,
  RECIPE_MINUTES_MAX,
  RECIPE_SERVINGS_MAX,
  RECIPE_TITLE_MAX,
} from '@common/schemas/recipes.ts';
import { Field } from '@web/ui/Field.tsx';
import { labelClass } from '@web/ui/styles.ts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { type RecipeDraft, toggleDiet } from './recipeDraft.ts';
import type { RecipeProblems } from './recipeProblems.ts';
import { DIET_TAG_LABELS } from './recipeTexts.ts';

type Change = (change: (recipe: RecipeDraft) => RecipeDraft) => void;

/** 'Recipe title', 'Servings', 'Prep time (minutes)', 'Cook time (minutes)' and the diet tags. */
export function RecipeDetailsFields({
  recipe,
  onChange,
  problems,
  titleRef,
  disabled,
}: {
  recipe: RecipeDraft;
  onChange: Change;
  /** Shown once the member has tried to post. */
  problems: Pick<RecipeProblems, 'title' | 'servings' | 'prep' | 'cook'>;
  /** Around the title's box: the editor puts focus there when it opens. */
  titleRef: Ref<HTMLDivElement>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = (field: 'title' | 'servings' | 'prep' | 'cook') => (value: string) =>
    onChange((current) => ({ ...current, [field]: value }));
  const numberProps = { type: 'number', inputMode: 'numeric', step: 1, disabled } as const;
  return (
    <>
      <div ref={titleRef}>
        <Field
          label={t('Recipe title')}
          value={recipe.title}
          maxLength={RECIPE_TITLE_MAX}
          disabled={disabled}
          error={problems.title}
          onChange={(event) => set('title')(event.target.value)}
        />
      </div>
      {/* Three across even on a phone; a label on two lines keeps the boxes in line (items-end). */}
      <div className="grid grid-cols-3 items-end gap-2 sm:gap-3">
        <Field
          label={t('Servings')}
          {...numberProps}
          min={1}
          max={RECIPE_SERVINGS_MAX}
          value={recipe.servings}
          error={problems.servings}
          onChange={(event) => set('servings')(event.target.value)}
        />
        <Field
          label={t('Prep time (minutes)')}
          {...numberProps}
          min={0}
          max={RECIPE_MINUTES_MAX}
          value={recipe.prep}
          error={problems.prep}
          onChange={(event) => set('prep')(event.target.value)}
        />
        <Field
          label={t('Cook time (minutes)')}
          {...numberProps}
          min={0}
          max={RECIPE_MINUTES_MAX}
          value={recipe.cook}
          error={problems.cook}
          onChange={(event) => set('cook')(event.target.value)}
        />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className={`${labelClass} mb-1`}>{t('Diet')}</legend>
        <div className="flex flex-wrap gap-2">
          {DIET_TAGS.map((tag) => (
            <label
              key={tag}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-700 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-200 sm:min-h-9"
            >
              <input
                type="checkbox"
                checked={recipe.diets.includes(tag)}
                disabled={disabled}
                onChange={() =>
                  onChange((current) => ({ ...current, diets: toggleDiet(current.diets, tag) }))
                }
                className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              {t(DIET_TAG_LABELS[tag])}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
