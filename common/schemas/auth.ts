import { z } from 'zod/mini';
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
} from '../limits.ts';

export const WEAK_PASSWORD_MESSAGE = 'Weak password — Please use at least 6 characters.';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
export const EMAIL_REQUIRED_MESSAGE = 'Email required';
export const ENTER_YOUR_EMAIL_MESSAGE = 'Enter your email';

const email = (requiredMessage: string) =>
  z.pipe(
    z
      .string({ error: requiredMessage })
      .check(
        z.trim(),
        z.minLength(1, requiredMessage),
        z.maxLength(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`),
      ),
    z.email({ error: 'Enter a valid email address.' }),
  );

const password = z
  .string({ error: WEAK_PASSWORD_MESSAGE })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, WEAK_PASSWORD_MESSAGE),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  );

const callbackURL = z.optional(
  // A path on this site: '/x', never '//host' or '/\\host', which browsers treat as another site.
  z.string().check(z.maxLength(500), z.regex(/^\/(?![/\\])/, 'callbackURL must be a path on this site.')),
);

export const signUpSchema = z.strictObject({
  name: z
    .string({ error: 'Full name is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'Full name is required.'),
      z.maxLength(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters.`),
    ),
  email: email('Email is required.'),
  password,
  username: z.optional(
    z
      .string({ error: 'Username must be text.' })
      .check(z.maxLength(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters.`)),
  ),
  callbackURL,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: email('Email is required.'),
  password: z
    .string({ error: 'Password is required.' })
    .check(z.minLength(1, 'Password is required.'), z.maxLength(PASSWORD_MAX_LENGTH)),
  rememberMe: z.optional(z.boolean()),
  callbackURL,
});

export const forgotPasswordSchema = z.strictObject({
  email: email(EMAIL_REQUIRED_MESSAGE),
  redirectTo: callbackURL,
});

export const resetPasswordSchema = z.strictObject({
  newPassword: password,
  token: z
    .string({ error: 'The reset link is missing its token.' })
    .check(z.minLength(1, 'The reset link is missing its token.'), z.maxLength(500)),
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
