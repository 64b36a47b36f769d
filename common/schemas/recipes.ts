import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { parseQuantity } from '../recipes/amounts.ts';
import { cursorField, fieldRule, limitField, personSchema, text } from './fields.ts';

/**
 * Recipes with real ingredients (issue 28, DESIGN section 7). A recipe belongs to a food post: a
 * title, servings, prep and cook times, diet tags, ingredient rows (the amount as the cook wrote it,
 * read into numbers by common/recipes/quantities.ts, a unit, the item, a note, a section) and ordered
 * steps with an optional timer. A member saves recipes ('My recipes') and keeps one shopping list.
 * This file is the API's contract.
 *
 * Routes:
 * - POST /api/posts with `recipe_data` (category food): the post and its recipe in one write.
 * - GET /api/posts/:id/recipe → Recipe (404 when the viewer may not see the post, or it has none).
 * - PUT /api/posts/:id/recipe (RecipeInput) → Recipe: the author replaces it (food posts only).
 * - DELETE /api/posts/:id/recipe → 204: the author removes it (the post stays).
 * - POST /api/recipes/import { url } → RecipeImport: the server reads a recipe page's schema.org data.
 * - GET /api/recipes/saved?q=&before=&limit= → SavedRecipes ('My recipes', newest saved first; `q`
 *   matches the title or an ingredient).
 * - PUT /api/recipes/saved/:postId → 204 ('Save recipe'); DELETE → 204.
 * - GET /api/recipes/shopping → ShoppingList.
 * - POST /api/recipes/shopping/recipe { post_id, servings?, system? } → ShoppingList: the recipe's
 *   ingredients, scaled to `servings` and converted to `system`, merged into the list (the same item
 *   in the same unit adds up, unless ticked).
 * - POST /api/recipes/shopping { item, quantity?, unit? } → ShoppingList: one item by hand.
 * - PATCH /api/recipes/shopping/:itemId { checked } → ShoppingList.
 * - DELETE /api/recipes/shopping/:itemId → ShoppingList.
 * - DELETE /api/recipes/shopping?which=checked|all → ShoppingList ('Clear ticked', 'Clear all').
 * - GET /api/posts?category=food&diet=vegan&ingredient=flour: the food feed filtered.
 */

export const DIET_TAGS = ['vegetarian', 'vegan', 'gluten_free', 'dairy_free', 'halal', 'kosher'] as const;
export type DietTag = (typeof DIET_TAGS)[number];
/** schema.org's RestrictedDiet for each tag (halal and kosher have theirs; the rest too). */
export const SCHEMA_ORG_DIETS: Record<DietTag, string> = {
  vegetarian: 'https://schema.org/VegetarianDiet',
  vegan: 'https://schema.org/VeganDiet',
  gluten_free: 'https://schema.org/GlutenFreeDiet',
  dairy_free: 'https://schema.org/LowLactoseDiet',
  halal: 'https://schema.org/HalalDiet',
  kosher: 'https://schema.org/KosherDiet',
};

/** The units the form's list offers (parse-ingredient's ids, which conversion knows); free text is allowed too. */
export const RECIPE_UNITS = [
  'teaspoon',
  'tablespoon',
  'cup',
  'fluid ounce',
  'pint',
  'quart',
  'milliliter',
  'liter',
  'ounce',
  'pound',
  'gram',
  'kilogram',
  'pinch',
  'clove',
  'piece',
  'can',
] as const;

