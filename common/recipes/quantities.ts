import { formatQuantity } from 'format-quantity';
import {
  parseIngredient,
  type UnitOfMeasure,
  type UnitOfMeasureDefinitions,
  unitsOfMeasure,
} from 'parse-ingredient';

/**
 * Recipes' quantities (issue 28, DESIGN section 7): ingredient lines read into rows, amounts written
 * as cooks write them ('1 ½ cups'), scaled to other servings and converted between US and metric
 * units. Pure functions, used by the server (import, checks) and the web (the form, the card). The
 * reading is parse-ingredient's (mixed numbers, unicode fractions, ranges, English units), with the
 * common spellings of the other four languages added here; the writing is format-quantity's.
 */

/** A unit as rows store it: parse-ingredient's id ('cup', 'tablespoon', 'gram'…), or free text. */
export interface IngredientRow {
  /** 'For the sauce': the section the rows after it belong to ('' for none). */
  section: string;
  /** The amount as a number (the lower end of a range), or null ('salt to taste'). */
  amount: number | null;
  /** The upper end of a range ('2–3 cloves'), or null. */
  amount_max: number | null;
  unit: string | null;
  item: string;
  /** What follows the item after a comma: 'sifted', 'finely chopped'. */
  note: string;
}

const withAlternates = (id: string, alternates: string[]): UnitOfMeasure => {
  const unit = unitsOfMeasure[id as keyof typeof unitsOfMeasure] as UnitOfMeasure;
  return { ...unit, alternates: [...(unit.alternates ?? []), ...alternates] };
};

/** The other languages' common spellings (Spanish, French, German, Portuguese) of the usual units. */
const SPELLINGS: UnitOfMeasureDefinitions = {
  cup: withAlternates('cup', [
    'taza',
    'tazas',
    'tasse',
    'tasses',
    'Tasse',
    'Tassen',
    'xícara',
    'xícaras',
    'xic',
  ]),
  tablespoon: withAlternates('tablespoon', [
    'cda',
    'cdas',
    'cucharada',
    'cucharadas',
    'cs',
    'EL',
    'Esslöffel',
  ]),
  teaspoon: withAlternates('teaspoon', [
    'cdta',
    'cdtas',
    'cucharadita',
    'cucharaditas',
    'cc',
    'TL',
    'Teelöffel',
  ]),
  gram: withAlternates('gram', ['gramo', 'gramos', 'gramme', 'grammes', 'Gramm', 'grama', 'gramas', 'gr']),
  kilogram: withAlternates('kilogram', [
    'kilo',
    'kilos',
    'kilogramo',
    'kilogramos',
    'Kilogramm',
    'quilo',
    'quilos',
  ]),
  liter: withAlternates('liter', ['litro', 'litros', 'litre', 'litres', 'Liter']),
  milliliter: withAlternates('milliliter', [
    'mililitro',
    'mililitros',
    'millilitre',
    'millilitres',
    'Milliliter',
  ]),
  pinch: withAlternates('pinch', [
    'pizca',
    'pizcas',
    'pincée',
    'pincées',
    'Prise',
    'Prisen',
    'pitada',
    'pitadas',
  ]),
  clove: withAlternates('clove', [
    'diente',
    'dientes',
    'gousse',
    'gousses',
    'Zehe',
    'Zehen',
    'dente',
    'dentes',
  ]),
  pound: withAlternates('pound', ['libra', 'libras', 'livre', 'livres', 'Pfund']),
  ounce: withAlternates('ounce', ['onza', 'onzas', 'once', 'onces', 'Unze', 'Unzen', 'onça', 'onças']),
};

/** Spellings of more than one word, read as one unit before parsing. */
const PHRASES: Array<[RegExp, string]> = [
  [/\b(colheres?\s+de\s+sopa|cuill[eè]res?\s+à\s+soupe|c\.\s*à\s*(soupe|s\.))(?=\s|$)/giu, 'tbsp'],
  [/\b(colheres?\s+de\s+ch[áa]|cuill[eè]res?\s+à\s+caf[eé]|c\.\s*à\s*(caf[eé]|c\.))(?=\s|$)/giu, 'tsp'],
];

