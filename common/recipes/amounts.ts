import { numericQuantity } from 'numeric-quantity';

/**
 * Reading an amount as a cook types it, on its own (the schemas check every ingredient row with it):
 * numeric-quantity alone, about 2 KB, so the contracts the feed loads do not pull in
 * parse-ingredient (quantities.ts reads whole ingredient lines with it).
 */

/** The largest amount a row may hold (a restaurant's 50 kg of flour is 50000 g). */
export const AMOUNT_MAX = 100_000;

/** '2–3', '2-3', '2 to 3', '1 1/2 – 2': the two ends of a range. */
const RANGE = /^(.+?)\s*(?:–|—|-|\bto\b)\s*(.+)$/u;

function oneAmount(text: string): number | null {
  // '1,5' is one and a half where a comma is the decimal mark (es, fr, de, pt).
  const value = numericQuantity(text.trim().replace(/^(\d+),(\d{1,3})$/u, '$1.$2'));
  return Number.isFinite(value) && value > 0 && value <= AMOUNT_MAX ? value : null;
}

/**
 * An amount as the cook typed it ('1 1/2', '½', '2–3', '0.75', '1,5') as numbers, or null when the
 * text is not an amount (or not above zero, or over AMOUNT_MAX, or a range that runs backwards).
 * '' is no amount: { amount: null, amount_max: null }.
 */
export function parseQuantity(text: string): { amount: number | null; amount_max: number | null } | null {
  const trimmed = text.trim();
  if (trimmed === '') return { amount: null, amount_max: null };
  const range = RANGE.exec(trimmed);
  if (range) {
    const low = oneAmount(range[1] as string);
    const high = oneAmount(range[2] as string);
    return low !== null && high !== null && high >= low ? { amount: low, amount_max: high } : null;
  }
  const amount = oneAmount(trimmed);
  return amount === null ? null : { amount, amount_max: null };
}
