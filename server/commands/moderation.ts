import type {
  CreateReportInput,
  ModerationResult,
  ReportReceipt,
  ReportStatus,
  ReportTargetType,
} from '@common/schemas/reports.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, notFound } from '@server/http/errors.ts';
import { findReportTarget } from '@server/queries/reports.ts';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { lockAdmins, recordAudit } from './admin.ts';
import { endCircle } from './circles.ts';
import { removeComment, removePost } from './posts.ts';
import type { After } from './run.ts';

/** What a removed message says instead of its text. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by a moderator.';

/**
 * A member reports something they can see. Reporting the same thing again while the first report is
 * open returns that report (nothing new is written); one's own content and account cannot be reported.
 */
export async function createReport(
  trx: Transaction<DB>,
  reporterId: string,
  input: CreateReportInput,
): Promise<{ receipt: ReportReceipt; created: boolean }> {
  const target = await findReportTarget(trx, reporterId, input.target_type, input.target_id);
  if (!target) throw notFound('report_target_gone');
  if (target.userId === reporterId) throw badRequest('report_self');
  const open = await trx
    .selectFrom('reports')
    .select(['id', 'status'])
    .where('reporter_id', '=', reporterId)
    .where('target_type', '=', input.target_type)
    .where('target_id', '=', input.target_id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (open) return { receipt: { id: open.id, status: 'open' }, created: false };
  const id = uuidv7();
  await trx
    .insertInto('reports')
    .values({
      id,
      reporter_id: reporterId,
      target_type: input.target_type,
      target_id: input.target_id,
      target_user_id: target.userId,
      reason: input.reason,
      details: input.details?.trim() || null,
      excerpt: target.excerpt,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { receipt: { id, status: 'open' }, created: true };
}

async function lockOpenReport(trx: Transaction<DB>, reportId: string) {
  const report = await trx
    .selectFrom('reports')
    .select(['id', 'target_type', 'target_id', 'target_user_id', 'status'])
    .where('id', '=', reportId)
    .executeTakeFirst();
  if (!report) throw notFound('report_not_found');
  if (report.status !== 'open') throw conflict('report_resolved');
  return report as typeof report & { target_type: ReportTargetType };
}

/** Closes every open report on one thing (or, for a suspension, against one member) at once. */
async function resolveReports(
  trx: Transaction<DB>,
  actorId: string,
  status: ReportStatus,
  where: { targetType: string; targetId: string } | { memberId: string },
): Promise<number> {
  let update = trx
    .updateTable('reports')
    .set({ status, resolved_at: new Date().toISOString(), resolved_by: actorId })
    .where('status', '=', 'open');
  update =
    'memberId' in where
      ? update.where('target_user_id', '=', where.memberId)
      : update.where('target_type', '=', where.targetType).where('target_id', '=', where.targetId);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An admin finds nothing wrong: every open report on that thing closes as dismissed. */
export async function dismissReport(
  trx: Transaction<DB>,
  { actorId, reportId }: { actorId: string; reportId: string },
): Promise<ModerationResult> {
  await lockAdmins(trx, actorId);
  const report = await lockOpenReport(trx, reportId);
  const resolved = await resolveReports(trx, actorId, 'dismissed', {
    targetType: report.target_type,
    targetId: report.target_id,
  });
  await recordAudit(trx, {
    actorId,
    action: 'report.dismiss',
    targetType: report.target_type,
    targetId: report.target_id,
    summary: `Dismissed ${resolved} report${resolved === 1 ? '' : 's'} on a ${report.target_type}`,
  });
  return { status: 'dismissed', resolved };
}

/**
 * An admin removes what was reported: a post or comment is deleted as its author would delete it, a
 * message keeps its place with a note instead of its text, a circle is ended. A member cannot be
 * removed this way (suspend them). Something already gone just closes the reports.
 */
export async function removeReportedContent(
  trx: Transaction<DB>,
  after: After,
  { actorId, reportId }: { actorId: string; reportId: string },
): Promise<ModerationResult> {
  await lockAdmins(trx, actorId);
  const report = await lockOpenReport(trx, reportId);
  const { target_type: type, target_id: id } = report;
  if (type === 'member') throw badRequest('cannot_remove_member');
  if (type === 'post') {
    const post = await trx
      .selectFrom('posts')
      .select(['id', 'media_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (post) await removePost(trx, after, post);
  } else if (type === 'comment') {
    const comment = await trx
      .selectFrom('comments')
      .select(['id', 'post_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (comment) await removeComment(trx, comment);
  } else if (type === 'message') {
    await trx
      .updateTable('messages')
      .set({ content: REMOVED_MESSAGE_TEXT, removed_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .execute();
  } else if (type === 'circle') {
    const circle = await trx.selectFrom('faith_circles').select('id').where('id', '=', id).executeTakeFirst();
    if (circle) await endCircle(trx, after, id, null);
  }
  const resolved = await resolveReports(trx, actorId, 'removed', { targetType: type, targetId: id });
  await recordAudit(trx, {
    actorId,
    action: 'report.remove',
    targetType: type,
    targetId: id,
    summary: `Removed a reported ${type} by ${await handleOf(trx, report.target_user_id)} (${resolved} report${resolved === 1 ? '' : 's'})`,
  });
  return { status: 'removed', resolved };
}

async function handleOf(trx: Transaction<DB>, memberId: string): Promise<string> {
  const row = await trx
    .selectFrom('profiles')
    .select('username')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? `@${row.username}` : 'a deleted member';
}

/**
 * An admin suspends a member: they cannot sign in, every session of theirs is deleted (the caller
 * forgets them on every node after the commit, which also closes their sockets), their live circles
 * end, their content is hidden (policies/blocks.ts) and every open report against them closes.
 * Never oneself, never an admin. Suspending a suspended member changes nothing.
 */
export async function suspendMember(
  trx: Transaction<DB>,
  after: After,
  { actorId, memberId, reportId }: { actorId: string; memberId: string; reportId?: string },
): Promise<ModerationResult> {
  if (memberId === actorId) throw badRequest('cannot_suspend_self');
  const admins = await lockAdmins(trx, actorId);
  const member = await trx
    .selectFrom('profiles')
    .select(['id', 'username', 'suspended_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound('user_not_found');
  if (admins.includes(memberId)) {
    throw conflict('cannot_suspend_admin');
  }
  if (!member.suspended_at) {
    await trx
      .updateTable('profiles')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', memberId)
      .execute();
    await trx.deleteFrom('session').where('userId', '=', memberId).execute();
    const live = await trx
      .selectFrom('faith_circles')
      .select('id')
      .where('host_id', '=', memberId)
      .where('status', '!=', 'ended')
      .execute();
    for (const circle of live) await endCircle(trx, after, circle.id, null);
  }
  const resolved = await resolveReports(trx, actorId, 'suspended', { memberId });
  if (!member.suspended_at || resolved > 0) {
    await recordAudit(trx, {
      actorId,
      action: 'member.suspend',
      targetType: 'member',
      targetId: memberId,
      summary: `Suspended @${member.username}${reportId ? ' from a report' : ''}${resolved ? ` (${resolved} open report${resolved === 1 ? '' : 's'} closed)` : ''}`,
    });
  }
  return { status: 'suspended', resolved };
}

/** Suspends the member a report is about (the report must still be open). */
export async function suspendReportedMember(
  trx: Transaction<DB>,
  after: After,
  { actorId, reportId }: { actorId: string; reportId: string },
): Promise<{ result: ModerationResult; memberId: string }> {
  await lockAdmins(trx, actorId);
  const report = await lockOpenReport(trx, reportId);
  const result = await suspendMember(trx, after, { actorId, memberId: report.target_user_id, reportId });
  return { result, memberId: report.target_user_id };
}

/** An admin restores a suspended member: they may sign in again and their content shows again. */
export async function restoreMember(
  trx: Transaction<DB>,
  { actorId, memberId }: { actorId: string; memberId: string },
): Promise<{ suspended: false }> {
  await lockAdmins(trx, actorId);
  const member = await trx
    .selectFrom('profiles')
    .select(['id', 'username', 'suspended_at'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound('user_not_found');
  if (member.suspended_at) {
    await trx.updateTable('profiles').set({ suspended_at: null }).where('id', '=', memberId).execute();
    await recordAudit(trx, {
      actorId,
      action: 'member.restore',
      targetType: 'member',
      targetId: memberId,
      summary: `Restored @${member.username}`,
    });
  }
  return { suspended: false };
}