export const RECIPE_TITLE_MAX = 120;
export const RECIPE_SERVINGS_MAX = 100;
/** Prep and cook time: up to two days in minutes. */
export const RECIPE_MINUTES_MAX = 2880;
export const RECIPE_INGREDIENTS_MAX = 100;
export const RECIPE_STEPS_MAX = 50;
export const RECIPE_STEP_MAX = 1000;
export const RECIPE_TIMER_MAX = 1440;
export const INGREDIENT_ITEM_MAX = 200;
export const INGREDIENT_NOTE_MAX = 200;
export const INGREDIENT_SECTION_MAX = 100;
export const INGREDIENT_UNIT_MAX = 30;
export const INGREDIENT_QUANTITY_MAX = 30;
export const RECIPE_URL_MAX = 2000;
export const SAVED_RECIPES_PAGE_MAX = 50;
export const SHOPPING_LIST_MAX = 300;
/** The page an import reads: at most this many bytes and milliseconds, and this many redirects. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_TIMEOUT_MS = 10_000;
export const IMPORT_MAX_REDIRECTS = 3;

export const RECIPE_ERRORS = defineErrors({
  recipe_not_food: 'A recipe belongs to a food post: choose the Food category.',
  recipe_not_object: 'recipe_data must be an object with the recipe.',
  recipe_servings_invalid: 'Servings must be a whole number from 1 to {{max}}.',
  recipe_minutes_invalid: 'Times are whole minutes from 0 to {{max}}.',
  recipe_diet_invalid: 'Choose diet tags from the list: {{tags}}.',
  recipe_diet_repeated: 'Each diet tag can be chosen once.',
  recipe_ingredients_required: 'Add at least one ingredient.',
  recipe_ingredients_too_many: 'A recipe has at most {{max}} ingredients.',
  recipe_steps_too_many: 'A recipe has at most {{max}} steps.',
  recipe_ingredient_invalid: 'Each ingredient is a row with at least its item.',
  recipe_steps_invalid: 'Steps are a list, each with its text.',
  recipe_quantity_invalid: 'Write the amount as a number such as 2, 1 1/2, ½ or 2–3.',
  recipe_timer_invalid: "A step's timer is whole minutes from 1 to {{max}}.",
  recipe_url_invalid: 'Paste the address of a recipe page, starting with https:// or http://.',
  recipe_none: 'This post has no recipe.',
  recipe_author_only: 'Only the author can change this recipe.',
  recipe_not_saved: 'This recipe is not in your recipes.',
  recipe_search_invalid: 'Search with up to 60 characters.',
  import_blocked: 'That address cannot be read: it points inside a private network.',
  import_failed: 'Could not read that page ({{reason}}). Check the address and try again.',
  import_too_large: 'That page is larger than 2 MB: it cannot be read.',
  import_timeout: 'That page took longer than 10 seconds to answer.',
  import_too_many_redirects: 'That address redirects more than 3 times.',
  import_no_recipe: 'No recipe was found on that page. You can type it in instead.',
  shopping_item_required: 'Write the item first.',
  shopping_list_full: 'Your shopping list holds at most {{max}} items: clear some first.',
  shopping_item_unknown: 'This item is not on your shopping list.',
  shopping_which_invalid: "which must be 'checked' or 'all'.",
  shopping_system_invalid: "system must be 'us' or 'metric'.",
  diet_filter_food_only: 'Diet and ingredient filters belong to the food feed.',
});
const { rule } = rulesOf(RECIPE_ERRORS);

const wholeMinutes = (max: number, error: ReturnType<typeof rule>) =>
  z.number(error).check(z.int(error), z.gte(0, error), z.lte(max, error));

const quantityField = text({ label: 'The amount', max: INGREDIENT_QUANTITY_MAX }).check(
  z.refine((value: string) => parseQuantity(value) !== null, rule('recipe_quantity_invalid')),
);

/** One ingredient row as the form sends it: the amount is the text the cook wrote. */
export const ingredientInputSchema = z.strictObject(
  {
    section: z.optional(text({ label: 'The section', max: INGREDIENT_SECTION_MAX })),
    quantity: z.optional(quantityField),
    unit: z.optional(text({ label: 'The unit', max: INGREDIENT_UNIT_MAX })),
    item: text({ label: 'The ingredient', min: 1, max: INGREDIENT_ITEM_MAX }),
    note: z.optional(text({ label: 'The note', max: INGREDIENT_NOTE_MAX })),
  },
  rule('recipe_ingredient_invalid'),
);
export type IngredientInput = z.input<typeof ingredientInputSchema>;

