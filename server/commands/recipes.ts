import { parseQuantity } from '@common/recipes/quantities.ts';
import type { RecipeInput } from '@common/schemas/recipes.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, forbidden, notFound } from '@server/http/errors.ts';
import { findVisiblePost } from '@server/queries/posts.ts';
import type { Transaction } from 'kysely';

/** The key an ingredient is searched and merged by: 'Flour ' and 'flour' are one item. */
export const itemKey = (item: string) => item.trim().toLowerCase();

/** 'Adapted from {site}': the source's host without 'www.'. */
export function sourceName(url: string): string {
  return new URL(url).hostname.replace(/^www\./u, '');
}

/**
 * Writes a food post's recipe: its row, diet tags, ingredient rows (the amount the cook wrote read
 * into numbers) and steps, replacing any it had. The post's `has_recipe` tells the feeds.
 */
export async function writeRecipe(trx: Transaction<DB>, postId: string, data: RecipeInput, now: string) {
  await clearRecipeRows(trx, postId);
  const source = data.source_url ?? null;
  const fields = {
    title: data.title,
    servings: data.servings,
    prep_minutes: data.prep_minutes ?? null,
    cook_minutes: data.cook_minutes ?? null,
    source_url: source,
    source_name: source ? sourceName(source) : null,
    updated_at: now,
  };
  await trx
    .insertInto('recipes')
    .values({
      post_id: postId,
      ...fields,
      created_at: now,
    })
    .onConflict((oc) => oc.column('post_id').doUpdateSet(fields))
    .execute();
  const tags = data.diet_tags ?? [];
  const steps = data.steps ?? [];
  if (tags.length > 0) {
    await trx
      .insertInto('recipe_diet_tags')
      .values(tags.map((tag) => ({ post_id: postId, tag })))
      .execute();
  }
  await trx
    .insertInto('recipe_ingredients')
    .values(
      data.ingredients.map((row, position) => {
        const quantity = row.quantity ?? '';
        // The schema let only amounts parseQuantity reads through.
        const amounts = parseQuantity(quantity) ?? { amount: null, amount_max: null };
        return {
          post_id: postId,
          position,
          section: row.section ?? '',
          quantity,
          amount: amounts.amount,
          amount_max: amounts.amount_max,
          unit: row.unit || null,
          item: row.item,
          item_key: itemKey(row.item),
          note: row.note ?? '',
        };
      }),
    )
    .execute();
  if (steps.length > 0) {
    await trx
      .insertInto('recipe_steps')
      .values(
        steps.map((step, position) => ({
          post_id: postId,
          position,
          text: step.text,
          timer_minutes: step.timer_minutes ?? null,
        })),
      )
      .execute();
  }
  await trx.updateTable('posts').set({ has_recipe: true }).where('id', '=', postId).execute();
}

async function clearRecipeRows(trx: Transaction<DB>, postId: string) {
  for (const table of ['recipe_diet_tags', 'recipe_ingredients', 'recipe_steps'] as const) {
    await trx.deleteFrom(table).where('post_id', '=', postId).execute();
  }
}

/** The food post whose recipe the viewer changes: theirs (404 when they may not see it). */
async function ownFoodPost(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  const post = await findVisiblePost(trx, viewer, postId);
  if (post.user_id !== viewer.userId) throw forbidden('recipe_author_only');
  if (post.category !== 'food') throw badRequest('recipe_not_food');
  return post;
}

/** PUT /api/posts/:id/recipe: the author writes or replaces the recipe. */
export async function putRecipe(trx: Transaction<DB>, viewer: Viewer, postId: string, data: RecipeInput) {
  await ownFoodPost(trx, viewer, postId);
  const now = new Date().toISOString();
  await writeRecipe(trx, postId, data, now);
  await trx.updateTable('posts').set({ updated_at: now }).where('id', '=', postId).execute();
}

/** DELETE /api/posts/:id/recipe: the post stays, with its notes; saved copies go with the recipe. */
export async function deleteRecipe(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  await ownFoodPost(trx, viewer, postId);
  const removed = await trx.deleteFrom('recipes').where('post_id', '=', postId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('recipe_none');
  await clearRecipeRows(trx, postId);
  await trx.deleteFrom('saved_recipes').where('post_id', '=', postId).execute();
  await trx.updateTable('posts').set({ has_recipe: false }).where('id', '=', postId).execute();
}

/** The recipe of a post the viewer may see, or 404 (none, or hidden from them). */
export async function visibleRecipe(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  await findVisiblePost(trx, viewer, postId);
  const recipe = await trx
    .selectFrom('recipes')
    .select(['post_id', 'title', 'servings'])
    .where('post_id', '=', postId)
    .executeTakeFirst();
  if (!recipe) throw notFound('recipe_none');
  return recipe;
}

/** 'Save recipe': idempotent. */
export async function saveRecipe(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  await visibleRecipe(trx, viewer, postId);
  await trx
    .insertInto('saved_recipes')
    .values({ user_id: viewer.userId, post_id: postId, saved_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .execute();
}

/** Unsave: a recipe that is not saved answers 404, so a client knows its state was stale. */
export async function unsaveRecipe(trx: Transaction<DB>, viewer: Viewer, postId: string) {
  const removed = await trx
    .deleteFrom('saved_recipes')
    .where('user_id', '=', viewer.userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('recipe_not_saved');
}
