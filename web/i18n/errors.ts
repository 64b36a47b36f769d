import { type ErrorBody, errorKey } from '@common/errorTemplates.ts';
import { i18n } from './i18n.ts';

/**
 * An error in the language shown, by its code and params, like any other key (`error.<code>`, from
 * the catalogues' `errors` part and the form's own part). English needs no catalogue: the message is
 * the English, rendered from the same template; so is any code this page does not know yet.
 */
export function errorText(error: Pick<ErrorBody, 'code' | 'message' | 'params'>): string {
  return i18n.t(errorKey(error.code), { ...error.params, defaultValue: error.message });
}

/** The catalogue part with every error's words (scripts/i18n/parts.ts), loaded with the first one. */
export const ERRORS_PART = 'errors';
