import {
  DIET_TAGS,
  type DietTag,
  type Recipe,
  SAVED_RECIPES_PAGE_MAX,
  type SavedRecipes,
  type ShoppingList,
} from '@common/schemas/recipes.ts';
import type { DB } from '@server/db/types.ts';
import { notHiddenFrom } from '@server/policies/blocks.ts';
import { postSeenBy } from '@server/policies/post.ts';
import { decodeCursor, encodeCursor } from '@server/queries/cursor.ts';
import { escapeLike } from '@server/queries/like.ts';
import { type Kysely, sql } from 'kysely';

const asDietTags = (tags: string[]): DietTag[] => DIET_TAGS.filter((tag) => tags.includes(tag));

/** A recipe's diet tags, ingredient rows and steps in order (whoever may see it is the caller's). */
export async function recipeParts(db: Kysely<DB>, postId: string) {
  const [tags, ingredients, steps] = await Promise.all([
    db.selectFrom('recipe_diet_tags').select('tag').where('post_id', '=', postId).execute(),
    db
      .selectFrom('recipe_ingredients')
      .select(['section', 'quantity', 'amount', 'amount_max', 'unit', 'item', 'note'])
      .where('post_id', '=', postId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('recipe_steps')
      .select(['text', 'timer_minutes'])
      .where('post_id', '=', postId)
      .orderBy('position')
      .execute(),
  ]);
  return {
    tags: asDietTags(tags.map((t) => t.tag)),
    ingredients: ingredients.map((row) => ({
      ...row,
      amount: row.amount === null ? null : Number(row.amount),
      amount_max: row.amount_max === null ? null : Number(row.amount_max),
    })),
    steps,
  };
}

/** The recipe of a post the viewer may see (its post's rules: policies/post.ts), or null. */
export async function readRecipe(db: Kysely<DB>, viewerId: string, postId: string): Promise<Recipe | null> {
  const recipe = await db
    .selectFrom('recipes')
    .innerJoin('posts', 'posts.id', 'recipes.post_id')
    .selectAll('recipes')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('saved_recipes')
            .select(sql`1`.as('one'))
            .where('saved_recipes.post_id', '=', postId)
            .where('saved_recipes.user_id', '=', viewerId),
        )
        .as('saved'),
    )
    .where('recipes.post_id', '=', postId)
    .where(notHiddenFrom(viewerId, 'posts.user_id'))
    .where(postSeenBy(viewerId))
    .executeTakeFirst();
  if (!recipe) return null;
  const { tags, ingredients, steps } = await recipeParts(db, postId);
  return {
    post_id: recipe.post_id,
    title: recipe.title,
    servings: Number(recipe.servings),
    prep_minutes: recipe.prep_minutes,
    cook_minutes: recipe.cook_minutes,
    diet_tags: tags,
    ingredients,
    steps,
    source_url: recipe.source_url,
    source_name: recipe.source_name,
    saved_by_me: Boolean(recipe.saved),
    updated_at: recipe.updated_at,
  };
}

/** The diet tags of several recipes at once: post id → tags. */
async function dietTagsOf(db: Kysely<DB>, postIds: string[]) {
  const byPost = new Map<string, DietTag[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('recipe_diet_tags')
    .select(['post_id', 'tag'])
    .where('post_id', 'in', postIds)
    .execute();
  for (const id of postIds) {
    byPost.set(id, asDietTags(rows.filter((r) => r.post_id === id).map((r) => r.tag)));
  }
  return byPost;
}

/**
 * 'My recipes': the member's saved recipes they may still see, newest saved first, by keyset on
 * (saved_at, post_id); `q` matches the title or an ingredient, case aside.
 */
export async function listSavedRecipes(
  db: Kysely<DB>,
  viewerId: string,
  options: { q?: string | undefined; before?: string | undefined; limit?: number | undefined },
): Promise<SavedRecipes> {
  const limit = Math.min(options.limit ?? 20, SAVED_RECIPES_PAGE_MAX);
  const cursor = options.before ? decodeCursor(options.before, 'your recipes') : undefined;
  let query = db
    .selectFrom('saved_recipes')
    .innerJoin('recipes', 'recipes.post_id', 'saved_recipes.post_id')
    .innerJoin('posts', 'posts.id', 'saved_recipes.post_id')
    .innerJoin('profiles', 'profiles.id', 'posts.user_id')
    .select([
      'recipes.post_id',
      'recipes.title',
      'recipes.servings',
      'recipes.prep_minutes',
      'recipes.cook_minutes',
      'posts.image_url',
      'posts.image_feed_url',
      'posts.media_type',
      'profiles.id as author_id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
      'saved_recipes.saved_at',
    ])
    .where('saved_recipes.user_id', '=', viewerId)
    .where(notHiddenFrom(viewerId, 'posts.user_id'))
    .where(postSeenBy(viewerId));
  const q = options.q?.trim().toLowerCase();
  if (q) {
    const contains = `%${escapeLike(q)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(recipes.title)`, 'like', sql`${contains} escape '\\'`),
        eb.exists(
          eb
            .selectFrom('recipe_ingredients')
            .select(sql`1`.as('one'))
            .whereRef('recipe_ingredients.post_id', '=', 'recipes.post_id')
            .where(sql`recipe_ingredients.item_key`, 'like', sql`${contains} escape '\\'`),
        ),
      ]),
    );
  }
  if (cursor) {
    query = query.where(
      sql<boolean>`(saved_recipes.saved_at, saved_recipes.post_id) < (${cursor.createdAt}, ${cursor.id})`,
    );
  }
  const rows = await query
    .orderBy('saved_recipes.saved_at', 'desc')
    .orderBy('saved_recipes.post_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const tags = await dietTagsOf(
    db,
    page.map((row) => row.post_id),
  );
  const last = page.at(-1);
  return {
    recipes: page.map((row) => ({
      post_id: row.post_id,
      title: row.title,
      servings: Number(row.servings),
      prep_minutes: row.prep_minutes,
      cook_minutes: row.cook_minutes,
      diet_tags: tags.get(row.post_id) ?? [],
      // A video's poster is not stored: its card shows no picture.
      image_url: row.media_type === 'photo' ? (row.image_feed_url ?? row.image_url) : null,
      author: {
        id: row.author_id,
        username: row.username,
        full_name: row.full_name,
        avatar_url: row.avatar_url,
      },
      saved_at: row.saved_at,
    })),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ created_at: last.saved_at, id: last.post_id }) : null,
  };
}

/** The member's shopping list: what is still to buy in the order added, then what is ticked. */
export async function readShoppingList(db: Kysely<DB>, userId: string): Promise<ShoppingList> {
  const rows = await db
    .selectFrom('shopping_items')
    .select(['id', 'item', 'amount', 'unit', 'checked', 'recipes'])
    .where('user_id', '=', userId)
    .orderBy('checked')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      item: row.item,
      amount: row.amount === null ? null : Number(row.amount),
      unit: row.unit,
      checked: Boolean(row.checked),
      recipes: JSON.parse(row.recipes) as string[],
    })),
  };
}
