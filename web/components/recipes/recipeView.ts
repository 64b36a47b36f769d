import {
  convertRow,
  convertTemperatures,
  formatAmount,
  formatRange,
  METRIC_UNITS,
  type MeasureSystem,
  scaleRow,
} from '@common/recipes/quantities.ts';
import type { Ingredient, Step } from '@common/schemas/recipes.ts';
import type { TFunction } from 'i18next';

/**
 * A recipe as the card and cook mode show it (issue 28): every amount scaled to the servings chosen
 * and converted to the member's US or metric units, written as cooks write them ('1 ½ cups', '2–3
 * cloves'), the rows grouped by section, and oven temperatures in the steps converted too.
 */

export interface IngredientLine {
  /** '1 ½ cups', '250 g', '2–3 cloves', '' without an amount. */
  amount: string;
  item: string;
  note: string;
}
export interface IngredientGroup {
  /** 'For the sauce', '' for rows before any section. */
  section: string;
  lines: IngredientLine[];
}

/** Units of the US system that decide a recipe's own system (spoons are used in both). */
const US_UNITS = new Set(['cup', 'fluid ounce', 'pint', 'quart', 'gallon', 'ounce', 'pound']);

/** The system a recipe was written in: metric when more of its rows are in grams and litres than in cups and pounds. */
export function recipeSystem(ingredients: ReadonlyArray<Pick<Ingredient, 'unit'>>): MeasureSystem {
  let metric = 0;
  let us = 0;
  for (const { unit } of ingredients) {
    if (unit && METRIC_UNITS.has(unit)) metric++;
    else if (unit && US_UNITS.has(unit)) us++;
  }
  return metric > us ? 'metric' : 'us';
}

/**
 * An amount with its unit, as the cook reads it: abbreviations for spoons, metric and weights ('2
 * tbsp', '250 g'), words by the count otherwise ('1 cup', '2 cups'); a unit Splikz does not know is
 * written as the cook wrote it. `count` picks the word's plural (2 for more than one).
 */
export function amountWithUnit(t: TFunction, amount: string, unit: string | null, count: number): string {
  const text = (() => {
    switch (unit) {
      case null:
      case '':
        return amount;
      case 'teaspoon':
        return t('{{amount}} tsp', { amount });
      case 'tablespoon':
        return t('{{amount}} tbsp', { amount });
      case 'cup':
        return t('{{amount}} cups', { amount, count });
      case 'fluid ounce':
        return t('{{amount}} fl oz', { amount });
      case 'pint':
        return t('{{amount}} pints', { amount, count });
      case 'quart':
        return t('{{amount}} quarts', { amount, count });
      case 'gallon':
        return t('{{amount}} gallons', { amount, count });
      case 'milliliter':
        return t('{{amount}} ml', { amount });
      case 'deciliter':
        return t('{{amount}} dl', { amount });
      case 'liter':
        return t('{{amount}} l', { amount });
      case 'milligram':
        return t('{{amount}} mg', { amount });
      case 'gram':
        return t('{{amount}} g', { amount });
      case 'kilogram':
        return t('{{amount}} kg', { amount });
      case 'ounce':
        return t('{{amount}} oz', { amount });
      case 'pound':
        return t('{{amount}} lb', { amount });
      case 'pinch':
        return t('{{amount}} pinches', { amount, count });
      case 'clove':
        return t('{{amount}} cloves', { amount, count });
      case 'piece':
        return t('{{amount}} pieces', { amount, count });
      case 'can':
        return t('{{amount}} cans', { amount, count });
      default:
        return `${amount} ${unit}`;
    }
  })();
  return text.trim();
}

/** An amount (and the top of its range) with its unit, in the system its unit belongs to. */
export function formatQuantityText(
  t: TFunction,
  row: { amount: number | null; amount_max: number | null; unit: string | null },
): string {
  const metric = row.unit !== null && METRIC_UNITS.has(row.unit);
  if (row.amount === null) return row.unit ? amountWithUnit(t, '', row.unit, 1) : '';
  const top = row.amount_max ?? row.amount;
  const count = top <= 1 || formatAmount(top, metric) === '1' ? 1 : 2;
  return amountWithUnit(t, formatRange(row, metric), row.unit, count);
}

/** The ingredients for `servings` (the recipe is for `base`) in `system`, grouped by their sections in order. */
export function ingredientGroups(
  t: TFunction,
  ingredients: readonly Ingredient[],
  base: number,
  servings: number,
  system: MeasureSystem,
): IngredientGroup[] {
  const groups: IngredientGroup[] = [];
  for (const ingredient of ingredients) {
    const row = convertRow(scaleRow(ingredient, base, servings), system);
    const line = { amount: formatQuantityText(t, row), item: row.item, note: row.note };
    const last = groups.at(-1);
    if (last && last.section === ingredient.section) last.lines.push(line);
    else groups.push({ section: ingredient.section, lines: [line] });
  }
  return groups;
}

/** The steps with their oven temperatures in `system` ('350°F' reads '180 °C' in metric). */
export function stepsIn(steps: readonly Step[], system: MeasureSystem): Step[] {
  return steps.map((step) => ({ ...step, text: convertTemperatures(step.text, system) }));
}

/** A countdown's time left: '04:05', or '1:02:03' from an hour up; a part of a second counts as a whole one. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** Servings as the control may set them: a whole number from 1 to 100, or null for anything else. */
export function parseServings(text: string, max: number): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}
