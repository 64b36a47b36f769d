import type { AccountSettings, Preferences, PrivacySettings } from '@common/schemas/settings.ts';
import type { DB } from '@server/db/types.ts';
import { unauthorized } from '@server/http/errors.ts';
import { presentAccount, presentPreferences } from '@server/presenters/account.ts';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

export async function getAccountSettings(db: Db, userId: string): Promise<AccountSettings> {
  const row = await db
    .selectFrom('profiles')
    .select(['full_name', 'username', 'last_username_change'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return presentAccount(row);
}

export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return presentPreferences(row);
}

export async function getPrivacySettings(db: Db, userId: string): Promise<PrivacySettings> {
  const row = await db
    .selectFrom('profiles')
    .select(['followers_visible', 'who_can_message'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return { followers_visible: Boolean(row.followers_visible), who_can_message: row.who_can_message };
}
