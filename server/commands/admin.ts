import type { AuditAction, AuditTargetType } from '@common/schemas/admin.ts';
import type { DB } from '@server/db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '@server/http/errors.ts';
import { PostgresAdapter, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { deleteAccount } from './deleteAccount.ts';
import type { After } from './run.ts';

/** One line of the audit log, written in the transaction of the action it records. */
export async function recordAudit(
  trx: Transaction<DB>,
  entry: {
    actorId: string;
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string;
    summary: string;
  },
): Promise<void> {
  await trx
    .insertInto('admin_audit_log')
    .values({
      id: uuidv7(),
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      summary: entry.summary,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * The admins as this transaction sees them, after checking the actor is still one. On PostgreSQL the
 * admin rows are locked, so two admins removing each other at once take turns and the second sees the
 * first's result (SQLite has one writer).
 */
export async function lockAdmins(trx: Transaction<DB>, actorId: string): Promise<string[]> {
  let query = trx.selectFrom('user_roles').select('user_id').where('role', '=', 'admin');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const admins = (await query.execute()).map((row) => row.user_id);
  if (!admins.includes(actorId)) throw forbidden('not_admin');
  return admins;
}

const lastAdmin = () => conflict('last_admin');

async function requireMember(trx: Transaction<DB>, memberId: string) {
  const member = await trx
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.id')
    .select(['profiles.id', 'profiles.username', 'user.email'])
    .where('profiles.id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound('user_not_found');
  return member;
}

/**
 * An admin deletes a member: the same complete deletion as deleting one's own account
 * (`deleteAccount`: rows, counters, files, sockets), plus an audit line. Never oneself, never the last admin.
 */
export async function deleteMemberAsAdmin(
  trx: Transaction<DB>,
  after: After,
  { actorId, memberId }: { actorId: string; memberId: string },
): Promise<void> {
  if (memberId === actorId) throw badRequest('cannot_delete_self');
  const admins = await lockAdmins(trx, actorId);
  const member = await requireMember(trx, memberId);
  if (admins.includes(memberId) && admins.length <= 1) throw lastAdmin();
  await deleteAccount(trx, after, memberId);
  await recordAudit(trx, {
    actorId,
    action: 'member.delete',
    targetType: 'member',
    targetId: memberId,
    summary: `Deleted the account of @${member.username} (${member.email})`,
  });
}

/** Grants or revokes the admin role. Revoking the last admin's role (one's own included) is refused. */
export async function setAdminRole(
  trx: Transaction<DB>,
  { actorId, memberId, admin }: { actorId: string; memberId: string; admin: boolean },
): Promise<{ is_admin: boolean }> {
  const admins = await lockAdmins(trx, actorId);
  const member = await requireMember(trx, memberId);
  const isAdmin = admins.includes(memberId);
  if (isAdmin === admin) return { is_admin: admin };
  if (admin) {
    await trx
      .insertInto('user_roles')
      .values({ user_id: memberId, role: 'admin', created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
  } else {
    if (admins.length <= 1) throw lastAdmin();
    await trx.deleteFrom('user_roles').where('user_id', '=', memberId).where('role', '=', 'admin').execute();
  }
  await recordAudit(trx, {
    actorId,
    action: admin ? 'member.grant_admin' : 'member.revoke_admin',
    targetType: 'member',
    targetId: memberId,
    summary: `${admin ? 'Granted' : 'Revoked'} the admin role ${admin ? 'to' : 'of'} @${member.username}`,
  });
  return { is_admin: admin };
}
