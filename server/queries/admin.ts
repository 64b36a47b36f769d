import type {
  AdminContactMessagesPage,
  AdminMembersPage,
  AdminShowsPage,
  AuditAction,
  AuditPage,
} from '@common/schemas/admin.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { escapeLike } from '@server/queries/like.ts';
import { type Kysely, sql, type Transaction } from 'kysely';

type Db = Kysely<DB> | Transaction<DB>;

/** Whether the member holds the admin role (spec: a `user_roles` row with role 'admin'). */
export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return Boolean(row);
}

const countOf = (n: unknown) => Number(n ?? 0);

// Ids are UUIDv7 (time first), so paging by id alone is newest first, exact on both databases
// (PostgreSQL keeps microseconds that ISO strings drop, which would make a timestamp keyset skip rows).
export const encodeIdCursor = (id: string) => Buffer.from(id).toString('base64url');
export function decodeIdCursor(cursor: string, what: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-zA-Z-]{1,64}$/.test(id)) {
    throw badRequest('invalid_cursor', { what });
  }
  return id;
}

/**
 * Members newest first, paged by id; `q` matches the full name, the username or the
 * email, case-insensitively (lower() folds every script on both databases, see db/database.ts).
 */
export async function listMembers(
  db: Db,
  { q, cursor, limit }: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminMembersPage> {
  const search = q?.trim().toLowerCase() ?? '';
  let base = db.selectFrom('profiles').innerJoin('user', 'user.id', 'profiles.id');
  if (search) {
    const contains = `%${escapeLike(search)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(profiles.full_name)`, 'like', sql`${contains} escape '\\'`),
        eb(sql`lower(profiles.username)`, 'like', sql`${contains} escape '\\'`),
        eb(sql`lower(${sql.ref('user.email')})`, 'like', sql`${contains} escape '\\'`),
      ]),
    );
  }
  let page = base
    .select([
      'profiles.id',
      'profiles.username',
      'profiles.full_name',
      'profiles.avatar_url',
      'profiles.created_at',
      'profiles.suspended_at',
      'user.email',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'profiles.id')
            .where('user_roles.role', '=', 'admin'),
        )
        .as('is_admin'),
    )
    .orderBy('profiles.id', 'desc')
    .limit(limit + 1);
  if (cursor) page = page.where('profiles.id', '<', decodeIdCursor(cursor, 'the member list'));
  const [rows, total, matching] = await Promise.all([
    page.execute(),
    db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    search ? base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() : null,
  ]);
  const members = rows.slice(0, limit).map((row) => ({
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    email: row.email,
    avatar_url: row.avatar_url,
    created_at: row.created_at,
    is_admin: Boolean(row.is_admin),
    suspended: Boolean(row.suspended_at),
  }));
  const last = members.at(-1);
  return {
    total: countOf(total.n),
    matching: countOf(matching ? matching.n : total.n),
    members,
    next_cursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
  };
}

/** Contact Us messages, newest first. */
export async function listContactMessages(
  db: Db,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<AdminContactMessagesPage> {
  let query = db
    .selectFrom('contact_messages')
    .select(['id', 'user_id', 'name', 'email', 'subject', 'message', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor) query = query.where('id', '<', decodeIdCursor(cursor, 'the messages'));
  const rows = await query.execute();
  const messages = rows.slice(0, limit);
  const last = messages.at(-1);
  return { messages, next_cursor: rows.length > limit && last ? encodeIdCursor(last.id) : null };
}

/** The console's columns of a show, read from its event. */
export const SHOW_COLUMNS = [
  'id',
  'title',
  'performer',
  'venue',
  'address as city',
  'show_date',
  'starts_at',
  'ticket_url',
] as const;

/** Every comedy show, the latest date first, paged by offset (a cursor holding the offset). */
export async function listShows(
  db: Db,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<AdminShowsPage> {
  if (cursor !== undefined && !/^\d{1,9}$/.test(cursor)) {
    throw badRequest('invalid_cursor', { what: 'the shows' });
  }
  const offset = cursor ? Number(cursor) : 0;
  const rows = await db
    .selectFrom('events')
    .select(SHOW_COLUMNS)
    .where('show_date', 'is not', null)
    .orderBy('show_date', 'desc')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return {
    shows: rows
      .slice(0, limit)
      .map((row) => ({ ...row, venue: row.venue ?? '', show_date: row.show_date ?? '' })),
    next_cursor: rows.length > limit ? String(offset + limit) : null,
  };
}

/** The audit log, newest first; the actor's current username when they still have an account. */
export async function listAudit(
  db: Db,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  let query = db
    .selectFrom('admin_audit_log')
    .leftJoin('profiles', 'profiles.id', 'admin_audit_log.actor_id')
    .select([
      'admin_audit_log.id',
      'admin_audit_log.actor_id',
      'profiles.username as actor_username',
      'admin_audit_log.action',
      'admin_audit_log.target_type',
      'admin_audit_log.target_id',
      'admin_audit_log.summary',
      'admin_audit_log.created_at',
    ])
    .orderBy('admin_audit_log.id', 'desc')
    .limit(limit + 1);
  if (cursor) query = query.where('admin_audit_log.id', '<', decodeIdCursor(cursor, 'the audit log'));
  const rows = await query.execute();
  const entries = rows.slice(0, limit).map((row) => ({
    ...row,
    actor_username: row.actor_username ?? null,
    action: row.action as AuditAction,
    target_type: row.target_type as 'member' | 'show',
  }));
  const last = entries.at(-1);
  return { entries, next_cursor: rows.length > limit && last ? encodeIdCursor(last.id) : null };
}
