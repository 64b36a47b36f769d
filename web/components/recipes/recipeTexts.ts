import type { DietTag, RECIPE_UNITS } from '@common/schemas/recipes.ts';
import { msg } from '@web/i18n/msg.ts';

export type RecipeUnit = (typeof RECIPE_UNITS)[number];

/**
 * How each diet tag (common/schemas/recipes.ts DIET_TAGS) reads, as catalogue keys: shown as t(label)
 * on the recipe form's chips and the food feed's filters.
 */
export const DIET_TAG_LABELS: Record<DietTag, string> = {
  vegetarian: msg('Vegetarian'),
  vegan: msg('Vegan'),
  gluten_free: msg('Gluten-free'),
  dairy_free: msg('Dairy-free'),
  halal: msg('Halal'),
  kosher: msg('Kosher'),
};

/**
 * The short name of each unit the form offers ('tablespoon' → 'tbsp'), as catalogue keys: each
 * language writes its own ('cda' in Spanish), and the form sends the unit's id whichever it shows.
 */
export const UNIT_LABELS: Record<RecipeUnit, string> = {
  teaspoon: msg('tsp'),
  tablespoon: msg('tbsp'),
  cup: msg('cup'),
  'fluid ounce': msg('fl oz'),
  pint: msg('pt'),
  quart: msg('qt'),
  milliliter: msg('ml'),
  liter: msg('l'),
  ounce: msg('oz'),
  pound: msg('lb'),
  gram: msg('g'),
  kilogram: msg('kg'),
  pinch: msg('pinch'),
  clove: msg('clove'),
  piece: msg('piece'),
  can: msg('can'),
};
