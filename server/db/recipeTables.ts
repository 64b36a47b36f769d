import type { Bool, Timestamp } from './columnTypes.ts';

// Recipes (issue 28): the tables of migrations/20261128T0100_recipes.ts (`posts.has_recipe` is in
// types.ts' PostsTable).

export interface RecipesTable {
  post_id: string;
  title: string;
  servings: number;
  prep_minutes: number | null;
  cook_minutes: number | null;
  source_url: string | null;
  source_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecipeDietTagsTable {
  post_id: string;
  tag: string;
}

export interface RecipeIngredientsTable {
  post_id: string;
  position: number;
  section: string;
  quantity: string;
  amount: number | null;
  amount_max: number | null;
  unit: string | null;
  item: string;
  item_key: string;
  note: string;
}

export interface RecipeStepsTable {
  post_id: string;
  position: number;
  text: string;
  timer_minutes: number | null;
}

export interface SavedRecipesTable {
  user_id: string;
  post_id: string;
  saved_at: Timestamp;
}

export interface ShoppingItemsTable {
  id: string;
  user_id: string;
  item: string;
  item_key: string;
  amount: number | null;
  unit: string | null;
  checked: Bool;
  recipes: string;
  created_at: Timestamp;
}
