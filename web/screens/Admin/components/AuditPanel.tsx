import type { AuditAction } from '@common/schemas/admin.ts';
import { msg } from '@web/i18n/msg.ts';
import { useAuditLog } from '@web/queries/admin.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, LoadMore, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';

const ACTION_LABELS: Record<AuditAction, string> = {
  'member.delete': msg('Member deleted'),
  'member.grant_admin': msg('Admin granted'),
  'member.revoke_admin': msg('Admin revoked'),
  'show.create': msg('Show added'),
  'show.update': msg('Show edited'),
  'show.delete': msg('Show removed'),
  'member.suspend': msg('Member suspended'),
  'member.restore': msg('Member restored'),
  'report.dismiss': msg('Reports dismissed'),
  'report.remove': msg('Reported content removed'),
  'announcement.send': msg('Update sent'),
  'group.delete': msg('Group deleted'),
};

/** Who did what, to what, and when: every admin action, newest first. */
export function AuditPanel() {
  const { t } = useTranslation();
  const audit = useAuditLog();
  if (audit.isPending) return <PanelLoading label={t('Loading the audit log...')} />;
  if (audit.isError) {
    return (
      <PanelError
        title={t('Error loading the audit log')}
        message={audit.error.message}
        onRetry={() => audit.refetch()}
      />
    );
  }
  const entries = audit.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <PanelEmpty>{t('No admin actions yet.')}</PanelEmpty>;
  return (
    <>
      <ol aria-label={t('Audit log')} className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.id} className={`${rowClass} flex flex-col gap-1`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-slate-900">
                {ACTION_LABELS[entry.action] ? t(ACTION_LABELS[entry.action]) : entry.action}
              </p>
              <time dateTime={entry.created_at} className="text-xs text-slate-500">
                {formatDateTime(entry.created_at)}
              </time>
            </div>
            <p className="break-words text-slate-800">{entry.summary}</p>
            <p className="text-xs text-slate-500">
              {entry.actor_username
                ? t('By @{{username}}', { username: entry.actor_username })
                : t('By a deleted account ({{id}})', { id: entry.actor_id })}
            </p>
          </li>
        ))}
      </ol>
      <LoadMore
        hasMore={Boolean(audit.hasNextPage)}
        loading={audit.isFetchingNextPage}
        onLoad={() => audit.fetchNextPage()}
      />
    </>
  );
}
