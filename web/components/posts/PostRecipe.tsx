import type { Post } from '@common/schemas/posts.ts';
import { RecipeSkeleton } from '@web/components/recipes/RecipeSkeleton.tsx';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Its own chunk, loaded when a recipe is opened: a feed's first screen carries none of it.
const RecipeCard = lazy(() => import('@web/components/recipes/RecipeCard.tsx'));

const disclosureClass =
  'rounded-xl border border-orange-200 bg-white [&[open]>summary]:rounded-b-none [&[open]>summary]:border-b [&[open]>summary]:border-orange-200';
const summaryClass = 'cursor-pointer rounded-xl bg-orange-50 px-4 py-2 font-medium text-orange-900';

/** The plain-text notes a post had before recipes had ingredients ('Notes'). */
function RecipeNotes({ notes, heading }: { notes: string; heading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      {heading ? <h3 className="font-semibold text-slate-900">{t('Notes')}</h3> : null}
      <p className="whitespace-pre-wrap break-words text-slate-800">{notes}</p>
    </div>
  );
}

/**
 * A food post's recipe (issue 28) behind a 'Recipe' disclosure: on a feed it is closed, and the card
 * and its recipe load when a member opens it; on the post's page it is open at once. The post's
 * plain-text recipe shows under it as 'Notes', or alone when there is no structured recipe.
 */
export function PostRecipe({ post, openAtFirst }: { post: Post; openAtFirst: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(openAtFirst);
  if (!post.has_recipe) {
    if (!post.recipe) return null;
    return (
      <details className={disclosureClass}>
        <summary className={summaryClass}>{t('Notes')}</summary>
        <div className="px-4 py-3">
          <RecipeNotes notes={post.recipe} heading={false} />
        </div>
      </details>
    );
  }
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className={disclosureClass}>
      <summary className={summaryClass}>{t('Recipe')}</summary>
      {open ? (
        <div className="flex flex-col gap-4 px-4 py-3">
          <Suspense fallback={<RecipeSkeleton />}>
            <RecipeCard postId={post.id} />
          </Suspense>
          {post.recipe ? <RecipeNotes notes={post.recipe} heading /> : null}
        </div>
      ) : null}
    </details>
  );
}
