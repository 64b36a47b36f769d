import { PRAYER_EXPIRY_DAYS } from '@common/schemas/prayer.ts';
import { useGroupList } from '@web/queries/groups.ts';
import { SelectField } from '@web/ui/Select.tsx';
import { inputClass, labelClass } from '@web/ui/styles.ts';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft, SetDraftField } from './composerDraft.ts';

const checkboxClass = 'h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500';

/**
 * A prayer request's 'Who can see this', 'Expires', 'Post anonymously' and 'Urgent'. Two columns even
 * on a phone, so the open composer stays short. On a group's Prayer tab the group is the only choice.
 */
export function PrayerFields({
  draft,
  set,
  disabled,
  groupName,
}: {
  draft: Draft;
  set: SetDraftField;
  disabled: boolean;
  /** The group whose Prayer tab the composer is on (its members see the request). */
  groupName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-x-2 gap-y-3 sm:col-span-2 sm:gap-x-3">
      {groupName === undefined ? (
        <AudienceSelect value={draft.audience} onChange={set('audience')} disabled={disabled} />
      ) : (
        <div className="flex min-w-0 flex-col gap-1">
          <span className={labelClass}>{t('Who can see this')}</span>
          <span className="inline-flex min-h-10 min-w-0 items-center gap-1.5 text-sm text-slate-700">
            <Users aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
            <span className="truncate">{t('Members of {{name}}', { name: groupName })}</span>
          </span>
        </div>
      )}
      <SelectField
        label={t('Expires')}
        value={draft.expires}
        onChange={(value) => set('expires')(value || 'never')}
        options={[
          ...PRAYER_EXPIRY_DAYS.map((days) => [String(days), t('{{count}} days', { count: days })] as const),
          ['never', t('Never')] as const,
        ]}
        disabled={disabled}
      />
      <div className="col-span-2 flex flex-wrap gap-x-5 gap-y-2">
        <label className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={draft.anonymous}
            onChange={(e) => set('anonymous')(e.target.checked)}
            disabled={disabled}
            className={checkboxClass}
          />
          {t('Post anonymously')}
        </label>
        <label className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={draft.urgent}
            onChange={(e) => set('urgent')(e.target.checked)}
            disabled={disabled}
            className={checkboxClass}
          />
          {t('Urgent')}
        </label>
      </div>
    </div>
  );
}

/** 'Everyone', 'Friends', each of the member's groups under 'My group', 'Only me'. */
function AudienceSelect({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const groups = useGroupList('', null).data?.mine ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {t('Who can see this')}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      >
        <option value="everyone">{t('Everyone')}</option>
        <option value="friends">{t('Friends')}</option>
        {groups.length > 0 ? (
          <optgroup label={t('My group')}>
            {groups.map((group) => (
              <option key={group.id} value={`group:${group.id}`}>
                {group.name}
              </option>
            ))}
          </optgroup>
        ) : (
          <option value="group" disabled>
            {t('My group')}
          </option>
        )}
        <option value="only_me">{t('Only me')}</option>
      </select>
    </div>
  );
}
