import { LANGUAGES, type Language } from '@common/options.ts';
import type { Me } from '@common/schemas/profiles.ts';
import { useQueryClient } from '@tanstack/react-query';
import { i18n, showLanguage } from '@web/i18n/i18n.ts';
import { sessionKeys } from '@web/queries/session.ts';
import { usePreferences, useUpdatePreferences } from '@web/queries/settings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/**
 * /settings/language: the five languages as radio options, each named in itself. A pick shows at once
 * (here, and on the member's other devices from their next page load), is saved, and is undone if the
 * server refuses it.
 */
export default function LanguageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const preferences = usePreferences();
  const update = useUpdatePreferences((error) =>
    toast.error(i18n.t('Could not save your settings'), { description: error.message }),
  );

  // The pick shows in the same render as the click (the cache's optimistic update comes a tick later).
  const [picked, setPicked] = useState<Language | null>(null);

  async function choose(language: Language, previous: Language) {
    setPicked(language);
    const shown = showLanguage(language);
    try {
      await update.mutateAsync({ language });
      // The toast speaks the new language: wait for its catalogue if the save was quicker.
      await shown;
      queryClient.setQueryData<Me | null>(sessionKeys.me, (me) => (me ? { ...me, language } : me));
      toast.success(i18n.t('Language saved'));
    } catch {
      // useUpdatePreferences has said why; the screen goes back to the saved language.
      setPicked(null);
      await showLanguage(previous);
    }
  }

  return (
    <SettingsPage title={t('Language')} description={t('Choose your preferred language.')}>
      <SettingsSection id="settings-language" title={t('Language')}>
        <Loaded query={preferences}>
          {(data) => (
            <fieldset className="flex flex-col gap-1">
              <legend className="sr-only">{t('Language')}</legend>
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
                    checked={(picked ?? data.language) === code}
                    onChange={() => void choose(code, data.language)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  <span className="font-medium text-slate-900">{label}</span>
                </label>
              ))}
            </fieldset>
          )}
        </Loaded>
      </SettingsSection>
    </SettingsPage>
  );
}
