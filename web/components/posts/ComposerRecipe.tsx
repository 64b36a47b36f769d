import { POST_CONTENT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import type { RecipeImport } from '@common/schemas/recipes.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { ChefHat } from 'lucide-react';
import { type Dispatch, lazy, type SetStateAction, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecipeField } from './ComposerFields.tsx';
import type { Draft, SetDraftField } from './composerDraft.ts';

// Loaded when a member adds a recipe (or points at the button): the editor, the recipe draft and the
// recipe contract stay out of every feed's load.
const loadEditor = () => import('@web/components/recipes/RecipeEditor.tsx');
const loadDraft = () => import('@web/components/recipes/recipeDraft.ts');
const RecipeEditor = lazy(loadEditor);

/** A food post's recipe: 'Add recipe' or the recipe editor, then the plain-text 'Notes'. */
export function ComposerRecipe({
  draft,
  set,
  update,
  checked,
  disabled,
}: {
  draft: Draft;
  set: SetDraftField;
  /** The draft from what it is now (the editor's changes, an import filling the post text too). */
  update: Dispatch<SetStateAction<Draft>>;
  /** The member has tried to post: the recipe's own messages show. */
  checked: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const addRef = useRef<HTMLButtonElement>(null);
  // 'Add recipe' was pressed: the editor takes focus as it opens.
  const [added, setAdded] = useState(false);
  // 'Remove recipe' was pressed: focus comes back to 'Add recipe' once it is there again.
  const removed = useRef(false);
  const recipe = draft.recipeData;

  useEffect(() => {
    if (recipe === null && removed.current) {
      removed.current = false;
      addRef.current?.focus();
    }
  }, [recipe]);

  async function onImported(answer: RecipeImport) {
    const { recipeFromImport } = await loadDraft();
    update((current) => ({
      ...current,
      recipeData: recipeFromImport(answer),
      content: current.content.trim()
        ? current.content
        : answer.description.slice(0, POST_CONTENT_MAX_LENGTH),
    }));
  }

  return (
    <div className="flex min-w-0 flex-col gap-3 sm:col-span-2">
      {recipe ? (
        <Suspense
          fallback={
            <div className="flex min-h-40 items-center justify-center rounded-xl border border-orange-200 bg-orange-50/40">
              <Spinner />
            </div>
          }
        >
          <RecipeEditor
            recipe={recipe}
            onChange={(change) =>
              update((current) =>
                current.recipeData ? { ...current, recipeData: change(current.recipeData) } : current,
              )
            }
            onImported={onImported}
            onRemove={() => {
              removed.current = true;
              setAdded(false);
              set('recipeData')(null);
            }}
            checked={checked}
            focusTitle={added}
            disabled={disabled}
          />
        </Suspense>
      ) : (
        <button
          ref={addRef}
          type="button"
          disabled={disabled}
          onClick={async () => {
            const { emptyRecipe } = await loadDraft();
            setAdded(true);
            set('recipeData')(emptyRecipe());
          }}
          onPointerEnter={() => void Promise.all([loadEditor(), loadDraft()])}
          onFocus={() => void Promise.all([loadEditor(), loadDraft()])}
          className={`${secondaryButtonClass} self-start`}
        >
          <ChefHat aria-hidden="true" className="h-4 w-4 text-orange-600" />
          {t('Add recipe')}
        </button>
      )}
      <RecipeField value={draft.recipe} onChange={set('recipe')} disabled={disabled} />
    </div>
  );
}
