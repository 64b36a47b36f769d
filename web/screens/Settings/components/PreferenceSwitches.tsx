import type { Preferences, PreferenceToggle } from '@common/schemas/settings.ts';
import { usePreferences, useUpdatePreferences } from '@web/queries/settings.ts';
import { toast } from 'sonner';
import { Loaded } from './SettingsPage.tsx';
import { SwitchRow } from './Switch.tsx';

export type SwitchSpec = [field: PreferenceToggle, label: string, description?: string];

/** Saves one preference; the switch moves at once and moves back if the server refuses. */
export function useSavePreference() {
  const update = useUpdatePreferences((error) =>
    toast.error('Could not save your settings', { description: error.message }),
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
  const preferences = usePreferences();
  const save = useSavePreference();
  return (
    <Loaded query={preferences}>
      {(data) => (
        <div className="flex flex-col divide-y divide-slate-100">
          {switches.map(([field, label, description]) => (
            <SwitchRow
              key={field}
              label={label}
              groupLabelId={groupLabelId}
              description={description}
              checked={data[field]}
              onChange={(checked) => save({ [field]: checked })}
            />
          ))}
        </div>
      )}
    </Loaded>
  );
}
