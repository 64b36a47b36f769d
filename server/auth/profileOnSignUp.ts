import { getCurrentAdapter } from '@better-auth/core/context';
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
      },
    },
  },
} satisfies BetterAuthPlugin;

export const USERNAME_TAKEN_MESSAGE = 'Username taken - This username is already in use';

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
  const base = requested || usernameFromEmail(user.email);
  const taken = new Set(
    (
      await adapter.findMany<{ username: string }>({
        model: 'profile',
        where: [{ field: 'username', operator: 'starts_with', value: base }],
      })
    ).map((p) => p.username),
  );
  let username = base;
  if (taken.has(base)) {
    if (requested)
      throw new APIError('BAD_REQUEST', { code: 'USERNAME_TAKEN', message: USERNAME_TAKEN_MESSAGE });
    for (let n = 1; taken.has(username); n += 1) username = `${base}${n}`;
  }
  const id = uuidv7();
  await adapter.create({
    model: 'profile',
    data: { id, username, fullName: user.name.trim() },
    forceAllowId: true,
  });
  return { data: { ...user, id } };
}
