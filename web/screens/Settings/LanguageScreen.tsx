import { LANGUAGES } from '@common/schemas/settings.ts';
import { usePreferences } from '@web/queries/settings.ts';
import { useSavePreference } from './components/PreferenceSwitches.tsx';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/** /settings/language: the five languages as radio options, saved per member. */
export default function LanguageScreen() {
  const preferences = usePreferences();
  const save = useSavePreference();
  return (
    <SettingsPage title="Language" description="Choose your preferred language.">
      <SettingsSection id="settings-language" title="Language">
        <Loaded query={preferences}>
          {(data) => (
            <fieldset className="flex flex-col gap-1">
              <legend className="sr-only">Language</legend>
              {LANGUAGES.map(([code, label]) => (
                <label
                  key={code}
                  lang={code}
                  className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-3 hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                >
                  <input
                    type="radio"
                    name="language"
                    value={code}
                    checked={data.language === code}
                    onChange={() => save({ language: code })}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span className="font-medium text-slate-900">{label}</span>
                </label>
              ))}
            </fieldset>
          )}
        </Loaded>
        <p className="text-sm text-slate-500">
          Splikz is shown in English for now; your choice is saved for when translations arrive.
        </p>
      </SettingsSection>
    </SettingsPage>
  );
}
