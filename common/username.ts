import { USERNAME_MAX_LENGTH } from './limits.ts';

/** Lower-cases and strips anything but a-z, 0-9 and '_' (spec section 5). */
export function sanitizeUsername(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
}

/** The default username: the part of the email before '@', sanitized; 'user' when nothing is left. */
export function usernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  return sanitizeUsername(local) || 'user';
}

/** The avatar fallback letter: the uppercased first letter of the name, or 'U'. */
export function avatarInitial(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}
