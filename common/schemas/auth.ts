import { z } from 'zod/mini';
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../limits.ts';
import { text } from './fields.ts';

export const WEAK_PASSWORD_MESSAGE = 'Weak password — Please use at least 6 characters.';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
export const EMAIL_REQUIRED_MESSAGE = 'Email required';
export const ENTER_YOUR_EMAIL_MESSAGE = 'Enter your email';

const email = (requiredMessage: string) =>
  z.pipe(
    text({
      label: 'Email',
      min: 1,
      max: EMAIL_MAX_LENGTH,
      typeError: requiredMessage,
      required: requiredMessage,
    }),
    z.email({ error: 'Enter a valid email address.' }),
  );

const password = text({
  label: 'Password',
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  trim: false,
  typeError: WEAK_PASSWORD_MESSAGE,
  required: WEAK_PASSWORD_MESSAGE,
});

const callbackURL = z.optional(
  // A path on this site: '/x', never '//host' or '/\\host', which browsers treat as another site.
  text({ label: 'callbackURL', max: 500, trim: false }).check(
    z.regex(/^\/(?![/\\])/, 'callbackURL must be a path on this site.'),
  ),
);

export const signUpSchema = z.strictObject({
  name: text({ label: 'Full name', min: 1, max: FULL_NAME_MAX_LENGTH, typeError: 'Full name is required.' }),
  email: email('Email is required.'),
  password,
  username: z.optional(text({ label: 'Username', max: USERNAME_MAX_LENGTH, trim: false })),
  callbackURL,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: email('Email is required.'),
  password: text({
    label: 'Password',
    min: 1,
    max: PASSWORD_MAX_LENGTH,
    trim: false,
    typeError: 'Password is required.',
  }),
  rememberMe: z.optional(z.boolean()),
  callbackURL,
});

export const forgotPasswordSchema = z.strictObject({
  email: email(EMAIL_REQUIRED_MESSAGE),
  redirectTo: callbackURL,
});

export const resetPasswordSchema = z.strictObject({
  newPassword: password,
  token: text({
    label: 'The reset token',
    min: 1,
    max: 500,
    trim: false,
    typeError: 'The reset link is missing its token.',
    required: 'The reset link is missing its token.',
  }),
});

export const resendConfirmationSchema = z.strictObject({
  email: email(ENTER_YOUR_EMAIL_MESSAGE),
  callbackURL,
});

/** Client-side check for the set-new-password view; the server re-checks the length. */
export const newPasswordFormSchema = z
  .object({ password, confirm: z.string() })
  .check(
    z.refine((v) => v.password === v.confirm, { message: PASSWORDS_DONT_MATCH_MESSAGE, path: ['confirm'] }),
  );
