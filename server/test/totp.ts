import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

// What a member's authenticator app does with the setup key (issue 52), for the tests: the code of the
// present 30-second step, or of a step before or after it.

/** The setup key of an otpauth:// address (its `secret`, Base32). */
export const setupKeyOf = (totpURI: string) => new URL(totpURI).searchParams.get('secret') ?? '';

/** The 6-digit code of the setup key for the step `offset` steps from now. */
export async function totpCode(setupKey: string, offset = 0, now = Date.now()): Promise<string> {
  const secret = base32.decode(setupKey.replace(/\s+/g, '').toUpperCase());
  return createOTP(secret, { digits: 6, period: 30 }).hotp(Math.floor(now / 30_000) + offset);
}