export const stepInputSchema = z.strictObject(
  {
    text: text({ label: 'A step', min: 1, max: RECIPE_STEP_MAX, multiline: true }),
    timer_minutes: z.optional(
      z.nullable(
        z
          .number(rule('recipe_timer_invalid', { max: RECIPE_TIMER_MAX }))
          .check(
            z.int(rule('recipe_timer_invalid', { max: RECIPE_TIMER_MAX })),
            z.gte(1, rule('recipe_timer_invalid', { max: RECIPE_TIMER_MAX })),
            z.lte(RECIPE_TIMER_MAX, rule('recipe_timer_invalid', { max: RECIPE_TIMER_MAX })),
          ),
      ),
    ),
  },
  rule('recipe_steps_invalid'),
);
export type StepInput = z.input<typeof stepInputSchema>;

const httpUrl = text({
  label: 'The address',
  min: 1,
  max: RECIPE_URL_MAX,
  required: rule('recipe_url_invalid'),
}).check(
  z.refine((value: string) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, rule('recipe_url_invalid')),
);

const servingsInvalid = rule('recipe_servings_invalid', { max: RECIPE_SERVINGS_MAX });
const servingsField = z
  .number(servingsInvalid)
  .check(z.int(servingsInvalid), z.gte(1, servingsInvalid), z.lte(RECIPE_SERVINGS_MAX, servingsInvalid));
const dietInvalid = rule('recipe_diet_invalid', { tags: DIET_TAGS.join(', ') });

/** A recipe as the form sends it (POST /api/posts `recipe_data`, PUT /api/posts/:id/recipe). */
export const recipeInputSchema = z.strictObject(
  {
    title: text({ label: 'The recipe title', min: 1, max: RECIPE_TITLE_MAX }),
    servings: servingsField,
    prep_minutes: z.optional(
      z.nullable(
        wholeMinutes(RECIPE_MINUTES_MAX, rule('recipe_minutes_invalid', { max: RECIPE_MINUTES_MAX })),
      ),
    ),
    cook_minutes: z.optional(
      z.nullable(
        wholeMinutes(RECIPE_MINUTES_MAX, rule('recipe_minutes_invalid', { max: RECIPE_MINUTES_MAX })),
      ),
    ),
    diet_tags: z._default(
      z.array(z.enum(DIET_TAGS, dietInvalid), dietInvalid).check(
        z.maxLength(DIET_TAGS.length, rule('recipe_diet_repeated')),
        z.refine((tags: string[]) => new Set(tags).size === tags.length, rule('recipe_diet_repeated')),
      ),
      [],
    ),
    ingredients: z
      .array(ingredientInputSchema, rule('recipe_ingredients_required'))
      .check(
        z.minLength(1, rule('recipe_ingredients_required')),
        z.maxLength(
          RECIPE_INGREDIENTS_MAX,
          rule('recipe_ingredients_too_many', { max: RECIPE_INGREDIENTS_MAX }),
        ),
      ),
    steps: z._default(
      z
        .array(stepInputSchema, rule('recipe_steps_invalid'))
        .check(z.maxLength(RECIPE_STEPS_MAX, rule('recipe_steps_too_many', { max: RECIPE_STEPS_MAX }))),
      [],
    ),
    /** The page it was imported from ('Adapted from {site}'), or none. */
    source_url: z.optional(z.nullable(httpUrl)),
  },
  rule('recipe_not_object'),
);
export type RecipeInput = z.input<typeof recipeInputSchema>;
export type RecipeData = z.output<typeof recipeInputSchema>;

export const ingredientSchema = z.object({
  section: z.string(),
  /** What the cook wrote ('1 1/2'), '' for none. */
  quantity: z.string(),
  amount: z.nullable(z.number()),
  amount_max: z.nullable(z.number()),
  /** parse-ingredient's unit id ('cup'), free text, or null. */
  unit: z.nullable(z.string()),
  item: z.string(),
  note: z.string(),
});
export type Ingredient = z.infer<typeof ingredientSchema>;

export const stepSchema = z.object({ text: z.string(), timer_minutes: z.nullable(z.number()) });
export type Step = z.infer<typeof stepSchema>;

