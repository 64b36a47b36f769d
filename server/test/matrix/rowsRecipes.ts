import { writeRecipe } from '@server/commands/recipes.ts';
import { v7 as uuidv7 } from 'uuid';
import type { Fixtures } from './fixtures.ts';
import { type HttpRow, members, type ViewerKind } from './table.ts';

// Recipes (issue 28). A recipe is seen with its food post (blocked, whom the owner blocked, sees
// neither); only its author changes it; saved recipes and the shopping list are each member's own.

/** A fresh food post of the owner's with a recipe (written as the composer would, without its limit). */
async function freshRecipe(f: Fixtures) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await f.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('posts')
      .values({
        id,
        user_id: f.members.owner.id,
        profile_owner_id: null,
        category: 'food',
        content: 'Matrix recipe',
        image_url: null,
        image_feed_url: null,
        media_id: null,
        media_type: 'none',
        prayer_type: null,
        food_category: null,
        recipe: null,
        feeling: null,
        location_name: null,
        location_lat: null,
        location_lng: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeRecipe(trx, id, RECIPE, now);
  });
  return { post: id };
}

const RECIPE = {
  title: 'Matrix Soup',
  servings: 2,
  ingredients: [{ quantity: '1', unit: 'cup', item: 'water' }],
  steps: [{ text: 'Boil.' }],
};

/** The recipe, saved by the viewer when the viewer is a member (for unsaving). */
async function savedBy(f: Fixtures, viewer: ViewerKind) {
  const fresh = await freshRecipe(f);
  if (viewer !== 'visitor') {
    await f.db
      .insertInto('saved_recipes')
      .values({ user_id: f.members[viewer].id, post_id: fresh.post, saved_at: new Date().toISOString() })
      .execute();
  }
  return fresh;
}

/** An item on the owner's shopping list. */
async function ownersItem(f: Fixtures) {
  const id = uuidv7();
  await f.db
    .insertInto('shopping_items')
    .values({
      id,
      user_id: f.members.owner.id,
      item: 'flour',
      item_key: 'flour',
      amount: 2,
      unit: 'cup',
      checked: false,
      recipes: '[]',
      created_at: new Date().toISOString(),
    })
    .execute();
  return { item: id };
}

export const recipeRows: HttpRow[] = [
  {
    route: 'GET /api/posts/:id/recipe',
    prepare: freshRecipe,
    path: ({ fresh }) => `/api/posts/${fresh.post}/recipe`,
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'PUT /api/posts/:id/recipe',
    prepare: freshRecipe,
    path: ({ fresh }) => `/api/posts/${fresh.post}/recipe`,
    body: () => ({ ...RECIPE, title: 'Changed Soup' }),
    expect: members(403, { blocked: 404, owner: 200 }),
  },
  {
    route: 'DELETE /api/posts/:id/recipe',
    prepare: freshRecipe,
    path: ({ fresh }) => `/api/posts/${fresh.post}/recipe`,
    expect: members(403, { blocked: 404, owner: 204 }),
  },
  // An address inside a private network: refused (400) before anything is fetched.
  {
    route: 'POST /api/recipes/import',
    path: () => '/api/recipes/import',
    body: () => ({ url: 'http://127.0.0.1:9/recipe' }),
    expect: members(400),
  },
  { route: 'GET /api/recipes/saved', path: () => '/api/recipes/saved', expect: members(200) },
  {
    route: 'PUT /api/recipes/saved/:id',
    prepare: freshRecipe,
    path: ({ fresh }) => `/api/recipes/saved/${fresh.post}`,
    expect: members(204, { blocked: 404 }),
  },
  // Unsaving is the member's own row, whatever they can still see of the recipe.
  {
    route: 'DELETE /api/recipes/saved/:id',
    prepare: savedBy,
    path: ({ fresh }) => `/api/recipes/saved/${fresh.post}`,
    expect: members(204),
  },
  { route: 'GET /api/recipes/shopping', path: () => '/api/recipes/shopping', expect: members(200) },
  {
    route: 'POST /api/recipes/shopping/recipe',
    prepare: freshRecipe,
    path: () => '/api/recipes/shopping/recipe',
    body: ({ fresh }) => ({ post_id: fresh.post, servings: 4 }),
    expect: members(200, { blocked: 404 }),
  },
  {
    route: 'POST /api/recipes/shopping',
    path: () => '/api/recipes/shopping',
    body: () => ({ item: 'eggs', quantity: '6' }),
    expect: members(200),
  },
  // The owner's item: nobody else finds it.
  {
    route: 'PATCH /api/recipes/shopping/:id',
    prepare: ownersItem,
    path: ({ fresh }) => `/api/recipes/shopping/${fresh.item}`,
    body: () => ({ checked: true }),
    expect: members(404, { owner: 200 }),
  },
  {
    route: 'DELETE /api/recipes/shopping/:id',
    prepare: ownersItem,
    path: ({ fresh }) => `/api/recipes/shopping/${fresh.item}`,
    expect: members(404, { owner: 200 }),
  },
  {
    route: 'DELETE /api/recipes/shopping',
    path: () => '/api/recipes/shopping?which=checked',
    expect: members(200),
  },
];
