import { SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import type { AdminMember } from '@common/schemas/admin.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import {
  useAdminMembers,
  useDeleteMember,
  useRestoreMember,
  useSetAdminRole,
  useSuspendMember,
} from '@web/queries/admin.ts';
import { useSession } from '@web/queries/session.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { inputClass } from '@web/ui/styles.ts';
import { Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SUSPEND_TEXT, suspendedBadgeClass, suspendedToast, suspendTitle } from './moderationTexts.ts';
import { LoadMore, PanelEmpty, PanelError, PanelLoading, rowClass } from './PanelStates.tsx';

const DELETE_TEXT = msg(
  'Are you sure you want to delete this user account? This action cannot be undone. All user data, posts, and activity will be permanently deleted.',
);

const joined = (iso: string) => new Date(iso).toLocaleDateString(currentLocale(), { dateStyle: 'medium' });

const smallButtonClass =
  'rounded-lg px-2 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-60 sm:text-sm';

function MemberRow({
  member,
  isMe,
  onDelete,
  onSuspend,
}: {
  member: AdminMember;
  isMe: boolean;
  onDelete: () => void;
  onSuspend: () => void;
}) {
  const { t } = useTranslation();
  const role = useSetAdminRole();
  const restore = useRestoreMember();
  const name = member.full_name || member.username;
  function toggleAdmin() {
    role.mutate(
      { id: member.id, admin: !member.is_admin },
      { onError: (error) => toast.error(t('Error'), { description: error.message }) },
    );
  }
  function restoreMember() {
    restore.mutate(member.id, {
      onSuccess: () =>
        toast.success(t('Member restored'), {
          description: t('@{{username}} can sign in again.', { username: member.username }),
        }),
      onError: (error) => toast.error(t('Error'), { description: error.message }),
    });
  }
  // Admins cannot be suspended (revoke the role first), nor can an admin suspend themselves.
  const canSuspend = !member.is_admin && !isMe;
  return (
    <li className={`${rowClass} flex items-center gap-3`}>
      {/* Spec: the avatar shows the username's first letter, uppercased, or 'U'. */}
      <Avatar url={member.avatar_url} name={member.username} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
          <span className="truncate">{name}</span>
          {member.is_admin ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {t('Admin')}
            </span>
          ) : null}
          {member.suspended ? <span className={suspendedBadgeClass}>{t('Suspended')}</span> : null}
        </p>
        <p className="text-sm break-all text-slate-600">{member.email}</p>
        <p className="text-xs text-slate-500">{t('Joined: {{date}}', { date: joined(member.created_at) })}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        {member.suspended ? (
          <button
            type="button"
            onClick={restoreMember}
            disabled={restore.isPending}
            className={`${smallButtonClass} text-slate-600`}
          >
            {t('Restore')}
            <span className="sr-only"> {name}</span>
          </button>
        ) : canSuspend ? (
          <button type="button" onClick={onSuspend} className={`${smallButtonClass} text-red-700`}>
            {t('Suspend')}
            <span className="sr-only"> {name}</span>
          </button>
        ) : null}
        <button
          type="button"
          onClick={toggleAdmin}
          disabled={role.isPending}
          className={`${smallButtonClass} text-slate-600`}
        >
          {member.is_admin ? t('Remove admin') : t('Make admin')}
          <span className="sr-only"> ({name})</span>
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('Delete {{name}}', { name })}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">{t('Delete')}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Members: 'Total Users: N', search by name, username or email, pages of 50; delete and suspend with a
 * confirmation, restore a suspended member.
 */
export function MembersPanel() {
  const { t } = useTranslation();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [deleting, setDeleting] = useState<AdminMember | null>(null);
  const [suspending, setSuspending] = useState<AdminMember | null>(null);
  const members = useAdminMembers(q);
  const remove = useDeleteMember();
  const suspend = useSuspendMember();
  const { data: me } = useSession();

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  // Spec: 'Error loading users' with the message.
  useEffect(() => {
    if (members.isError) toast.error(t('Error loading users'), { description: members.error.message });
  }, [members.isError, members.error, t]);

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('User deleted'), { description: t('User account has been successfully deleted') });
        setDeleting(null);
      },
      onError: (error) => toast.error(t('Error deleting user'), { description: error.message }),
    });
  }

  function confirmSuspend() {
    if (!suspending) return;
    const { id, username } = suspending;
    suspend.mutate(id, {
      onSuccess: (result) => {
        const { title, description } = suspendedToast(username, result.resolved);
        toast.success(title, { description });
        setSuspending(null);
      },
      onError: (error) => {
        toast.error(t('Error'), { description: error.message });
        setSuspending(null);
      },
    });
  }

  const first = members.data?.pages[0];
  const list = members.data?.pages.flatMap((page) => page.members) ?? [];
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg font-semibold text-slate-800">
          {t('Total Users: {{total}}', { total: first ? first.total : '…' })}
        </p>
        {q && first ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('{{count}} matching “{{q}}”', { count: first.matching, q })}
          </p>
        ) : null}
      </div>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('Search members')}
        </label>
        <Search aria-hidden="true" className="absolute top-2.5 left-3 h-5 w-5 text-slate-400" />
        <input
          id={searchId}
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('Search by name, username or email')}
          maxLength={100}
          className={`${inputClass} pl-10`}
        />
      </div>
      {members.isPending ? (
        <PanelLoading label={t('Loading users...')} />
      ) : members.isError ? (
        <PanelError
          title={t('Error loading users')}
          message={members.error.message}
          onRetry={() => members.refetch()}
        />
      ) : list.length === 0 ? (
        <PanelEmpty>{q ? t('No users match “{{q}}”.', { q }) : t('No users yet.')}</PanelEmpty>
      ) : (
        <ul aria-label={t('Users')} className="flex flex-col gap-2">
          {list.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              isMe={member.id === me?.id}
              onDelete={() => setDeleting(member)}
              onSuspend={() => setSuspending(member)}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(members.hasNextPage)}
        loading={members.isFetchingNextPage}
        onLoad={() => members.fetchNextPage()}
      />
      {deleting ? (
        <ConfirmDialog
          title={t('Delete User Account')}
          description={t(DELETE_TEXT)}
          confirmLabel={t('Delete')}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
      {suspending ? (
        <ConfirmDialog
          title={suspendTitle(suspending.username)}
          description={t(SUSPEND_TEXT)}
          confirmLabel={t('Suspend')}
          pending={suspend.isPending}
          onConfirm={confirmSuspend}
          onCancel={() => setSuspending(null)}
        />
      ) : null}
    </>
  );
}
