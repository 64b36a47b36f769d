/** Option lists from spec section 3. */
export const FEELINGS = [
  'happy',
  'excited',
  'grateful',
  'blessed',
  'loved',
  'peaceful',
  'hopeful',
  'thoughtful',
  'sad',
  'worried',
] as const;
export const PRAYER_TYPES = [
  'thanksgiving',
  'intercession',
  'confession',
  'petition',
  'praise',
  'testimony',
] as const;
export const FOOD_CATEGORIES = [
  'breakfast',
  'lunch',
  'dinner',
  'dessert',
  'snack',
  'appetizer',
  'drink',
  'baking',
] as const;
export const CONTACT_SUBJECTS = ['general', 'support', 'business', 'feedback', 'bug', 'other'] as const;
export const FAITHS = ['Christianity', 'Islam', 'Judaism', 'Buddhism', 'Hinduism', 'Other'] as const;
export const POST_CATEGORIES = ['general', 'prayer', 'food', 'comedy'] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Labels shown for the contact subjects in the Contact Us dialog. */
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: 'General Inquiry',
  support: 'Technical Support',
  business: 'Business',
  feedback: 'Feedback',
  bug: 'Report a Bug',
  other: 'Other',
};

/** The interface languages of /settings/language, each named in itself (spec section 'Settings'). */
export const LANGUAGES = [
  ['en-US', 'English (United States)'],
  ['es-ES', 'Español (España)'],
  ['fr-FR', 'Français (France)'],
  ['de-DE', 'Deutsch (Deutschland)'],
  ['pt-BR', 'Português (Brasil)'],
] as const;
export type Language = (typeof LANGUAGES)[number][0];
export const LANGUAGE_CODES = LANGUAGES.map(([code]) => code) as [Language, ...Language[]];

export const isLanguageCode = (value: unknown): value is Language =>
  LANGUAGE_CODES.includes(value as Language);
