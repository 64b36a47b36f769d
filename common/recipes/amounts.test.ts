import { describe, expect, it } from 'vitest';
import { parseQuantity } from './amounts.ts';

describe('parseQuantity', () => {
  it('reads whole numbers, decimals, fractions, mixed numbers and unicode fractions', () => {
    expect(parseQuantity('2')).toEqual({ amount: 2, amount_max: null });
    expect(parseQuantity('0.75')).toEqual({ amount: 0.75, amount_max: null });
    expect(parseQuantity('1,5')).toEqual({ amount: 1.5, amount_max: null });
    expect(parseQuantity('1/3')?.amount).toBeCloseTo(1 / 3);
    expect(parseQuantity('1 1/2')).toEqual({ amount: 1.5, amount_max: null });
    expect(parseQuantity('½')).toEqual({ amount: 0.5, amount_max: null });
    expect(parseQuantity('1½')).toEqual({ amount: 1.5, amount_max: null });
    expect(parseQuantity(' 2 ¼ ')).toEqual({ amount: 2.25, amount_max: null });
  });

  it('reads ranges written with a dash, an en dash or "to"', () => {
    for (const text of ['2–3', '2-3', '2 - 3', '2 to 3', '2—3']) {
      expect(parseQuantity(text), text).toEqual({ amount: 2, amount_max: 3 });
    }
    expect(parseQuantity('1 1/2 – 2')).toEqual({ amount: 1.5, amount_max: 2 });
  });

  it('takes no text as no amount, and refuses what is not one', () => {
    expect(parseQuantity('')).toEqual({ amount: null, amount_max: null });
    expect(parseQuantity('   ')).toEqual({ amount: null, amount_max: null });
    for (const text of ['lots', 'a dozen', '0', '-1', '3–2', '1e9', '100001', '2 to', 'NaN', 'Infinity']) {
      expect(parseQuantity(text), text).toBeNull();
    }
  });
});
