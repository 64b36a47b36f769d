import type { AdminShow } from '@common/schemas/admin.ts';
import { useAdminShows, useDeleteShow } from '@web/queries/admin.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime, LoadMore, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';
import { ShowForm } from './ShowForm.tsx';

function ShowRow({ show, onEdit, onRemove }: { show: AdminShow; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`${rowClass} flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between`}>
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-slate-900">{show.title}</h3>
        {show.performer ? <p className="text-sm text-slate-700">{show.performer}</p> : null}
        <p className="text-sm break-words text-slate-600">
          {show.venue}
          {show.city ? `, ${show.city}` : ''} · {show.show_date}
          {show.starts_at ? ` · ${formatDateTime(show.starts_at)}` : ''}
        </p>
        {show.ticket_url ? <p className="truncate text-xs text-slate-500">{show.ticket_url}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          onClick={onEdit}
          className="rounded-lg px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t('Edit')}
          <span className="sr-only"> {show.title}</span>
        </button>
        <button
          type="button"
          onClick={onRemove}
          className="rounded-lg px-3 py-1 text-sm font-medium text-red-600 hover:bg-red-50"
        >
          {t('Remove')}
          <span className="sr-only"> {show.title}</span>
        </button>
      </div>
    </li>
  );
}

/** Comedy shows: what 'Find Shows' on /comedy lists. Add, edit and remove. */
export function ShowsPanel() {
  const { t } = useTranslation();
  const shows = useAdminShows();
  const remove = useDeleteShow();
  // null: no form; 'new': adding; a show: editing it.
  const [editing, setEditing] = useState<AdminShow | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminShow | null>(null);

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('Show removed'));
        setRemoving(null);
      },
      onError: (error) => toast.error(t('Error removing show'), { description: error.message }),
    });
  }

  const list = shows.data?.pages.flatMap((page) => page.shows) ?? [];
  return (
    <>
      {editing ? (
        <ShowForm
          key={editing === 'new' ? 'new' : editing.id}
          show={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <button type="button" onClick={() => setEditing('new')} className={`${buttonClass} self-start`}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('Add show')}
        </button>
      )}
      {shows.isPending ? (
        <PanelLoading label={t('Loading shows...')} />
      ) : shows.isError ? (
        <PanelError
          title={t('Error loading shows')}
          message={shows.error.message}
          onRetry={() => shows.refetch()}
        />
      ) : list.length === 0 ? (
        <PanelEmpty>{t('No comedy shows yet. Add one and members find it under Find Shows.')}</PanelEmpty>
      ) : (
        <ul aria-label={t('Comedy shows')} className="flex flex-col gap-2">
          {list.map((show) => (
            <ShowRow
              key={show.id}
              show={show}
              onEdit={() => setEditing(show)}
              onRemove={() => setRemoving(show)}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(shows.hasNextPage)}
        loading={shows.isFetchingNextPage}
        onLoad={() => shows.fetchNextPage()}
      />
      {removing ? (
        <ConfirmDialog
          title={t('Remove Show')}
          description={t('Remove “{{title}}” on {{date}}? Members will no longer find it under Find Shows.', {
            title: removing.title,
            date: removing.show_date,
          })}
          confirmLabel={t('Remove')}
          pending={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
