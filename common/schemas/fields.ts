import { z } from 'zod/mini';
import { defineErrors, type Rule, rulesOf } from '../errorTemplates.ts';

/**
 * Fields that many payloads share, declared once: ids, upload ids, cursors and page sizes, and the
 * shape of a person (who wrote a post, sent a message or a notification).
 */

// C0 controls and DEL. PostgreSQL refuses NUL outright, and line breaks in a one-line field (a name)
// end up as new lines wherever it is shown, mail headers and plain-text mail included. Multi-line text
// keeps tabs and line breaks (\r\n as well: session descriptions and pasted text use it).
const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);
const LONE_SURROGATE = /\p{Surrogate}/u;
function hasControl(value: string, multiline: boolean): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 || c === 0x7f) && !(multiline && LINE_BREAKS_AND_TAB.has(c))) return true;
  }
  return false;
}

/** The checks many schemas share: text() by its label, page sizes, booleans, emails. */
export const FIELD_ERRORS = defineErrors({
  text_required: '{{label}} is required.',
  text_too_long: '{{label}} must be at most {{max}} characters.',
  text_not_text: '{{label}} must be text.',
  text_nul: '{{label}} cannot contain NUL characters.',
  text_control: '{{label}} cannot contain control characters.',
  text_one_line: '{{label}} must be one line, without line breaks or control characters.',
  text_invalid_character: '{{label}} contains an invalid character.',
  limit_not_number: 'limit must be a number.',
  limit_not_whole: 'limit must be a whole number.',
  limit_too_small: 'limit must be at least 1.',
  limit_too_large: 'limit must be at most {{max}}.',
  media_id_not_text: 'media_id must be text.',
  not_boolean: '{{name}} must be true or false.',
  content_required: 'content is required.',
  email_invalid: 'Enter a valid email address.',
});
export const { rule: fieldRule } = rulesOf(FIELD_ERRORS);

export interface TextOptions {
  /** How messages name the field: 'Full name'. */
  label: string;
  max: number;
  /** At least this many characters (after trimming); below it, `required`. */
  min?: number;
  /** Allows line breaks and tabs (post texts, comments, messages, bios). */
  multiline?: boolean;
  /** Trims surrounding white space before checking (default true; never for passwords). */
  trim?: boolean;
  /** When the value is missing or not text. Default: '<label> must be text.' */
  typeError?: Rule;
  /** When shorter than `min`. Default: '<label> is required.' */
  required?: Rule;
  /** When longer than `max`. Default: '<label> must be at most <max> characters.' */
  tooLong?: Rule;
  /** When it holds a NUL character. Default: '<label> cannot contain NUL characters.' */
  nul?: Rule;
}

/**
 * Every text field of every input: bounded, and free of control characters (NUL included), with a
 * message a person can act on. Further checks (a regex, a refine) chain with `.check(...)`.
 */
export function text(options: TextOptions) {
  const { label, max, min, multiline = false, trim = true } = options;
  const checks: z.core.$ZodCheck<string>[] = [];
  if (trim) checks.push(z.trim());
  if (min !== undefined)
    checks.push(z.minLength(min, options.required ?? fieldRule('text_required', { label })));
  checks.push(z.maxLength(max, options.tooLong ?? fieldRule('text_too_long', { label, max })));
  checks.push(
    z.refine((value: string) => !value.includes('\u0000'), options.nul ?? fieldRule('text_nul', { label })),
    z.refine(
      (value: string) => !hasControl(value, multiline),
      multiline ? fieldRule('text_control', { label }) : fieldRule('text_one_line', { label }),
    ),
    // Half of a surrogate pair is no character: each database would store something else in its
    // place (SQLite reads it back as three U+FFFD, PostgreSQL as one), so the text would change.
    z.refine((value: string) => !LONE_SURROGATE.test(value), fieldRule('text_invalid_character', { label })),
  );
  return z.string(options.typeError ?? fieldRule('text_not_text', { label })).check(...checks);
}

/** A cursor from a page's `next_cursor`; its meaning is the server's (which parses it strictly). */
export const cursorField = z.optional(text({ label: 'The page cursor', max: 200, trim: false }));

/** `?limit=` from a query string, 1 to `max`. */
export const limitField = (max: number) =>
  z.optional(
    z.coerce
      .number(fieldRule('limit_not_number'))
      .check(
        z.int(fieldRule('limit_not_whole')),
        z.gte(1, fieldRule('limit_too_small')),
        z.lte(max, fieldRule('limit_too_large', { max })),
      ),
  );

/** The id of one of the member's uploads (POST /api/media answered it). */
export const mediaIdField = (error: Rule = fieldRule('media_id_not_text')) =>
  text({ label: 'media_id', min: 1, max: 64, trim: false, typeError: error, required: error });

export const fullNameField = z.string();
export const usernameField = z.string();

/** A member as others see them next to what they wrote. */
export const personSchema = z.object({
  id: z.string(),
  username: usernameField,
  full_name: fullNameField,
  avatar_url: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;

/** A member as lists and search show them: a person with their bio. */
export const profileSummarySchema = z.object({
  id: z.string(),
  username: usernameField,
  full_name: fullNameField,
  avatar_url: z.nullable(z.string()),
  bio: z.nullable(z.string()),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/** Whether this runtime (browser or server) knows the IANA zone. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
