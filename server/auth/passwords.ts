import { hash, verify } from '@node-rs/argon2';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

// argon2id (the library's default algorithm) with its default cost: ~16 ms a hash on our machines,
// against ~110 ms for Better Auth's default scrypt.
export const argon2Password = {
  hash: (password: string) => hash(password),
  verify: ({ hash: digest, password }: { hash: string; password: string }) => verify(digest, password),
};

/** Better Auth's account table (not in DB: only the password check reads it). */
interface AccountTable {
  userId: string;
  providerId: string;
  password: string | null;
}

/**
 * Whether `password` is the member's: the hash on Better Auth's credential account (deleting the
 * account, turning two-factor sign-in off). False for a member without one.
 */
export async function passwordMatches(db: Kysely<DB>, userId: string, password: string): Promise<boolean> {
  const account = await db
    .withTables<{ account: AccountTable }>()
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (!account?.password) return false;
  return argon2Password.verify({ hash: account.password, password }).catch(() => false);
}
