import type { RecipeImport } from '@common/schemas/recipes.ts';
import { useImportRecipe } from '@web/queries/recipeImport.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { linkButtonClass } from '@web/ui/styles.ts';
import { Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { IngredientRowsEditor } from './IngredientRowsEditor.tsx';
import { RecipeDetailsFields } from './RecipeDetailsFields.tsx';
import { RecipeImportField } from './RecipeImportField.tsx';
import { isBlankRecipe, type RecipeDraft } from './recipeDraft.ts';
import { recipeProblems } from './recipeProblems.ts';
import { StepsEditor } from './StepsEditor.tsx';

const removeRecipeClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-200 bg-white px-3 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 sm:min-h-9';

/** The host of a page without 'www.' ('example.com'), when the import named no site. */
function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export interface RecipeEditorProps {
  recipe: RecipeDraft;
  onChange: (change: (recipe: RecipeDraft) => RecipeDraft) => void;
  /** 'Import from a link' answered: the composer fills the editor (and an empty post text). */
  onImported: (answer: RecipeImport) => void;
  /** 'Remove recipe': the post goes without one. */
  onRemove: () => void;
  /** The member has tried to post: the title's and the ingredients' messages show. */
  checked: boolean;
  /** Put focus on the title when it opens ('Add recipe' was pressed). */
  focusTitle: boolean;
  disabled: boolean;
}

/**
 * The food composer's recipe (issue 28): import from a link, title, servings, times, diet tags,
 * ingredient rows and steps, and 'Remove recipe'. What it holds is the composer's draft; the
 * composer checks it before posting (recipeDraft.ts) and sends it as `recipe_data`.
 */
export default function RecipeEditor({
  recipe,
  onChange,
  onImported,
  onRemove,
  checked,
  focusTitle,
  disabled,
}: RecipeEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const titleRef = useRef<HTMLDivElement>(null);
  const importing = useImportRecipe();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const problems = useMemo(() => recipeProblems(recipe), [recipe]);
  const locked = disabled || importing.isPending;

  // Read once: a later re-render (or a wider screen's layout) does not take focus again.
  const focusOnOpen = useRef(focusTitle);
  useEffect(() => {
    if (focusOnOpen.current) titleRef.current?.querySelector('input')?.focus();
  }, []);

  // Enter in a box fills it in; it does not post the post (the Import box imports, rows add a row).
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (
      event.key === 'Enter' &&
      target.tagName === 'INPUT' &&
      (target as HTMLInputElement).type !== 'checkbox'
    )
      event.preventDefault();
  }

  function remove() {
    if (isBlankRecipe(recipe)) onRemove();
    else setConfirmingRemove(true);
  }

  return (
    <section
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-orange-200 bg-orange-50/40 p-3 sm:p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold text-orange-900">
        {t('Recipe')}
      </h3>
      <RecipeImportField importing={importing} onImported={onImported} disabled={disabled} />
      {recipe.sourceUrl ? (
        <p className="-mt-2 text-sm text-slate-600">
          <Trans
            // Not <source> or <link>: void elements in HTML, which Trans would leave empty.
            i18nKey="Adapted from <a>{{site}}</a>"
            values={{ site: recipe.sourceName || siteOf(recipe.sourceUrl) }}
            components={{
              a: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the site's name inside.
                <a
                  href={recipe.sourceUrl}
                  target="_blank"
                  rel="noopener nofollow ugc"
                  className={linkButtonClass}
                />
              ),
            }}
          />
        </p>
      ) : null}
      <RecipeDetailsFields
        recipe={recipe}
        onChange={onChange}
        problems={checked ? problems : {}}
        titleRef={titleRef}
        disabled={locked}
      />
      <IngredientRowsEditor
        entries={recipe.ingredients}
        onChange={(change) =>
          onChange((current) => ({ ...current, ingredients: change(current.ingredients) }))
        }
        error={checked ? problems.ingredients : undefined}
        disabled={locked}
      />
      <StepsEditor
        steps={recipe.steps}
        onChange={(change) => onChange((current) => ({ ...current, steps: change(current.steps) }))}
        disabled={locked}
      />
      <div className="border-t border-orange-200 pt-3">
        <button type="button" onClick={remove} disabled={disabled} className={removeRecipeClass}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('Remove recipe')}
        </button>
      </div>
      {confirmingRemove ? (
        <ConfirmDialog
          title={t('Remove this recipe?')}
          description={t('Its ingredients and steps will be cleared. The post text and notes stay.')}
          confirmLabel={t('Remove recipe')}
          pending={false}
          onConfirm={() => {
            setConfirmingRemove(false);
            onRemove();
          }}
          onCancel={() => setConfirmingRemove(false)}
        />
      ) : null}
    </section>
  );
}
