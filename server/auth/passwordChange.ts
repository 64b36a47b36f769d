import type { Database_ } from '@server/db/database.ts';
import { translator } from '@server/i18n/translate.ts';
import type { Log } from '@server/log.ts';
import type { Mailer } from '@server/mail/mailer.ts';
import { mailLanguage, passwordChangedEmail } from './emails.ts';
import { endOtherSessions } from './memberSessions.ts';
import type { SessionResolver, Viewer } from './sessions.ts';

/**
 * Once Better Auth has changed a member's password (issue 52): every other session of the member
 * ends, on every node with its sockets, while the browser that changed it keeps its own; and the
 * member hears of it by mail, in case it was not them.
 */
export async function afterPasswordChange(
  ctx: {
    database: Database_;
    sessions: Pick<SessionResolver, 'forgetUser'>;
    mailer: Mailer;
    log: Log;
    config: { publicUrl: string };
  },
  viewer: Viewer,
): Promise<void> {
  await endOtherSessions(ctx, viewer);
  const user = await ctx.database.db
    .withTables<{ user: { id: string; email: string } }>()
    .selectFrom('user')
    .select('email')
    .where('id', '=', viewer.userId)
    .executeTakeFirst();
  if (!user) return;
  const t = translator(await mailLanguage(ctx.database, viewer.userId));
  void ctx.mailer
    .send(passwordChangedEmail(t, user.email, `${ctx.config.publicUrl}/auth`))
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not send the password-changed mail'));
}
