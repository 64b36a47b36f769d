import type {
  EMAIL_REQUIRED_MESSAGE,
  ENTER_YOUR_EMAIL_MESSAGE,
  PASSWORDS_DONT_MATCH_MESSAGE,
} from '@common/schemas/auth.ts';
import { msg } from '@web/i18n/msg.ts';

/*
 * The catalogue keys of the common/ auth texts these forms show (common/ cannot mark its texts with
 * msg()). Typed against the common constants: a change of wording there fails the type check until it
 * is made here too. Shown with t(AUTH_KEYS.…).
 */
export const AUTH_KEYS = {
  emailRequired: msg('Email required') satisfies typeof EMAIL_REQUIRED_MESSAGE,
  enterYourEmail: msg('Enter your email') satisfies typeof ENTER_YOUR_EMAIL_MESSAGE,
  passwordsDontMatch: msg("Passwords don't match") satisfies typeof PASSWORDS_DONT_MATCH_MESSAGE,
} as const;
