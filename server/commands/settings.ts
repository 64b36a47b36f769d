import {
  type AccountSettings,
  DEFAULT_PREFERENCES,
  PREFERENCE_TOGGLES,
  type Preferences,
  SETTINGS_MESSAGES,
  type UpdateAccountInput,
  type UpdatePreferencesInput,
  USERNAME_CHANGE_INTERVAL_DAYS,
} from '@common/schemas/settings.ts';
import { sanitizeUsername } from '@common/username.ts';
import { isUniqueViolation } from '@server/db/errors.ts';
import type { DB, UserSettingsTable } from '@server/db/types.ts';
import { badRequest, HttpError, unauthorized } from '@server/http/errors.ts';
import { type Kysely, PostgresAdapter, type Selectable, type Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

const DAY_MS = 24 * 60 * 60 * 1000;

const usernameTaken = () => new HttpError(409, 'username_taken', SETTINGS_MESSAGES.usernameTaken);

/** Whole days left before the username may change again; 0 when it may change now. */
export function daysUntilUsernameChange(lastChange: string | null, now = Date.now()): number {
  if (!lastChange) return 0;
  const allowedAt = new Date(lastChange).getTime() + USERNAME_CHANGE_INTERVAL_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((allowedAt - now) / DAY_MS));
}

function presentAccount(row: {
  full_name: string;
  username: string;
  last_username_change: string | null;
}): AccountSettings {
  const days = daysUntilUsernameChange(row.last_username_change);
  return {
    full_name: row.full_name,
    username: row.username,
    last_username_change: row.last_username_change,
    can_change_username: days === 0,
    days_until_username_change: days,
  };
}

export async function getAccountSettings(db: Db, userId: string): Promise<AccountSettings> {
  const row = await db
    .selectFrom('profiles')
    .select(['full_name', 'username', 'last_username_change'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return presentAccount(row);
}

/**
 * Full name and username together, or nothing: a refused username leaves the full name as it was.
 * The username may change once per 30 days; its uniqueness is checked first and guarded by the index.
 */
export async function updateAccount(
  db: Kysely<DB>,
  userId: string,
  input: UpdateAccountInput,
): Promise<AccountSettings> {
  try {
    return await db.transaction().execute(async (trx) => {
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
        if (days > 0) throw badRequest(SETTINGS_MESSAGES.usernameLocked(days), 'username_locked');
        const owner = await trx
          .selectFrom('profiles')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirst();
        if (owner) throw usernameTaken();
        changes.username = username;
        changes.last_username_change = new Date().toISOString();
      }
      if (Object.keys(changes).length === 0) throw badRequest(SETTINGS_MESSAGES.noChanges, 'no_changes');

      const now = new Date().toISOString();
      await trx
        .updateTable('profiles')
        .set({ ...changes, updated_at: now })
        .where('id', '=', userId)
        .execute();
      // Better Auth greets the member by user.name in its emails: it follows the full name.
      if (changes.full_name) {
        await trx
          .updateTable('user')
          .set({ name: changes.full_name, updatedAt: now })
          .where('id', '=', userId)
          .execute();
      }
      return presentAccount({ ...current, ...changes });
    });
  } catch (error) {
    // Another member took the name between our check and our write.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

export async function updateBio(db: Db, userId: string, bio: string | null): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ bio: bio || null, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function updateFollowersVisible(db: Db, userId: string, visible: boolean): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ followers_visible: visible, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** A user_settings row as the API shows it (SQLite keeps booleans as 0/1). */
export function presentPreferences(row: Selectable<UserSettingsTable> | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  const toggles = Object.fromEntries(PREFERENCE_TOGGLES.map((field) => [field, Boolean(row[field])]));
  return { ...(toggles as Omit<Preferences, 'language'>), language: row.language as Preferences['language'] };
}

export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return presentPreferences(row);
}

/** Partial update; the row is created with the defaults on the first save. */
export async function updatePreferences(
  db: Kysely<DB>,
  userId: string,
  input: UpdatePreferencesInput,
): Promise<Preferences> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) throw badRequest(SETTINGS_MESSAGES.noChanges, 'no_changes');
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_settings')
      .values({ ...DEFAULT_PREFERENCES, ...changes, user_id: userId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
      .execute();
    return getPreferences(trx, userId);
  });
}
