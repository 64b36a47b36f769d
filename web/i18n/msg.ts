/**
 * Marks a text in a table of texts as a catalogue key without translating it yet: module-level tables
 * cannot call t() (the language changes at runtime), so they hold keys and the screen calls t(key).
 * The catalogue check (scripts/i18n) finds the keys through this marker.
 */
export const msg = <T extends string>(text: T): T => text;
