import { describe, expect, it } from 'vitest';
import {
  convertRow,
  convertTemperatures,
  formatAmount,
  formatRange,
  type IngredientRow,
  parseIngredientLines,
  scaleRow,
} from './quantities.ts';

const row = (fields: Partial<IngredientRow>): IngredientRow => ({
  section: '',
  amount: null,
  amount_max: null,
  unit: null,
  item: '',
  note: '',
  ...fields,
});

describe('reading ingredient lines', () => {
  it('splits amount, unit, item and note, with mixed numbers, unicode fractions and ranges', () => {
    expect(
      parseIngredientLines(
        '2 cups flour, sifted\n1 ½ tsp salt\n¾ cup milk\n2–3 cloves garlic, finely chopped\n2 eggs',
      ),
    ).toEqual([
      row({ amount: 2, unit: 'cup', item: 'flour', note: 'sifted' }),
      row({ amount: 1.5, unit: 'teaspoon', item: 'salt' }),
      row({ amount: 0.75, unit: 'cup', item: 'milk' }),
      row({ amount: 2, amount_max: 3, unit: 'clove', item: 'garlic', note: 'finely chopped' }),
      row({ amount: 2, item: 'eggs' }),
    ]);
  });

  it('keeps sections and lines without an amount', () => {
    expect(parseIngredientLines('For the sauce:\n1 1/2 cups tomatoes\nsalt to taste')).toEqual([
      row({ section: 'For the sauce', amount: 1.5, unit: 'cup', item: 'tomatoes' }),
      row({ section: 'For the sauce', item: 'salt to taste' }),
    ]);
  });

  it('knows the common spellings of units in Spanish, French, German and Portuguese', () => {
    const rows = parseIngredientLines(
      [
        '3 cucharadas de aceite',
        '1 taza de harina',
        '2 c. à soupe de sucre',
        '1 cuillère à café de sel',
        '200 g Mehl',
        '1 EL Zucker',
        '2 TL Salz',
        '2 colheres de sopa de açúcar',
        '1 xícara de leite',
        '1 pizca de sal',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.amount, r.unit, r.item])).toEqual([
      [3, 'tablespoon', 'aceite'],
      [1, 'cup', 'harina'],
      [2, 'tablespoon', 'sucre'],
      [1, 'teaspoon', 'sel'],
      [200, 'gram', 'Mehl'],
      [1, 'tablespoon', 'Zucker'],
      [2, 'teaspoon', 'Salz'],
      [2, 'tablespoon', 'açúcar'],
      [1, 'cup', 'leite'],
      [1, 'pinch', 'sal'],
    ]);
  });
});

describe('writing amounts', () => {
  it('writes fractions as cooks do, to the nearest eighth or third', () => {
    expect(formatAmount(1.5)).toBe('1 ½');
    expect(formatAmount(0.333)).toBe('⅓');
    expect(formatAmount(2.66)).toBe('2 ⅔');
    expect(formatAmount(0.1)).toBe('⅛');
    expect(formatAmount(3)).toBe('3');
    expect(formatAmount(12.3)).toBe('12 ½');
    expect(formatAmount(24.4)).toBe('24');
    expect(formatRange({ amount: 2, amount_max: 3 })).toBe('2–3');
    expect(formatRange({ amount: null, amount_max: null })).toBe('');
  });

  it('writes metric amounts as decimals', () => {
    expect(formatAmount(473.2, true)).toBe('473');
    expect(formatAmount(1.48, true)).toBe('1.5');
  });
});

describe('scaling', () => {
  it('multiplies every amount by the servings ratio, ranges too, and leaves no-amount rows alone', () => {
    expect(scaleRow(row({ amount: 1.5, unit: 'cup' }), 4, 8)).toMatchObject({ amount: 3, unit: 'cup' });
    expect(scaleRow(row({ amount: 2, amount_max: 3 }), 4, 6)).toMatchObject({ amount: 3, amount_max: 4.5 });
    expect(scaleRow(row({ item: 'salt to taste' }), 4, 8)).toMatchObject({ amount: null });
    // '+1 serving' from 4: a third of an egg more reads as a fraction, not 2.333.
    expect(formatAmount(scaleRow(row({ amount: 2 }), 3, 4).amount!)).toBe('2 ⅔');
  });
});

describe('converting between US and metric', () => {
  it('turns cups and spoons into ml or l, ounces and pounds into g or kg', () => {
    expect(convertRow(row({ amount: 1, unit: 'cup' }), 'metric')).toMatchObject({ unit: 'milliliter' });
    expect(Math.round(convertRow(row({ amount: 1, unit: 'cup' }), 'metric').amount!)).toBe(237);
    expect(convertRow(row({ amount: 5, unit: 'cup' }), 'metric')).toMatchObject({ unit: 'liter' });
    expect(Math.round(convertRow(row({ amount: 8, unit: 'ounce' }), 'metric').amount!)).toBe(227);
    expect(convertRow(row({ amount: 3, unit: 'pound' }), 'metric')).toMatchObject({ unit: 'kilogram' });
  });

  it('turns ml and g back into cups, spoons, ounces and pounds', () => {
    expect(convertRow(row({ amount: 250, unit: 'milliliter' }), 'us')).toMatchObject({ unit: 'cup' });
    expect(convertRow(row({ amount: 15, unit: 'milliliter' }), 'us')).toMatchObject({ unit: 'tablespoon' });
    expect(convertRow(row({ amount: 5, unit: 'milliliter' }), 'us')).toMatchObject({ unit: 'teaspoon' });
    expect(convertRow(row({ amount: 500, unit: 'gram' }), 'us')).toMatchObject({ unit: 'pound' });
    expect(convertRow(row({ amount: 100, unit: 'gram' }), 'us')).toMatchObject({ unit: 'ounce' });
  });

  it('keeps units that do not convert, and what is already in the system asked for', () => {
    for (const kept of [
      row({ amount: 1, unit: 'pinch' }),
      row({ amount: 2, item: 'eggs' }),
      row({ amount: 2, unit: 'clove' }),
    ]) {
      expect(convertRow(kept, 'metric')).toEqual(kept);
    }
    expect(convertRow(row({ amount: 200, unit: 'gram' }), 'metric')).toMatchObject({
      amount: 200,
      unit: 'gram',
    });
  });

  it('converts oven temperatures in steps', () => {
    expect(convertTemperatures('Bake at 350°F for 25 minutes.', 'metric')).toBe(
      'Bake at 180 °C for 25 minutes.',
    );
    expect(convertTemperatures('Heat the oven to 425 °F', 'metric')).toBe('Heat the oven to 220 °C');
    expect(convertTemperatures('Bake at 180 °C.', 'us')).toBe('Bake at 350 °F.');
  });
});
