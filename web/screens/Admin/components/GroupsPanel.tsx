import { SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import type { AdminGroup } from '@common/schemas/admin.ts';
import { useDebounced } from '@web/components/useDebounced.ts';
import { useAdminGroups, useDeleteGroupAsAdmin } from '@web/queries/admin.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { inputClass } from '@web/ui/styles.ts';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDateTime, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';

/** Groups (issue 25): every group, secret ones too, by name or address; an admin may delete one. */
export function GroupsPanel() {
  const { t } = useTranslation();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const groups = useAdminGroups(q);
  const remove = useDeleteGroupAsAdmin();
  const [removing, setRemoving] = useState<AdminGroup | null>(null);

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('Group deleted'));
        setRemoving(null);
      },
      onError: (error) => toast.error(t('Error'), { description: error.message }),
    });
  }

  return (
    <>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('Search groups...')}
        </label>
        <Search aria-hidden="true" className="absolute top-3 left-3 h-4 w-4 text-slate-400" />
        <input
          id={searchId}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('Search groups...')}
          className={`${inputClass} pl-9`}
        />
      </div>
      {groups.isPending ? (
        <PanelLoading label={t('Loading...')} />
      ) : groups.isError ? (
        <PanelError title={t('Error')} message={groups.error.message} onRetry={() => groups.refetch()} />
      ) : groups.data.groups.length === 0 ? (
        <PanelEmpty>{t('No groups yet')}</PanelEmpty>
      ) : (
        <ul className="flex flex-col gap-2">
          {groups.data.groups.map((group) => (
            <li
              key={group.id}
              className={`${rowClass} flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between`}
            >
              <div className="min-w-0">
                <Link
                  to={`/groups/${group.slug}`}
                  className="font-semibold break-words text-slate-900 hover:underline"
                >
                  {group.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {`/groups/${group.slug}`} ·{' '}
                  {t(
                    group.privacy === 'public'
                      ? 'Public'
                      : group.privacy === 'private'
                        ? 'Private'
                        : 'Secret',
                  )}{' '}
                  · {t('{{count}} members', { count: group.member_count })}
                  {group.owner_username ? ` · @${group.owner_username}` : ''} ·{' '}
                  {formatDateTime(group.created_at)}
                </p>
              </div>
              <button
                type="button"
                onClick={() => setRemoving(group)}
                className="shrink-0 self-start rounded-lg px-3 py-1 text-sm font-medium text-red-600 hover:bg-red-50"
              >
                {t('Delete Group')}
                <span className="sr-only"> {group.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <ConfirmDialog
          title={t('Delete Group')}
          description={t('Delete this group? Its posts, prayer requests and members will be removed.')}
          confirmLabel={t('Delete')}
          pending={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </>
  );
}
