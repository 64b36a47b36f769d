import { randomInt } from 'node:crypto';
import { getCurrentAdapter } from '@better-auth/core/context';
import { errorMessage } from '@common/errors.ts';
import { USERNAME_MAX_LENGTH } from '@common/limits.ts';
import { sanitizeUsername, usernameFromEmail } from '@common/username.ts';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError } from 'better-auth/api';
import { v7 as uuidv7 } from 'uuid';

/** Lets Better Auth write `profiles` rows inside its own sign-up transaction. */
export const profilesModel = {
  id: 'splikz-profiles',
  schema: {
    profile: {
      modelName: 'profiles',
      fields: {
        username: { type: 'string', fieldName: 'username', required: true, unique: true },
        fullName: { type: 'string', fieldName: 'full_name', required: true },
        suspendedAt: { type: 'string', fieldName: 'suspended_at', required: false, input: false },
      },
    },
  },
} satisfies BetterAuthPlugin;

/**
 * Runs before Better Auth inserts a user, inside the sign-up transaction: gives the user a UUIDv7 id
 * and creates its profile with a unique username (the foreign key is checked at commit).
 */
export async function createProfileBeforeUser(
  user: { email: string; name: string },
  context: GenericEndpointContext | null,
) {
  if (!context) throw new Error('users are created only through sign-up');
  const adapter = await getCurrentAdapter(context.context.adapter);
  const body = (context.body ?? {}) as { username?: unknown };
  const requested = typeof body.username === 'string' ? sanitizeUsername(body.username) : '';
  const taken = async (candidates: string[]) =>
    new Set(
      (
        await adapter.findMany<{ username: string }>({
          model: 'profile',
          where: [{ field: 'username', operator: 'in', value: candidates }],
          limit: candidates.length,
        })
      ).map((p) => p.username),
    );
  let username: string | undefined;
  if (requested) {
    if ((await taken([requested])).size > 0) {
      throw new APIError('BAD_REQUEST', {
        code: 'USERNAME_TAKEN',
        message: errorMessage('username_taken'),
      });
    }
    username = requested;
  } else {
    username = await firstFreeUsername(usernameFromEmail(user.email), taken);
  }
  const id = uuidv7();
  await adapter.create({
    model: 'profile',
    data: { id, username, fullName: user.name.trim() },
    forceAllowId: true,
  });
  return { data: { ...user, id } };
}

/**
 * The base itself when free, else the base with the smallest free suffix 1-20, else a random
 * 4-6 digit suffix; always within the username length limit. Two queries at most in practice.
 */
async function firstFreeUsername(base: string, taken: (candidates: string[]) => Promise<Set<string>>) {
  const withSuffix = (suffix: string) => `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
  const sequential = [base, ...Array.from({ length: 20 }, (_, i) => withSuffix(String(i + 1)))];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidates =
      attempt === 0
        ? sequential
        : Array.from({ length: 20 }, () =>
            withSuffix(String(randomInt(10 ** (3 + attempt), 10 ** (4 + attempt)))),
          );
    const used = await taken(candidates);
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
  }
  throw new APIError('INTERNAL_SERVER_ERROR', {
    code: 'NO_FREE_USERNAME',
    message: errorMessage('no_free_username'),
  });
}

/**
 * Runs before Better Auth creates any session (sign-in, the confirmation link's automatic sign-in):
 * a member an admin suspended gets no session until they are restored.
 */
export async function refuseSuspendedMember(
  session: { userId: string },
  context: GenericEndpointContext | null,
) {
  if (!context) return;
  const adapter = await getCurrentAdapter(context.context.adapter);
  const profile = await adapter.findOne<{ suspendedAt: string | null }>({
    model: 'profile',
    where: [{ field: 'id', value: session.userId }],
  });
  if (profile?.suspendedAt) {
    throw new APIError('FORBIDDEN', {
      code: 'ACCOUNT_SUSPENDED',
      message: errorMessage('account_suspended'),
    });
  }
}
