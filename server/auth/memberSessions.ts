import type { MemberSession } from '@common/schemas/auth.ts';
import type { Database_ } from '@server/db/database.ts';
import type { DB } from '@server/db/types.ts';
import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import type { SessionResolver, Viewer } from './sessions.ts';

// "Where you're signed in" (issue 52): a member's Better Auth sessions, read and ended here alone.
// Ending one drops the member's cached sessions and sockets on every node (SessionResolver), so a
// session ended from another device stops working at once; the sessions still valid reconnect.

interface SessionsContext {
  database: Pick<Database_, 'db'>;
  sessions: Pick<SessionResolver, 'forgetUser'>;
}

/** The browser and system a User-Agent names ('Chrome', 'Linux'), or null for what it does not say. */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  return { browser: parsed.browser.name || null, system: parsed.os.name || null };
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The member's sessions that have not expired, the latest active first, with their tokens. */
async function liveSessions(db: Kysely<DB>, userId: string) {
  const rows = await db
    .selectFrom('session')
    .select(['id', 'token', 'userAgent', 'ipAddress', 'createdAt', 'updatedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .execute();
  const now = Date.now();
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now)
    .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
    .map(({ token, ...row }) => ({
      token,
      listed: {
        id: row.id,
        ...describeUserAgent(row.userAgent),
        ip_address: row.ipAddress || null,
        signed_in_at: iso(row.createdAt),
        last_active_at: iso(row.updatedAt),
      },
    }));
}

/** "Where you're signed in": the member's sessions, the one in use first, then the latest active. */
export async function listSessions(ctx: SessionsContext, viewer: Viewer): Promise<MemberSession[]> {
  const sessions = (await liveSessions(ctx.database.db, viewer.userId)).map(({ token, listed }) => ({
    ...listed,
    current: token === viewer.sessionToken,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** The member's sessions in their data export: what the list shows, without ids. */
export async function exportSessions(db: Kysely<DB>, userId: string) {
  return (await liveSessions(db, userId)).map(({ listed: { id: _id, ...session } }) => session);
}

/** Ends one of the member's sessions: false when it is not one of theirs (another member's, or gone). */
export async function endSession(ctx: SessionsContext, viewer: Viewer, sessionId: string): Promise<boolean> {
  const ended = await ctx.database.db
    .deleteFrom('session')
    .where('id', '=', sessionId)
    .where('userId', '=', viewer.userId)
    .executeTakeFirst();
  if (Number(ended.numDeletedRows) === 0) return false;
  ctx.sessions.forgetUser(viewer.userId);
  return true;
}

/** Ends every session of the member but the one making the request: how many ended. */
export async function endOtherSessions(ctx: SessionsContext, viewer: Viewer): Promise<number> {
  const ended = await ctx.database.db
    .deleteFrom('session')
    .where('userId', '=', viewer.userId)
    .where('token', '!=', viewer.sessionToken)
    .executeTakeFirst();
  // Forgotten even when none ended: a session ended in a race with this one must not linger in a cache.
  ctx.sessions.forgetUser(viewer.userId);
  return Number(ended.numDeletedRows);
}
