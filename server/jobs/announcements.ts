import type { AnnouncementInput } from '@common/schemas/announcements.ts';
import { lockAdmins, recordAudit } from '@server/commands/admin.ts';
import type { DB } from '@server/db/types.ts';
import { yieldToEventLoop } from '@server/eventLoop.ts';
import { savedLanguage, translator } from '@server/i18n/translate.ts';
import { announcementEmail } from '@server/mail/notificationEmails.ts';
import { unsubscribeUrl } from '@server/mail/unsubscribe.ts';
import { notSuspended } from '@server/policies/blocks.ts';
import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { MailContext } from './emailDigests.ts';
import type { JobDefinition } from './runner.ts';

export const ANNOUNCEMENTS_INTERVAL_MS = 60 * 1000;
const BATCH = 200;

/** An admin's announcement, recorded in the audit log; the emails go after the commit (sendAnnouncements). */
export async function createAnnouncement(
  trx: Transaction<DB>,
  actorId: string,
  input: AnnouncementInput & { subject: string; body: string },
): Promise<string> {
  await lockAdmins(trx, actorId);
  const id = uuidv7();
  await trx
    .insertInto('announcements')
    .values({
      id,
      subject: input.subject,
      body: input.body,
      created_by: actorId,
      created_at: new Date().toISOString(),
    })
    .execute();
  await recordAudit(trx, {
    actorId,
    action: 'announcement.send',
    targetType: 'announcement',
    targetId: id,
    summary: `Sent the update “${input.subject}”`,
  });
  return id;
}

/**
 * Emails every unfinished announcement to the confirmed members with 'Updates' on who have not had it,
 * a batch at a time. Each member's delivery row is claimed before the email goes, so nobody gets one
 * twice, even with two nodes (or the job and a request) sending at once. Returns how many went.
 */
export async function sendAnnouncements(
  ctx: MailContext,
  options: { signal?: AbortSignal; maxBatches?: number } = {},
): Promise<number> {
  const { db } = ctx.database;
  let sent = 0;
  let batches = 0;
  const pending = await db
    .selectFrom('announcements')
    .select(['id', 'subject', 'body'])
    .where('finished_at', 'is', null)
    .orderBy('created_at')
    .execute();
  for (const announcement of pending) {
    for (;;) {
      const members = await db
        .selectFrom('user_settings')
        .innerJoin('user', 'user.id', 'user_settings.user_id')
        .select(['user_settings.user_id as id', 'user.email', 'user_settings.language'])
        .where('user_settings.email_updates', '=', true)
        .where('user.emailVerified', '=', true)
        .where(notSuspended('user_settings.user_id'))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('announcement_deliveries')
                .select(sql`1`.as('one'))
                .whereRef('announcement_deliveries.user_id', '=', 'user_settings.user_id')
                .where('announcement_deliveries.announcement_id', '=', announcement.id),
            ),
          ),
        )
        .orderBy('user_settings.user_id')
        .limit(BATCH)
        .execute();
      for (const member of members) {
        const claimed = await db
          .insertInto('announcement_deliveries')
          .values({ announcement_id: announcement.id, user_id: member.id, sent_at: new Date().toISOString() })
          .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) continue;
        const t = translator(savedLanguage(member.language));
        try {
          await ctx.mailer.send(
            announcementEmail(
              t,
              member.email,
              announcement,
              unsubscribeUrl(ctx.config.publicUrl, ctx.config.authSecret, member.id, 'updates'),
            ),
          );
          sent += 1;
        } catch (error) {
          ctx.log.error({ userId: member.id, err: error }, 'update email failed');
        }
      }
      batches += 1;
      if (options.signal?.aborted) return sent;
      if (members.length < BATCH) break;
      if (options.maxBatches !== undefined && batches >= options.maxBatches) return sent;
      await yieldToEventLoop();
    }
    await db
      .updateTable('announcements')
      .set({ finished_at: new Date().toISOString() })
      .where('id', '=', announcement.id)
      .execute();
  }
  return sent;
}

export function announcementsJob(ctx: MailContext): JobDefinition {
  return {
    name: 'announcements',
    intervalMs: ANNOUNCEMENTS_INTERVAL_MS,
    run: async ({ signal }) => {
      await sendAnnouncements(ctx, { signal });
    },
  };
}
