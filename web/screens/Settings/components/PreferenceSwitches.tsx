import type { Preferences, PreferenceToggle } from '@common/schemas/settings.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { usePreferences, useUpdatePreferences } from '@web/queries/settings.ts';
import { Switch } from '@web/ui/Switch.tsx';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded } from './SettingsPage.tsx';

/** A switch's field, label and description; the texts are catalogue keys (msg), translated here. */
export type SwitchSpec = [field: PreferenceToggle, label: string, description?: string];

/** Saves one preference; the switch moves at once and moves back if the server refuses. */
export function useSavePreference() {
  const update = useUpdatePreferences((error) =>
    toast.error(i18n.t('Could not save your settings'), { description: error.message }),
  );
  return (change: Partial<Preferences>) => update.mutate(change);
}

/** Switches bound to the member's saved preferences. */
export function PreferenceSwitches({
  switches,
  groupLabelId,
}: {
  switches: SwitchSpec[];
  groupLabelId?: string;
}) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const save = useSavePreference();
  return (
    <Loaded query={preferences}>
      {(data) => (
        <div className="flex flex-col divide-y divide-slate-100">
          {switches.map(([field, label, description]) => (
            <Switch
              key={field}
              label={t(label)}
              groupLabelId={groupLabelId}
              description={description ? t(description) : undefined}
              checked={data[field]}
              onChange={(checked) => save({ [field]: checked })}
            />
          ))}
        </div>
      )}
    </Loaded>
  );
}