/** What a recipe's card and a saved recipe's line both show. */
const recipeSummaryFields = {
  post_id: z.string(),
  title: z.string(),
  servings: z.number(),
  prep_minutes: z.nullable(z.number()),
  cook_minutes: z.nullable(z.number()),
  diet_tags: z.array(z.enum(DIET_TAGS)),
};

export const recipeSchema = z.object({
  ...recipeSummaryFields,
  ingredients: z.array(ingredientSchema),
  steps: z.array(stepSchema),
  source_url: z.nullable(z.string()),
  /** The source's site name for 'Adapted from {site}' (its host, without www.). */
  source_name: z.nullable(z.string()),
  saved_by_me: z.boolean(),
  updated_at: z.string(),
});
export type Recipe = z.infer<typeof recipeSchema>;

export const importRecipeSchema = z.strictObject({ url: httpUrl });
/** What an import fills the form with, for the member to check before posting. */
export const recipeImportSchema = z.object({
  recipe: z.object({
    title: z.string(),
    servings: z.number(),
    prep_minutes: z.nullable(z.number()),
    cook_minutes: z.nullable(z.number()),
    diet_tags: z.array(z.enum(DIET_TAGS)),
    ingredients: z.array(
      z.object({
        section: z.string(),
        quantity: z.string(),
        unit: z.string(),
        item: z.string(),
        note: z.string(),
      }),
    ),
    steps: z.array(z.object({ text: z.string(), timer_minutes: z.nullable(z.number()) })),
    source_url: z.string(),
  }),
  /** The page's description, for the post's text when the member has written none. */
  description: z.string(),
  source_name: z.string(),
});
export type RecipeImport = z.infer<typeof recipeImportSchema>;

export const savedRecipesQuerySchema = z.strictObject({
  q: z.optional(text({ label: 'The search', max: 60, tooLong: rule('recipe_search_invalid') })),
  before: cursorField,
  limit: limitField(SAVED_RECIPES_PAGE_MAX),
});
export const savedRecipeSchema = z.object({
  ...recipeSummaryFields,
  image_url: z.nullable(z.string()),
  author: personSchema,
  saved_at: z.string(),
});
export type SavedRecipe = z.infer<typeof savedRecipeSchema>;
export const savedRecipesSchema = z.object({
  recipes: z.array(savedRecipeSchema),
  next_cursor: z.nullable(z.string()),
});
export type SavedRecipes = z.infer<typeof savedRecipesSchema>;

export const SHOPPING_SYSTEMS = ['us', 'metric'] as const;
export const addRecipeToListSchema = z.strictObject({
  post_id: text({ label: 'post_id', min: 1, max: 64 }),
  servings: z.optional(servingsField),
  system: z.optional(z.enum(SHOPPING_SYSTEMS, rule('shopping_system_invalid'))),
});
export type AddRecipeToList = z.input<typeof addRecipeToListSchema>;
export const addShoppingItemSchema = z.strictObject({
  item: text({
    label: 'The item',
    min: 1,
    max: INGREDIENT_ITEM_MAX,
    required: rule('shopping_item_required'),
  }),
  quantity: z.optional(quantityField),
  unit: z.optional(text({ label: 'The unit', max: INGREDIENT_UNIT_MAX })),
});
export type AddShoppingItem = z.input<typeof addShoppingItemSchema>;
export const tickShoppingItemSchema = z.strictObject({
  checked: z.boolean(fieldRule('not_boolean', { name: 'checked' })),
});
export const clearShoppingSchema = z.strictObject({
  which: z.enum(['checked', 'all'], rule('shopping_which_invalid')),
});

export const shoppingItemSchema = z.object({
  id: z.string(),
  item: z.string(),
  amount: z.nullable(z.number()),
  unit: z.nullable(z.string()),
  checked: z.boolean(),
  /** The recipes it came from (titles), for 'for {recipe}'. */
  recipes: z.array(z.string()),
});
export type ShoppingItem = z.infer<typeof shoppingItemSchema>;
/** Unticked items first in the order added, then ticked ones. */
export const shoppingListSchema = z.object({ items: z.array(shoppingItemSchema) });
export type ShoppingList = z.infer<typeof shoppingListSchema>;
