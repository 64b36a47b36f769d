import { SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import type { Person } from '@common/schemas/fields.ts';
import type { Group, GroupMember } from '@common/schemas/groups.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { useDebounced } from '@web/components/useDebounced.ts';
import {
  type MemberAction,
  useGroupMemberAction,
  useGroupMembers,
  useTransferGroup,
} from '@web/queries/groups.ts';
import { useProfileSearch } from '@web/queries/profiles.ts';
import { useSession } from '@web/queries/session.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { buttonClass, cardClass, inputClass, labelClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { isGroupAdmin, type MemberButton, memberButtonsFor } from './groupRules.ts';
import { ROLE_LABELS } from './groupTexts.ts';

const smallButton =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';
const smallDanger =
  'inline-flex items-center justify-center rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60';

/** Members with their roles; for admins also Requests, the Invite box, Invited and Banned. */
export function GroupMembersTab({ group }: { group: Group }) {
  const { t } = useTranslation();
  const lists = useGroupMembers(group.slug, true);
  const admin = isGroupAdmin(group);
  const viewerId = useSession().data?.id;
  const act = useGroupMemberAction(group.slug);
  const [handingTo, setHandingTo] = useState<Person | null>(null);

  async function run(action: MemberAction, done: string) {
    try {
      await act.mutateAsync(action);
      toast.success(done);
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  if (lists.isPending) return <Spinner label={t('Loading members...')} />;
  if (!lists.data) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-center gap-3 p-8 text-center`}>
        <p className="text-slate-700">{lists.error?.message}</p>
        <button type="button" onClick={() => lists.refetch()} className={secondaryButtonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  const { members, requests, invited, banned } = lists.data;
  const busy = act.isPending;

  /** One small button of a row: does `action` and says `done`, or runs `onClick` (a dialog). */
  function actionButton(options: {
    key: string;
    label: string;
    danger?: boolean;
    action?: Parameters<typeof run>[0];
    done?: string;
    onClick?: () => void;
  }) {
    const { key, label, danger = false, action, done, onClick } = options;
    return (
      <button
        key={key}
        type="button"
        disabled={busy}
        className={danger ? smallDanger : smallButton}
        onClick={onClick ?? (() => void run(action!, done!))}
      >
        {label}
      </button>
    );
  }

  function memberButton(button: MemberButton, member: GroupMember) {
    const name = member.person.full_name || member.person.username;
    const userId = member.person.id;
    switch (button) {
      case 'makeAdmin':
        return actionButton({
          key: button,
          label: t('Make admin'),
          action: { kind: 'makeAdmin', userId },
          done: t('{{name}} is now an admin', { name }),
        });
      case 'removeAdmin':
        return actionButton({
          key: button,
          label: t('Remove admin'),
          action: { kind: 'removeAdmin', userId },
          done: t('{{name}} is no longer an admin', { name }),
        });
      case 'makeOwner':
        return actionButton({
          key: button,
          label: t('Make owner'),
          onClick: () => setHandingTo(member.person),
        });
      case 'remove':
        return actionButton({
          key: button,
          danger: true,
          label: t('Remove from group'),
          action: { kind: 'remove', userId },
          done: t('{{name}} was removed from the group', { name }),
        });
      case 'ban':
        return actionButton({
          key: button,
          danger: true,
          label: t('Ban'),
          action: { kind: 'ban', userId },
          done: t('{{name}} is banned from the group', { name }),
        });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {admin ? <InviteBox group={group} /> : null}
      {admin ? (
        <PeopleSection title={t('Requests')} empty={t('No requests to join')}>
          {requests.map(({ person }) => {
            const name = person.full_name || person.username;
            return (
              <PersonRow key={person.id} person={person}>
                <button
                  type="button"
                  disabled={busy}
                  className={`${buttonClass} px-3 py-1.5 text-sm`}
                  onClick={() =>
                    void run({ kind: 'approve', userId: person.id }, t('{{name}} joined the group', { name }))
                  }
                >
                  {t('Approve')}
                </button>
                {actionButton({
                  key: 'decline',
                  label: t('Decline'),
                  action: { kind: 'decline', userId: person.id },
                  done: t('Request declined'),
                })}
                {actionButton({
                  key: 'ban',
                  danger: true,
                  label: t('Ban'),
                  action: { kind: 'ban', userId: person.id },
                  done: t('{{name}} is banned from the group', { name }),
                })}
              </PersonRow>
            );
          })}
        </PeopleSection>
      ) : null}
      <PeopleSection title={t('Members')} empty={t('No members yet')}>
        {members.map((member) => (
          <PersonRow key={member.person.id} person={member.person} role={t(ROLE_LABELS[member.role])}>
            {memberButtonsFor(group, { role: member.role, userId: member.person.id }, viewerId).map(
              (button) => memberButton(button, member),
            )}
          </PersonRow>
        ))}
      </PeopleSection>
      {admin && invited.length > 0 ? (
        <PeopleSection title={t('Invited')} empty="">
          {invited.map(({ person }) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </PeopleSection>
      ) : null}
      {admin ? (
        <PeopleSection title={t('Banned')} empty={t('Nobody is banned')}>
          {banned.map(({ person }) => {
            const name = person.full_name || person.username;
            return (
              <PersonRow key={person.id} person={person}>
                {actionButton({
                  key: 'unban',
                  label: t('Unban'),
                  action: { kind: 'unban', userId: person.id },
                  done: t('{{name}} is no longer banned', { name }),
                })}
              </PersonRow>
            );
          })}
        </PeopleSection>
      ) : null}
      {handingTo ? (
        <HandOverDialog group={group} person={handingTo} onClose={() => setHandingTo(null)} />
      ) : null}
    </div>
  );
}

function PeopleSection({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClass} flex flex-col gap-2 p-4`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col divide-y divide-slate-100">
          {children}
        </ul>
      )}
    </section>
  );
}

