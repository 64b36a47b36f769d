import type { Ingredient } from '@common/schemas/recipes.ts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  amountWithUnit,
  formatClock,
  formatQuantityText,
  ingredientGroups,
  parseServings,
  recipeSystem,
  stepsIn,
} from './recipeView.ts';

/** English as the catalogue writes it: the plural keys' one-forms (en-US.json), then the placeholders. */
const ONE: Record<string, string> = {
  '{{amount}} cups': '{{amount}} cup',
  '{{amount}} pinches': '{{amount}} pinch',
  '{{amount}} cloves': '{{amount}} clove',
};
const t = ((key: string, options: { amount?: string; count?: number } = {}) =>
  (options.count === 1 ? (ONE[key] ?? key) : key).replace(
    '{{amount}}',
    options.amount ?? '',
  )) as unknown as TFunction;

function makeIngredient(row: Partial<Ingredient> = {}): Ingredient {
  return {
    section: '',
    quantity: '',
    amount: null,
    amount_max: null,
    unit: null,
    item: 'flour',
    note: '',
    ...row,
  };
}

describe('amounts with their units', () => {
  it('abbreviates spoons and metric units, and says cups by the count', () => {
    expect(amountWithUnit(t, '2', 'tablespoon', 2)).toBe('2 tbsp');
    expect(amountWithUnit(t, '250', 'gram', 2)).toBe('250 g');
    expect(amountWithUnit(t, '1', 'cup', 1)).toBe('1 cup');
    expect(amountWithUnit(t, '1 ½', 'cup', 2)).toBe('1 ½ cups');
    expect(amountWithUnit(t, '3', null, 2)).toBe('3');
  });

  it('keeps a unit Splikz does not know as the cook wrote it', () => {
    expect(amountWithUnit(t, '2', 'sprig', 2)).toBe('2 sprig');
    expect(amountWithUnit(t, '', 'handful', 1)).toBe('handful');
  });

  it('writes ranges, fractions under one in the singular, and a unit without an amount', () => {
    expect(formatQuantityText(t, { amount: 2, amount_max: 3, unit: 'clove' })).toBe('2–3 cloves');
    expect(formatQuantityText(t, { amount: 0.5, amount_max: null, unit: 'cup' })).toBe('½ cup');
    expect(formatQuantityText(t, { amount: 1.02, amount_max: null, unit: 'cup' })).toBe('1 cup');
    expect(formatQuantityText(t, { amount: 1500, amount_max: null, unit: 'gram' })).toBe('1500 g');
    expect(formatQuantityText(t, { amount: 1.5, amount_max: null, unit: 'liter' })).toBe('1.5 l');
    expect(formatQuantityText(t, { amount: null, amount_max: null, unit: 'pinch' })).toBe('pinch');
    expect(formatQuantityText(t, { amount: null, amount_max: null, unit: null })).toBe('');
  });
});

describe('a recipe for other servings and units', () => {
  const ingredients = [
    makeIngredient({ amount: 2, unit: 'cup', item: 'flour', note: 'sifted' }),
    makeIngredient({ amount: 1, unit: 'pinch', item: 'salt' }),
    makeIngredient({ section: 'For the sauce', amount: 8, unit: 'ounce', item: 'tomatoes' }),
    makeIngredient({ section: 'For the sauce', amount: 2, amount_max: 3, unit: 'clove', item: 'garlic' }),
    makeIngredient({ section: 'For the sauce', item: 'basil' }),
  ];

  it('groups the rows by their sections, in order', () => {
    const groups = ingredientGroups(t, ingredients, 4, 4, 'us');
    expect(groups.map((g) => [g.section, g.lines.map((l) => l.item)])).toEqual([
      ['', ['flour', 'salt']],
      ['For the sauce', ['tomatoes', 'garlic', 'basil']],
    ]);
    expect(groups[0]!.lines[0]).toEqual({ amount: '2 cups', item: 'flour', note: 'sifted' });
    expect(groups[1]!.lines[2]!.amount).toBe('');
  });

  it('scales every amount, ranges too', () => {
    const [plain, sauce] = ingredientGroups(t, ingredients, 4, 2, 'us');
    expect(plain!.lines.map((l) => l.amount)).toEqual(['1 cup', '½ pinch']);
    expect(sauce!.lines.map((l) => l.amount)).toEqual(['4 oz', '1–1 ½ cloves', '']);
  });

  it('converts to metric, leaving units that do not convert', () => {
    const [plain, sauce] = ingredientGroups(t, ingredients, 4, 4, 'metric');
    expect(plain!.lines.map((l) => l.amount)).toEqual(['473 ml', '1 pinch']);
    expect(sauce!.lines.map((l) => l.amount)).toEqual(['227 g', '2–3 cloves', '']);
  });

  it('reads the system a recipe was written in', () => {
    expect(recipeSystem(ingredients)).toBe('us');
    expect(recipeSystem([{ unit: 'gram' }, { unit: 'milliliter' }, { unit: 'cup' }])).toBe('metric');
    expect(recipeSystem([{ unit: 'tablespoon' }, { unit: null }])).toBe('us');
  });

  it('converts oven temperatures in the steps', () => {
    const steps = [{ text: 'Bake at 350°F for 20 minutes.', timer_minutes: 20 }];
    expect(stepsIn(steps, 'metric')).toEqual([{ text: 'Bake at 180 °C for 20 minutes.', timer_minutes: 20 }]);
    expect(stepsIn(steps, 'us')).toEqual(steps);
  });
});

describe('the cook-mode timer and the servings control', () => {
  it('counts down in minutes and seconds, with hours from an hour up', () => {
    expect(formatClock(5 * 60_000)).toBe('05:00');
    expect(formatClock(65_500)).toBe('01:06');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(-20)).toBe('00:00');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });

  it('takes whole servings from 1 to the most a recipe may serve', () => {
    expect(parseServings('4', 100)).toBe(4);
    expect(parseServings(' 100 ', 100)).toBe(100);
    expect(parseServings('0', 100)).toBeNull();
    expect(parseServings('101', 100)).toBeNull();
    expect(parseServings('2.5', 100)).toBeNull();
    expect(parseServings('', 100)).toBeNull();
  });
});