/** What a description starts with in other languages where English has none: '3 cucharadas de aceite'. */
const LEADING_OF = /^(de|d['’]|du|des|von|vom|do|da|dos|das)\s*/iu;

/** Ingredient lines ('2 cups flour, sifted'; 'For the sauce:' starts a section) read into rows. */
export function parseIngredientLines(text: string): IngredientRow[] {
  let prepared = text;
  for (const [phrase, unit] of PHRASES) prepared = prepared.replace(phrase, unit);
  const rows: IngredientRow[] = [];
  let section = '';
  for (const parsed of parseIngredient(prepared, { additionalUOMs: SPELLINGS, round: false })) {
    if (parsed.isGroupHeader) {
      section = parsed.description.replace(/:$/, '').trim();
      continue;
    }
    const description = parsed.unitOfMeasureID
      ? parsed.description.replace(LEADING_OF, '')
      : parsed.description;
    const comma = description.indexOf(',');
    rows.push({
      section,
      amount: parsed.quantity,
      amount_max: parsed.quantity2,
      unit: parsed.unitOfMeasureID ?? null,
      item: (comma < 0 ? description : description.slice(0, comma)).trim(),
      note: comma < 0 ? '' : description.slice(comma + 1).trim(),
    });
  }
  return rows;
}

/** The fractions a cook measures with: an amount is written as the nearest of these (eighths, thirds). */
function nearestCookable(amount: number): number {
  if (amount >= 20) return Math.round(amount);
  if (amount >= 10) return Math.round(amount * 2) / 2;
  const eighths = Math.round(amount * 8) / 8;
  const thirds = Math.round(amount * 3) / 3;
  return Math.abs(thirds - amount) < Math.abs(eighths - amount) ? thirds : eighths;
}

/**
 * An amount as cooks write it: '1 ½', '⅓', '2 ⅔', '12'. Metric amounts are whole numbers (or one
 * decimal below 10: '1.5 l' reads better than '1 ½ l'); nothing below an eighth shows as zero.
 */
export function formatAmount(amount: number, metric = false): string {
  if (metric) {
    const rounded = amount >= 10 ? Math.round(amount) : Math.round(amount * 10) / 10;
    return String(rounded || amount.toPrecision(1));
  }
  const cookable = nearestCookable(amount) || 1 / 8;
  return (formatQuantity(cookable, true) ?? String(cookable)).replace(/(\d)(\D)/u, '$1 $2');
}

/** A row's amount ('2–3', '1 ½') for display; '' without one. */
export function formatRange(row: Pick<IngredientRow, 'amount' | 'amount_max'>, metric = false): string {
  if (row.amount === null) return '';
  const low = formatAmount(row.amount, metric);
  return row.amount_max === null ? low : `${low}–${formatAmount(row.amount_max, metric)}`;
}

/** The row for `servings` instead of `base`: every amount times the ratio, nothing else changed. */
export function scaleRow<T extends Pick<IngredientRow, 'amount' | 'amount_max'>>(
  row: T,
  base: number,
  servings: number,
): T {
  const ratio = servings / base;
  return {
    ...row,
    amount: row.amount === null ? null : row.amount * ratio,
    amount_max: row.amount_max === null ? null : row.amount_max * ratio,
  };
}

export type MeasureSystem = 'us' | 'metric';

const US_VOLUMES = ['teaspoon', 'tablespoon', 'cup', 'fluid ounce', 'pint', 'quart', 'gallon'];
const METRIC_VOLUMES = ['milliliter', 'deciliter', 'liter'];
const US_MASSES = ['ounce', 'pound'];
const METRIC_MASSES = ['milligram', 'gram', 'kilogram'];
const ML: Record<string, number> = {
  teaspoon: 4.92892,
  tablespoon: 14.786765,
  cup: 236.58824,
  'fluid ounce': 29.57353,
  pint: 473.17648,
  quart: 946.35295,
  gallon: 3785.4118,
  milliliter: 1,
  deciliter: 100,
  liter: 1000,
};
const GRAMS: Record<string, number> = {
  ounce: 28.349523,
  pound: 453.59237,
  milligram: 0.001,
  gram: 1,
  kilogram: 1000,
};

/**
 * The row in the other system: cups, spoons and fluid ounces to ml or l; ounces and pounds to g or kg;
 * and back (to cups from ¼ cup, else spoons; to pounds from 1 lb). Units that do not convert (a
 * pinch, a clove, 2 eggs) stay as they are.
 */
export function convertRow<T extends Pick<IngredientRow, 'amount' | 'amount_max' | 'unit'>>(
  row: T,
  to: MeasureSystem,
): T {
  const unit = row.unit;
  if (!unit || row.amount === null) return row;
  const volume = unit in ML;
  const mass = unit in GRAMS;
  if (!volume && !mass) return row;
  const isUs = US_VOLUMES.includes(unit) || US_MASSES.includes(unit);
  if ((to === 'us') === isUs) return row;
  const base = volume ? ML : GRAMS;
  const inBase = row.amount * (base[unit] as number);
  let target: string;
  if (to === 'metric')
    target = volume ? (inBase >= 1000 ? 'liter' : 'milliliter') : inBase >= 1000 ? 'kilogram' : 'gram';
  else if (volume)
    target = inBase >= ML.cup! / 4 ? 'cup' : inBase >= ML.tablespoon! ? 'tablespoon' : 'teaspoon';
  else target = inBase >= GRAMS.pound! ? 'pound' : 'ounce';
  const factor = (base[unit] as number) / (base[target] as number);
  return {
    ...row,
    unit: target,
    amount: row.amount * factor,
    amount_max: row.amount_max === null ? null : row.amount_max * factor,
  };
}

export const METRIC_UNITS = new Set([...METRIC_VOLUMES, ...METRIC_MASSES]);

/**
 * Oven temperatures in a step's text: '350°F' to '180 °C' (to the nearest 10, as oven dials and the
 * usual tables have it: 400 °F is 200 °C) and back (to the nearest 25).
 */
export function convertTemperatures(text: string, to: MeasureSystem): string {
  if (to === 'metric') {
    return text.replace(
      /(\d{2,3})\s*°\s*F\b/gu,
      (_m, f: string) => `${Math.round(((Number(f) - 32) * 5) / 9 / 10) * 10} °C`,
    );
  }
  return text.replace(
    /(\d{2,3})\s*°\s*C\b/gu,
    (_m, c: string) => `${Math.round(((Number(c) * 9) / 5 + 32) / 25) * 25} °F`,
  );
}

export { AMOUNT_MAX, parseQuantity } from './amounts.ts';
