import type { FEELINGS, FOOD_CATEGORIES, PRAYER_TYPES } from '@common/options.ts';
import { msg } from '@web/i18n/msg.ts';

type Feeling = (typeof FEELINGS)[number];
type Option = Feeling | (typeof PRAYER_TYPES)[number] | (typeof FOOD_CATEGORIES)[number];

/** The label shown for each option value (values are stored lower-case, common/options.ts): a key for t(). */
const OPTION_LABELS: Record<Option, string> = {
  happy: msg('Happy'),
  excited: msg('Excited'),
  grateful: msg('Grateful'),
  blessed: msg('Blessed'),
  loved: msg('Loved'),
  peaceful: msg('Peaceful'),
  hopeful: msg('Hopeful'),
  thoughtful: msg('Thoughtful'),
  sad: msg('Sad'),
  worried: msg('Worried'),
  thanksgiving: msg('Thanksgiving'),
  intercession: msg('Intercession'),
  confession: msg('Confession'),
  petition: msg('Petition'),
  praise: msg('Praise'),
  testimony: msg('Testimony'),
  breakfast: msg('Breakfast'),
  lunch: msg('Lunch'),
  dinner: msg('Dinner'),
  dessert: msg('Dessert'),
  snack: msg('Snack'),
  appetizer: msg('Appetizer'),
  drink: msg('Drink'),
  baking: msg('Baking'),
};

/**
 * 'thanksgiving' → 'Thanksgiving': the catalogue key of an option's label, to pass to t() where it is
 * shown. An unknown value is shown capitalised, as it is.
 */
export function optionLabel(value: string): string {
  return OPTION_LABELS[value as Option] ?? value.charAt(0).toUpperCase() + value.slice(1);
}

/** 'is feeling happy' after the author's name, per feeling: a key for t(). */
export const FEELING_PHRASES: Record<Feeling, string> = {
  happy: msg('is feeling happy'),
  excited: msg('is feeling excited'),
  grateful: msg('is feeling grateful'),
  blessed: msg('is feeling blessed'),
  loved: msg('is feeling loved'),
  peaceful: msg('is feeling peaceful'),
  hopeful: msg('is feeling hopeful'),
  thoughtful: msg('is feeling thoughtful'),
  sad: msg('is feeling sad'),
  worried: msg('is feeling worried'),
};

export const FEELING_EMOJI: Record<string, string> = {
  happy: '😊',
  excited: '🤩',
  grateful: '🙏',
  blessed: '😇',
  loved: '🥰',
  peaceful: '😌',
  hopeful: '🌟',
  thoughtful: '🤔',
  sad: '😢',
  worried: '😟',
};
