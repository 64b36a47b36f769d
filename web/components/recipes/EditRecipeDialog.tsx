import { Spinner } from '@web/components/Spinner.tsx';
import { useRecipe, useRemoveRecipe, useUpdateRecipe } from '@web/queries/recipes.ts';
import { FormDialog } from '@web/ui/Dialog.tsx';
import { FormError } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import RecipeEditor from './RecipeEditor.tsx';
import { type RecipeDraft, recipeDraftOf, recipeFromImport, recipeInput } from './recipeDraft.ts';
import { firstProblem, recipeProblems } from './recipeProblems.ts';

/**
 * 'Edit recipe' on the author's own food post: the posted recipe in the composer's editor, saved with
 * PUT /api/posts/:id/recipe (checked first as the server checks it), or removed with its 'Remove
 * recipe' (the post and its text stay).
 */
export function EditRecipeDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const posted = useRecipe(postId);
  const [draft, setDraft] = useState<RecipeDraft | null>(null);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateRecipe(postId);
  const remove = useRemoveRecipe(postId);
  // The draft starts from the recipe as posted, once, when it is here (a refetch does not undo edits).
  useEffect(() => {
    const data = posted.data;
    if (data) setDraft((current) => current ?? recipeDraftOf(data, data.source_name));
  }, [posted.data]);
  const recipe = draft;
  const busy = update.isPending || remove.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!recipe || busy) return;
    setChecked(true);
    const problem = firstProblem(recipeProblems(recipe));
    setError(problem ?? null);
    if (problem) return;
    try {
      await update.mutateAsync(recipeInput(recipe));
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    toast.success(t('Recipe updated'));
    onClose();
  }

  async function onRemove() {
    try {
      await remove.mutateAsync();
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    toast.success(t('Recipe removed'));
    onClose();
  }

  return (
    <FormDialog title={t('Edit recipe')} onClose={onClose} onSubmit={onSubmit} wide>
      {recipe ? (
        <RecipeEditor
          recipe={recipe}
          onChange={(change) => setDraft((current) => current && change(current))}
          onImported={(answer) => setDraft(recipeFromImport(answer))}
          onRemove={() => void onRemove()}
          checked={checked}
          focusTitle
          disabled={busy}
        />
      ) : posted.isError ? (
        <FormError message={posted.error.message} />
      ) : (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner />
        </div>
      )}
      <FormError message={error} />
      <FormActions
        onCancel={onClose}
        submitLabel={t('Save')}
        submittingLabel={t('Saving...')}
        submitting={update.isPending}
        disabled={!recipe || busy}
      />
    </FormDialog>
  );
}
