import type { MemberPasskey } from '@common/schemas/auth.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

// Passkeys (issue 52): Better Auth's passkey plugin registers them and signs in with them
// (routes/auth/passkeyRoutes.ts); listing and removing them is done here, by the member alone.

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null);

/** The member's passkeys, the newest first: a name and a date, never the credential or its key. */
export async function listPasskeys(db: Kysely<DB>, userId: string): Promise<MemberPasskey[]> {
  const rows = await db
    .selectFrom('passkey')
    .select(['id', 'name', 'createdAt'])
    .where('userId', '=', userId)
    .execute();
  return rows
    .map(presentPasskey)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
}

/** A passkey as the list shows it: its row, or Better Auth's answer to a registration. */
export function presentPasskey(answer: unknown): MemberPasskey {
  const row = answer as { id: string; name?: string | null; createdAt?: string | Date | null };
  return { id: row.id, name: row.name ?? '', created_at: iso(row.createdAt ?? null) ?? '' };
}

/** Removes one of the member's passkeys: false when it is not theirs (another member's, or gone). */
export async function removePasskey(db: Kysely<DB>, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('passkey')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** The data export's passkeys: names and dates. */
export async function exportPasskeys(db: Kysely<DB>, userId: string) {
  return (await listPasskeys(db, userId)).map(({ id: _id, ...passkey }) => passkey);
}
