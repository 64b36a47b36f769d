import {
  type AccountSettings,
  DEFAULT_PREFERENCES,
  type Preferences,
  type UpdateAccountInput,
  type UpdatePreferencesInput,
  type UpdatePrivacyInput,
  type WhoCanMessage,
} from '@common/schemas/settings.ts';
import { sanitizeUsername } from '@common/username.ts';
import { isUniqueViolation } from '@server/db/errors.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, unauthorized } from '@server/http/errors.ts';
import { daysUntilUsernameChange, presentAccount } from '@server/presenters/account.ts';
import { getPreferences } from '@server/queries/settings.ts';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

const usernameTaken = () => conflict('username_taken');

/**
 * Full name and username together, or nothing: a refused username leaves the full name as it was.
 * The username may change once per 30 days; its uniqueness is checked first and guarded by the index.
 */
export async function updateAccount(
  trx: Transaction<DB>,
  userId: string,
  input: UpdateAccountInput,
): Promise<AccountSettings> {
  let query = trx
    .selectFrom('profiles')
    .select(['full_name', 'username', 'last_username_change'])
    .where('id', '=', userId);
  // PostgreSQL: two saves of the same member run one after the other (SQLite has one writer).
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const current = await query.executeTakeFirst();
  if (!current) throw unauthorized();

  const changes: { full_name?: string; username?: string; last_username_change?: string } = {};
  const fullName = input.full_name?.trim();
  if (fullName !== undefined && fullName !== current.full_name) changes.full_name = fullName;
  const username = input.username === undefined ? undefined : sanitizeUsername(input.username);
  if (username !== undefined && username !== current.username) {
    const days = daysUntilUsernameChange(current.last_username_change);
    if (days > 0) throw badRequest('username_locked', { count: days });
    const owner = await trx
      .selectFrom('profiles')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (owner) throw usernameTaken();
    changes.username = username;
    changes.last_username_change = new Date().toISOString();
  }
  if (Object.keys(changes).length === 0) throw badRequest('no_changes');

  const now = new Date().toISOString();
  await trx
    .updateTable('profiles')
    .set({ ...changes, updated_at: now })
    .where('id', '=', userId)
    .execute()
    .catch((error: unknown) => {
      // Another member took the name between our check and our write.
      throw isUniqueViolation(error) ? usernameTaken() : error;
    });
  // Better Auth greets the member by user.name in its emails: it follows the full name.
  if (changes.full_name) {
    await trx
      .updateTable('user')
      .set({ name: changes.full_name, updatedAt: now })
      .where('id', '=', userId)
      .execute();
  }
  return presentAccount({ ...current, ...changes });
}

export async function updateBio(db: Db, userId: string, bio: string | null): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ bio: bio || null, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/**
 * 'Show Followers List' and 'Who can message you', whichever is sent. A new 'Who can message you'
 * only decides where later messages land: conversations already in the inbox stay there.
 */
export async function updatePrivacy(db: Db, userId: string, input: UpdatePrivacyInput): Promise<void> {
  const changes: { followers_visible?: boolean; who_can_message?: WhoCanMessage } = {};
  if (input.followers_visible !== undefined) changes.followers_visible = input.followers_visible;
  if (input.who_can_message !== undefined) changes.who_can_message = input.who_can_message;
  if (Object.keys(changes).length === 0) throw badRequest('no_changes');
  await db
    .updateTable('profiles')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Partial update; the row is created with the defaults on the first save. */
export async function updatePreferences(
  trx: Transaction<DB>,
  userId: string,
  input: UpdatePreferencesInput,
): Promise<Preferences> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) throw badRequest('no_changes');
  const now = new Date().toISOString();
  await trx
    .insertInto('user_settings')
    .values({ ...DEFAULT_PREFERENCES, ...changes, user_id: userId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
    .execute();
  return getPreferences(trx, userId);
}
