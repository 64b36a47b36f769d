import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

type Readable = <T extends object>(rows: T[]) => Record<string, unknown>[];

/**
 * The member's recipes for their data export (issue 28): every recipe on their own posts with its
 * diet tags, ingredient rows and steps in order, the recipes they saved (by post) and their
 * shopping list. Nothing of other members' recipes but the ids of those they saved.
 */
export async function exportRecipes(db: Kysely<DB>, userId: string, readable: Readable) {
  const recipes = await db
    .selectFrom('recipes')
    .innerJoin('posts', 'posts.id', 'recipes.post_id')
    .selectAll('recipes')
    .where('posts.user_id', '=', userId)
    .orderBy('recipes.created_at')
    .execute();
  const ids = recipes.map((recipe) => recipe.post_id);
  const [tags, ingredients, steps] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.selectFrom('recipe_diet_tags').select(['post_id', 'tag']).where('post_id', 'in', ids).execute(),
          db
            .selectFrom('recipe_ingredients')
            .select(['post_id', 'section', 'quantity', 'amount', 'amount_max', 'unit', 'item', 'note'])
            .where('post_id', 'in', ids)
            .orderBy('post_id')
            .orderBy('position')
            .execute(),
          db
            .selectFrom('recipe_steps')
            .select(['post_id', 'text', 'timer_minutes'])
            .where('post_id', 'in', ids)
            .orderBy('post_id')
            .orderBy('position')
            .execute(),
        ]);
  const of = <T extends { post_id: string }>(rows: T[], id: string) =>
    rows.filter((row) => row.post_id === id).map(({ post_id: _, ...rest }) => rest);
  return {
    written: readable(
      recipes.map((recipe) => ({
        ...recipe,
        diet_tags: tags.filter((t) => t.post_id === recipe.post_id).map((t) => t.tag),
        ingredients: of(ingredients, recipe.post_id),
        steps: of(steps, recipe.post_id),
      })),
    ),
    saved: readable(
      await db
        .selectFrom('saved_recipes')
        .select(['post_id', 'saved_at'])
        .where('user_id', '=', userId)
        .orderBy('saved_at')
        .execute(),
    ),
    shopping_list: readable(
      (
        await db
          .selectFrom('shopping_items')
          .select(['id', 'item', 'amount', 'unit', 'checked', 'recipes', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .execute()
      ).map((row) => ({ ...row, recipes: JSON.parse(row.recipes) as string[] })),
    ),
  };
}
