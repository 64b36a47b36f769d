import type { QueueReport } from '@common/schemas/reports.ts';
import { msg } from '@web/i18n/msg.ts';
import { type ReportQueue, useModerate, useReports } from '@web/queries/admin.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  REMOVE_TEXTS,
  REMOVE_TITLES,
  REMOVED_TEXTS,
  SUSPEND_TEXT,
  suspendedToast,
  suspendTitle,
} from './moderationTexts.ts';
import { LoadMore, PanelEmpty, PanelError, PanelLoading } from './PanelStates.tsx';
import { type CardAction, ReportCard } from './ReportCard.tsx';

const QUEUES: ReadonlyArray<readonly [ReportQueue, string]> = [
  ['open', msg('Open')],
  ['resolved', msg('Resolved')],
];

const EMPTY: Record<ReportQueue, string> = {
  open: msg('No reports to review'),
  resolved: msg('No handled reports yet'),
};

const filterClass =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

/**
 * The moderation queue (issue 14): open reports, newest first, each dismissed, its content removed or
 * its member suspended (the last two after a confirmation); or the reports already handled.
 */
export function ReportsPanel() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<ReportQueue>('open');
  const [confirming, setConfirming] = useState<{ report: QueueReport; action: 'remove' | 'suspend' } | null>(
    null,
  );
  const reports = useReports(queue);
  const moderate = {
    dismiss: useModerate('dismiss'),
    remove: useModerate('remove'),
    suspend: useModerate('suspend'),
  };
  const busyId = Object.values(moderate).find((m) => m.isPending)?.variables;

  function run(action: CardAction, report: QueueReport) {
    const type = report.target_type;
    moderate[action].mutate(report.id, {
      onSuccess: ({ resolved }) => {
        setConfirming(null);
        const others =
          resolved > 1 ? t('{{count}} reports on it were closed.', { count: resolved }) : undefined;
        if (action === 'dismiss') toast.success(t('Report dismissed'), { description: others });
        if (action === 'remove') {
          toast.success(t('Content removed'), { description: t(REMOVED_TEXTS[type]) });
        }
        if (action === 'suspend' && report.member) {
          const { title, description } = suspendedToast(report.member.username, resolved);
          toast.success(title, { description });
        }
      },
      onError: (error) => {
        setConfirming(null);
        toast.error(t('Error'), { description: error.message });
      },
    });
  }

  function onAction(report: QueueReport, action: CardAction) {
    if (action === 'dismiss') run('dismiss', report);
    else setConfirming({ report, action });
  }

  const list = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <>
      <fieldset className="inline-flex self-start rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">{t('Show reports')}</legend>
        {QUEUES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={queue === value}
            onClick={() => setQueue(value)}
            className={filterClass}
          >
            {t(label)}
          </button>
        ))}
      </fieldset>
      {reports.isPending ? (
        <PanelLoading label={t('Loading reports...')} />
      ) : reports.isError ? (
        <PanelError
          title={t('Error loading reports')}
          message={reports.error.message}
          onRetry={() => reports.refetch()}
        />
      ) : list.length === 0 ? (
        <PanelEmpty>{t(EMPTY[queue])}</PanelEmpty>
      ) : (
        <ul
          aria-label={queue === 'open' ? t('Open reports') : t('Resolved reports')}
          className="flex flex-col gap-2"
        >
          {list.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              busy={busyId === report.id}
              onAction={(action) => onAction(report, action)}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(reports.hasNextPage)}
        loading={reports.isFetchingNextPage}
        onLoad={() => reports.fetchNextPage()}
      />
      {confirming ? (
        <ConfirmDialog
          title={
            confirming.action === 'remove'
              ? t(REMOVE_TITLES[confirming.report.target_type])
              : suspendTitle(confirming.report.member?.username ?? '')
          }
          description={
            confirming.action === 'remove' && confirming.report.target_type !== 'member'
              ? t(REMOVE_TEXTS[confirming.report.target_type])
              : t(SUSPEND_TEXT)
          }
          confirmLabel={confirming.action === 'remove' ? t('Remove') : t('Suspend')}
          pending={moderate[confirming.action].isPending}
          onConfirm={() => run(confirming.action, confirming.report)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
