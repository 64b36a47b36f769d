import { z } from 'zod/mini';
import { defineErrors, type Rule, rulesOf } from '../errorTemplates.ts';
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../limits.ts';
import { fieldRule, text } from './fields.ts';

export const WEAK_PASSWORD_MESSAGE = 'Weak password — Please use at least 6 characters.';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
export const EMAIL_REQUIRED_MESSAGE = 'Email required';
export const ENTER_YOUR_EMAIL_MESSAGE = 'Enter your email';

export const AUTH_ERRORS = defineErrors({
  weak_password: WEAK_PASSWORD_MESSAGE,
  passwords_dont_match: PASSWORDS_DONT_MATCH_MESSAGE,
  email_required: 'Email is required.',
  reset_email_required: EMAIL_REQUIRED_MESSAGE,
  resend_email_required: ENTER_YOUR_EMAIL_MESSAGE,
  full_name_required: 'Full name is required.',
  password_required: 'Password is required.',
  reset_token_missing: 'The reset link is missing its token.',
  callback_url_not_path: 'callbackURL must be a path on this site.',
  current_password_required: 'Enter your current password.',
  session_not_found: 'This session has already ended. Reload the list.',
  two_factor_code_format: 'Enter the 6 digits your authenticator app shows.',
  recovery_code_required: 'Enter one of your recovery codes.',
  passkey_name_required: 'Give this passkey a name, such as the device it is on.',
  passkey_response_invalid: 'Your browser sent a passkey answer Splikz cannot read. Try again.',
  passkey_gone: 'This passkey was already removed. Reload the list.',
});
const { rule } = rulesOf(AUTH_ERRORS);

const email = (required: Rule) =>
  z.pipe(
    text({ label: 'Email', min: 1, max: EMAIL_MAX_LENGTH, typeError: required, required }),
    z.email(fieldRule('email_invalid')),
  );

const password = text({
  label: 'Password',
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  trim: false,
  typeError: rule('weak_password'),
  required: rule('weak_password'),
});

const callbackURL = z.optional(
  // A path on this site: '/x', never '//host' or '/\\host', which browsers treat as another site.
  text({ label: 'callbackURL', max: 500, trim: false }).check(
    z.regex(/^\/(?![/\\])/, rule('callback_url_not_path')),
  ),
);

export const signUpSchema = z.strictObject({
  name: text({
    label: 'Full name',
    min: 1,
    max: FULL_NAME_MAX_LENGTH,
    typeError: rule('full_name_required'),
    required: rule('full_name_required'),
  }),
  email: email(rule('email_required')),
  password,
  username: z.optional(text({ label: 'Username', max: USERNAME_MAX_LENGTH, trim: false })),
  callbackURL,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: email(rule('email_required')),
  password: text({
    label: 'Password',
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    trim: false,
    typeError: rule('password_required'),
  }),
  rememberMe: z.optional(z.boolean(fieldRule('not_boolean', { name: 'rememberMe' }))),
  callbackURL,
});

export const forgotPasswordSchema = z.strictObject({
  email: email(rule('reset_email_required')),
  redirectTo: callbackURL,
});

export const resetPasswordSchema = z.strictObject({
  newPassword: password,
  token: text({
    label: 'The reset token',
    min: 1,
    max: 500,
    trim: false,
    typeError: rule('reset_token_missing'),
    required: rule('reset_token_missing'),
  }),
});

export const resendConfirmationSchema = z.strictObject({
  email: email(rule('resend_email_required')),
  callbackURL,
});

/** Client-side check for the set-new-password view; the server re-checks the length. */
export const newPasswordFormSchema = z
  .object({ password, confirm: z.string() })
  .check(z.refine((v) => v.password === v.confirm, { ...rule('passwords_dont_match'), path: ['confirm'] }));

