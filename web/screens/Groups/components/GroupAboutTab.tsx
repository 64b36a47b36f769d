import type { Group } from '@common/schemas/groups.ts';
import { currentLocale } from '@web/i18n/i18n.ts';
import { useDeleteGroup, useGroupNotify } from '@web/queries/groups.ts';
import { ConfirmDialog } from '@web/ui/ConfirmDialog.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { cardClass, dangerButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EditGroupForm } from './EditGroupForm.tsx';
import { isGroupAdmin, isGroupMember, isGroupOwner } from './groupRules.ts';
import { CATEGORY_LABELS, PRIVACY_DESCRIPTIONS, PRIVACY_LABELS } from './groupTexts.ts';

/** About: description, category, privacy, 'Created {date}'; Notifications; Edit group; Delete Group. */
export function GroupAboutTab({ group }: { group: Group }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const created = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(
    new Date(group.created_at),
  );

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="group-about" className={`${cardClass} flex flex-col gap-3 p-4 sm:p-6`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="group-about" className="text-lg font-semibold text-slate-900">
            {t('About this group')}
          </h2>
          {isGroupAdmin(group) && !editing ? (
            <button type="button" onClick={() => setEditing(true)} className={secondaryButtonClass}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('Edit group')}
            </button>
          ) : null}
        </div>
        {editing ? (
          <EditGroupForm group={group} onDone={() => setEditing(false)} />
        ) : (
          <>
            {group.description ? (
              <p className="whitespace-pre-wrap break-words text-slate-800">{group.description}</p>
            ) : (
              <p className="text-slate-500">{t('No description yet.')}</p>
            )}
            <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-medium text-slate-700">{t('Category')}</dt>
              <dd className="text-slate-800">{t(CATEGORY_LABELS[group.category])}</dd>
              <dt className="font-medium text-slate-700">{t('Privacy')}</dt>
              <dd className="text-slate-800">
                {t(PRIVACY_LABELS[group.privacy])} — {t(PRIVACY_DESCRIPTIONS[group.privacy])}
              </dd>
            </dl>
            <p className="text-sm text-slate-500">{t('Created {{date}}', { date: created })}</p>
          </>
        )}
      </section>
      {isGroupMember(group) ? <NotifySetting group={group} /> : null}
      {isGroupOwner(group) ? <DeleteGroup group={group} /> : null}
    </div>
  );
}

function NotifySetting({ group }: { group: Group }) {
  const { t } = useTranslation();
  const notify = useGroupNotify(group.slug);

  async function change(value: 'all' | 'off' | '') {
    if (!value) return;
    try {
      await notify.mutateAsync(value);
      toast.success(t('Notification setting saved'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <section className={`${cardClass} p-4 sm:p-6`}>
      <SelectField
        label={t('Notifications')}
        value={group.viewer.notify ?? 'off'}
        onChange={(value) => void change(value)}
        options={[
          ['all', t('All posts')],
          ['off', t('Off')],
        ]}
        disabled={notify.isPending}
      />
    </section>
  );
}

function DeleteGroup({ group }: { group: Group }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteGroup(group.slug);
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    try {
      await remove.mutateAsync();
    } catch {
      return; // the dialog shows remove.error
    }
    toast.success(t('Group deleted'));
    navigate('/groups', { replace: true });
  }

  return (
    <section
      className={`${cardClass} flex flex-col gap-3 border-red-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6`}
    >
      <p className="text-sm text-slate-600">{t('Deleting the group cannot be undone.')}</p>
      <button
        type="button"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
        className={dangerButtonClass}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {t('Delete Group')}
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('Delete this group?')}
          description={t('Its posts, prayer requests and members will be removed.')}
          confirmLabel={t('Delete')}
          pendingLabel={t('Deleting...')}
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
