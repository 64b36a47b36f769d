import { type APIRequestContext, expect } from '@playwright/test';

// A food post with a recipe, written over the API, for tests about what a reader does with a recipe
// (cook mode, print, a phone): the import and the editor are recipes.spec.ts's first test.

/** The recipe of the fixture site's /recipes/jsonld page, as the editor sends it after the import. */
export const HONEY_GARLIC_CHICKEN = {
  title: 'Honey Garlic Chicken',
  servings: 4,
  prep_minutes: 15,
  cook_minutes: 30,
  diet_tags: ['gluten_free'],
  ingredients: [
    { quantity: '1 1/2', unit: 'pound', item: 'chicken thighs', note: 'boneless' },
    { quantity: '1/3', unit: 'cup', item: 'honey' },
    { quantity: '2', unit: 'tablespoon', item: 'soy sauce' },
    { quantity: '4', unit: 'clove', item: 'garlic', note: 'minced' },
    { unit: 'pinch', item: 'salt' },
  ],
  steps: [
    { text: 'Whisk the honey, soy sauce and garlic.', timer_minutes: null },
    { text: 'Coat the chicken in the sauce.', timer_minutes: null },
    { text: 'Bake at 400°F for 25 minutes.', timer_minutes: 25 },
  ],
  source_url: 'https://example.com/honey-garlic-chicken',
};

/** Posts `content` on the food feed with the Honey Garlic Chicken recipe, as the signed-in member; its id. */
export async function postRecipe(
  request: APIRequestContext,
  baseURL: string,
  content: string,
): Promise<string> {
  const created = await request.post('/api/posts', {
    data: { category: 'food', food_category: 'dinner', content, recipe_data: HONEY_GARLIC_CHICKEN },
    headers: { origin: baseURL },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as string;
}