/**
 * 'Change password' (/settings/security, issue 52): the current password and a new one of the spec's
 * 6 characters at least. Saving signs out every other session of the member.
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: text({
    label: 'Current password',
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    trim: false,
    typeError: rule('current_password_required'),
    required: rule('current_password_required'),
  }),
  newPassword: password,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const currentPassword = text({
  label: 'Current password',
  min: 1,
  max: PASSWORD_MAX_LENGTH,
  trim: false,
  typeError: rule('current_password_required'),
  required: rule('current_password_required'),
});

/** A code of the authenticator app: 6 digits (the web drops the space some apps show in the middle). */
const totpCode = text({
  label: 'Code',
  min: 1,
  max: 40,
  typeError: rule('two_factor_code_format'),
  required: rule('two_factor_code_format'),
}).check(z.regex(/^\d{6}$/, rule('two_factor_code_format')));

/** A code as an app shows it, '123 456' or '123456': its 6 digits, or null when it is no such code. */
export function appCodeDigits(typed: string): string | null {
  const code = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** 'Turn on two-factor authentication' (issue 52): the password first, then a code of the app. */
export const enableTwoFactorSchema = z.strictObject({ password: currentPassword });
export const twoFactorCodeSchema = z.strictObject({ code: totpCode });
/** A recovery code (10 letters and digits, a dash in the middle), each good once. */
export const recoveryCodeSchema = z.strictObject({
  code: text({
    label: 'Recovery code',
    min: 1,
    max: 40,
    typeError: rule('recovery_code_required'),
    required: rule('recovery_code_required'),
  }),
});
/** Turning it off takes the password and a code of the app. */
export const disableTwoFactorSchema = z.strictObject({ password: currentPassword, code: totpCode });

/** GET /api/auth/two-factor: whether two-factor sign-in is on for the member. */
export interface TwoFactorStatus {
  enabled: boolean;
}

/** One of the member's sessions on "Where you're signed in" (issue 52): never its token. */
export interface MemberSession {
  id: string;
  /** 'Chrome', 'Firefox'...: null when the browser sent no User-Agent it could be read from. */
  browser: string | null;
  /** 'Linux', 'iOS'...: null as `browser`. */
  system: string | null;
  ip_address: string | null;
  signed_in_at: string;
  last_active_at: string;
  /** The session of the browser asking: 'This device'. */
  current: boolean;
}

/** What a passkey's name may be: the device or password manager it lives in, as the member calls it. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/**
 * A browser's WebAuthn answer (navigator.credentials.create or .get, as JSON): its credential id and
 * the base64url parts Better Auth's passkey plugin verifies. Browsers add fields; those are kept.
 */
const webAuthnPart = text({
  label: 'Passkey answer',
  min: 1,
  max: 20_000,
  trim: false,
  typeError: rule('passkey_response_invalid'),
  required: rule('passkey_response_invalid'),
}).check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/, rule('passkey_response_invalid')));
const webAuthnResponse = (parts: Record<string, typeof webAuthnPart>) =>
  z.looseObject(
    {
      id: webAuthnPart,
      rawId: webAuthnPart,
      type: z.literal('public-key', rule('passkey_response_invalid')),
      response: z.looseObject(parts, rule('passkey_response_invalid')),
    },
    rule('passkey_response_invalid'),
  );

/** 'Add a passkey' (issue 52): the password first, as for two-factor; then the browser's new passkey. */
export const passkeyOptionsSchema = z.strictObject({ password: currentPassword });
export const addPasskeySchema = z.strictObject({
  name: text({
    label: 'Passkey name',
    min: 1,
    max: PASSKEY_NAME_MAX_LENGTH,
    typeError: rule('passkey_name_required'),
    required: rule('passkey_name_required'),
  }),
  response: webAuthnResponse({ clientDataJSON: webAuthnPart, attestationObject: webAuthnPart }),
});
/** 'Sign in with a passkey': the browser's signed answer to the challenge. */
export const passkeySignInSchema = z.strictObject({
  response: webAuthnResponse({
    clientDataJSON: webAuthnPart,
    authenticatorData: webAuthnPart,
    signature: webAuthnPart,
  }),
});

/** One of the member's passkeys on 'Password and security': its name and date, never its key. */
export interface MemberPasskey {
  id: string;
  name: string;
  created_at: string;
}
