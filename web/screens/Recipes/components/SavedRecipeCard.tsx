import type { SavedRecipe } from '@common/schemas/recipes.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { DietBadges, RecipeTimes } from '@web/components/recipes/RecipeFacts.tsx';
import { cardClass } from '@web/ui/styles.ts';
import { UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';

/** One saved recipe: its photo, title (the link to its post, over the whole card), author, times and diet tags. */
export function SavedRecipeCard({ recipe }: { recipe: SavedRecipe }) {
  return (
    <article
      className={`${cardClass} relative flex gap-3 p-3 focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-200 sm:gap-4`}
    >
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-orange-50 sm:h-28 sm:w-28">
        {recipe.image_url ? (
          <img src={recipe.image_url} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-orange-300">
            <UtensilsCrossed aria-hidden="true" className="h-8 w-8" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h2 className="break-words text-lg font-semibold leading-snug text-slate-900">
          <Link
            to={`/post/${encodeURIComponent(recipe.post_id)}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
          >
            {recipe.title}
          </Link>
        </h2>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Avatar url={recipe.author.avatar_url} name={recipe.author.full_name} size="sm" />
          <span className="truncate">{recipe.author.full_name}</span>
        </p>
        <RecipeTimes prep={recipe.prep_minutes} cook={recipe.cook_minutes} servings={recipe.servings} />
        <DietBadges tags={recipe.diet_tags} />
      </div>
    </article>
  );
}

/** Cards' shapes while the first page loads. */
export function SavedRecipeSkeletons({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((n) => (
        <div key={n} className={`${cardClass} flex gap-3 p-3 sm:gap-4`}>
          <div className="h-20 w-20 shrink-0 animate-pulse rounded-xl bg-slate-100 sm:h-28 sm:w-28" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className="h-5 w-2/3 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
