import {
  type AccountSettings,
  DEFAULT_PREFERENCES,
  PREFERENCE_TOGGLES,
  type Preferences,
  USERNAME_CHANGE_INTERVAL_DAYS,
} from '@common/schemas/settings.ts';
import type { UserSettingsTable } from '@server/db/types.ts';
import type { Selectable } from 'kysely';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before the username may change again; 0 when it may change now. */
export function daysUntilUsernameChange(lastChange: string | null, now = Date.now()): number {
  if (!lastChange) return 0;
  const allowedAt = new Date(lastChange).getTime() + USERNAME_CHANGE_INTERVAL_DAYS * DAY_MS;
  return Math.max(0, Math.ceil((allowedAt - now) / DAY_MS));
}

export function presentAccount(row: {
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

/** A user_settings row as the API shows it (SQLite keeps booleans as 0/1). */
export function presentPreferences(row: Selectable<UserSettingsTable> | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  const toggles = Object.fromEntries(PREFERENCE_TOGGLES.map((field) => [field, Boolean(row[field])]));
  return { ...(toggles as Omit<Preferences, 'language'>), language: row.language as Preferences['language'] };
}
