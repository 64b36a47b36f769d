import type { AuditAction } from '@common/schemas/admin.ts';
import { useAuditLog } from '@web/queries/admin.ts';
import { formatDateTime, LoadMore, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';

const ACTION_LABELS: Record<AuditAction, string> = {
  'member.delete': 'Member deleted',
  'member.grant_admin': 'Admin granted',
  'member.revoke_admin': 'Admin revoked',
  'show.create': 'Show added',
  'show.update': 'Show edited',
  'show.delete': 'Show removed',
  'member.suspend': 'Member suspended',
  'member.restore': 'Member restored',
  'report.dismiss': 'Reports dismissed',
  'report.remove': 'Reported content removed',
};

/** Who did what, to what, and when: every admin action, newest first. */
export function AuditPanel() {
  const audit = useAuditLog();
  if (audit.isPending) return <PanelLoading label="Loading the audit log..." />;
  if (audit.isError) {
    return (
      <PanelError
        title="Error loading the audit log"
        message={audit.error.message}
        onRetry={() => audit.refetch()}
      />
    );
  }
  const entries = audit.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <PanelEmpty>No admin actions yet.</PanelEmpty>;
  return (
    <>
      <ol aria-label="Audit log" className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.id} className={`${rowClass} flex flex-col gap-1`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-slate-900">{ACTION_LABELS[entry.action] ?? entry.action}</p>
              <time dateTime={entry.created_at} className="text-xs text-slate-500">
                {formatDateTime(entry.created_at)}
              </time>
            </div>
            <p className="break-words text-slate-800">{entry.summary}</p>
            <p className="text-xs text-slate-500">
              By {entry.actor_username ? `@${entry.actor_username}` : `a deleted account (${entry.actor_id})`}
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