/** One person: avatar, name (a link to their profile), @username, role, and the buttons that apply. */
function PersonRow({ person, role, children }: { person: Person; role?: string; children?: ReactNode }) {
  const name = person.full_name || person.username;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar url={person.avatar_url} name={person.full_name} size="sm" />
        <div className="min-w-0">
          <Link
            to={`/profile/${encodeURIComponent(person.username)}`}
            className="block truncate font-medium text-slate-900 hover:underline"
          >
            {name}
          </Link>
          <p className="truncate text-sm text-slate-500">@{person.username}</p>
        </div>
        {role ? (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {role}
          </span>
        ) : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2 sm:justify-end">{children}</div> : null}
    </li>
  );
}

/** Invite: a username, with the members whose name or username matches it suggested as it is typed. */
function InviteBox({ group }: { group: Group }) {
  const { t } = useTranslation();
  const ids = { input: useId(), list: useId() };
  const act = useGroupMemberAction(group.slug);
  const [username, setUsername] = useState('');
  const typed = username.trim().replace(/^@/, '');
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useProfileSearch(query).data?.profiles ?? [];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!typed || act.isPending) return;
    try {
      await act.mutateAsync({ kind: 'invite', username: typed });
      toast.success(t('Invitation sent to @{{username}}', { username: typed }));
      setUsername('');
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} className={`${cardClass} flex flex-col gap-2 p-4`}>
      <label htmlFor={ids.input} className={labelClass}>
        {t('Invite a member by username')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={ids.input}
          value={username}
          list={ids.list}
          autoComplete="off"
          maxLength={60}
          placeholder={t('Username')}
          onChange={(event) => setUsername(event.target.value)}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <datalist id={ids.list}>
          {typed
            ? suggestions.map((profile) => (
                <option key={profile.id} value={profile.username}>
                  {profile.full_name}
                </option>
              ))
            : null}
        </datalist>
        <button type="submit" disabled={!typed || act.isPending} className={buttonClass}>
          {t('Invite')}
        </button>
      </div>
    </form>
  );
}

/** Make owner, confirmed: the group goes to them and the owner becomes an admin. */
function HandOverDialog({ group, person, onClose }: { group: Group; person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransferGroup(group.slug);
  const name = person.full_name || person.username;

  async function confirm() {
    try {
      await transfer.mutateAsync(person.id);
    } catch {
      return; // the dialog shows transfer.error
    }
    toast.success(t('{{name}} now owns the group', { name }));
    onClose();
  }

  return (
    <ConfirmDialog
      title={t('Make {{name}} the owner?', { name })}
      description={t('You will stay in the group as an admin.')}
      confirmLabel={t('Make owner')}
      pending={transfer.isPending}
      error={transfer.error?.message}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
