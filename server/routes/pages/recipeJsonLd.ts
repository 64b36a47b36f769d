import { SCHEMA_ORG_DIETS } from '@common/schemas/recipes.ts';
import type { DB } from '@server/db/types.ts';
import { recipeParts } from '@server/queries/recipes.ts';
import type { Kysely } from 'kysely';

/** Minutes as an ISO 8601 duration ('PT1H30M'), as schema.org's prepTime and cookTime are written. */
export function isoMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
}

/** An ingredient row as a line a person (or another app's parser) reads: '1 1/2 cup flour, sifted'. */
function ingredientLine(row: { quantity: string; unit: string | null; item: string; note: string }) {
  const head = [row.quantity, row.unit ?? '', row.item].filter((part) => part !== '').join(' ');
  return row.note ? `${head}, ${row.note}` : head;
}

interface RecipePost {
  id: string;
  content: string;
  image: string | null;
  author: string;
  created_at: string;
}

/**
 * A food post's recipe as schema.org/Recipe JSON-LD (issue 28), so other apps import Splikz recipes:
 * name, image, description, author, recipeIngredient, recipeInstructions (HowToStep), times in ISO
 * 8601, recipeYield, suitableForDiet and the page it was adapted from. Null without a recipe.
 */
export async function recipeJsonLd(
  db: Kysely<DB>,
  post: RecipePost,
  canonical: string,
): Promise<Record<string, unknown> | null> {
  const recipe = await db.selectFrom('recipes').selectAll().where('post_id', '=', post.id).executeTakeFirst();
  if (!recipe) return null;
  const { tags, ingredients, steps } = await recipeParts(db, post.id);
  const prep = recipe.prep_minutes;
  const cook = recipe.cook_minutes;
  const text = post.content === '.' ? '' : post.content;
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    url: canonical,
    ...(text ? { description: text } : {}),
    ...(post.image ? { image: [post.image] } : {}),
    author: { '@type': 'Person', name: post.author },
    datePublished: new Date(post.created_at).toISOString(),
    recipeYield: [String(recipe.servings), `${recipe.servings} servings`],
    ...(prep !== null ? { prepTime: isoMinutes(prep) } : {}),
    ...(cook !== null ? { cookTime: isoMinutes(cook) } : {}),
    ...(prep !== null || cook !== null ? { totalTime: isoMinutes((prep ?? 0) + (cook ?? 0)) } : {}),
    ...(tags.length > 0 ? { suitableForDiet: tags.map((tag) => SCHEMA_ORG_DIETS[tag]) } : {}),
    recipeIngredient: ingredients.map(ingredientLine),
    recipeInstructions: steps.map((step, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      text: step.text,
      ...(step.timer_minutes ? { timeRequired: isoMinutes(step.timer_minutes) } : {}),
    })),
    ...(recipe.source_url ? { isBasedOn: recipe.source_url } : {}),
  };
}
