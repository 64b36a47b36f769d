import { WHO_CAN_MESSAGE, type WhoCanMessage } from '@common/schemas/settings.ts';
import { msg } from '@web/i18n/msg.ts';
import { usePrivacySettings, useUpdatePrivacy } from '@web/queries/settings.ts';
import { Eye, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/** The choices' labels (WHO_CAN_MESSAGE_LABELS of common/schemas/settings.ts) as catalogue keys. */
const WHO_CAN_MESSAGE_LABELS: Record<WhoCanMessage, string> = {
  friends: msg('Friends'),
  everyone: msg('Everyone'),
};

const WHO_CAN_MESSAGE_HINTS: Record<WhoCanMessage, string> = {
  friends: msg('Messages from anyone else land in Message requests.'),
  everyone: msg('Messages from anyone land in your inbox.'),
};

const SAVED: Record<WhoCanMessage, string> = {
  friends: msg('Only friends can message you now; others land in Message requests'),
  everyone: msg('Everyone can message you now'),
};

/**
 * /settings/privacy-checkup: the member's real settings. Posts are public for everyone (a fact);
 * 'Who can message you' is theirs to choose, saved as soon as it is picked.
 */
export default function PrivacyCheckupScreen() {
  const { t } = useTranslation();
  const privacy = usePrivacySettings();
  const update = useUpdatePrivacy();
  // The choice shows at once, in the same render as the click: the cache's optimistic update comes a
  // tick later (after cancelling fetches), and a controlled radio would flip back until then.
  const [picked, setPicked] = useState<WhoCanMessage | null>(null);

  function choose(value: WhoCanMessage) {
    setPicked(value);
    update.mutate(
      { who_can_message: value },
      {
        onSettled: () => setPicked(null),
        onSuccess: (saved) =>
          toast.success(t('Privacy settings updated'), { description: t(SAVED[saved.who_can_message]) }),
        onError: (error) => toast.error(t('Error updating privacy settings'), { description: error.message }),
      },
    );
  }

  return (
    <SettingsPage title={t('Privacy Checkup')} description={t('A quick look at who can see and reach you.')}>
      <SettingsSection id="settings-checkup" title={t('Your privacy at a glance')}>
        <Loaded query={privacy}>
          {(data) => {
            const shown = picked ?? data.who_can_message;
            return (
              <div className="flex flex-col gap-5">
                <p className="flex items-center gap-3 text-slate-700">
                  <Eye aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
                  <span>
                    <Trans
                      i18nKey="Who can see your posts: <strong>Public</strong>"
                      components={{ strong: <strong className="text-slate-900" /> }}
                    />
                  </span>
                </p>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-2 flex items-center gap-3 text-slate-700">
                    <MessageCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
                    <span>
                      <Trans
                        i18nKey="Who can message you: <strong>{{choice}}</strong>"
                        values={{ choice: t(WHO_CAN_MESSAGE_LABELS[shown]) }}
                        components={{ strong: <strong className="text-slate-900" /> }}
                      />
                    </span>
                  </legend>
                  {WHO_CAN_MESSAGE.map((value) => (
                    <label
                      key={value}
                      className="flex cursor-pointer items-start gap-3 rounded-xl px-3 py-3 hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                    >
                      <input
                        type="radio"
                        name="who-can-message"
                        value={value}
                        checked={shown === value}
                        onChange={() => choose(value)}
                        aria-describedby={`who-can-message-${value}`}
                        className="mt-1 h-4 w-4 accent-brand-600"
                      />
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">
                          {t(WHO_CAN_MESSAGE_LABELS[value])}
                        </span>
                        <span id={`who-can-message-${value}`} className="block text-sm text-slate-500">
                          {t(WHO_CAN_MESSAGE_HINTS[value])}
                        </span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              </div>
            );
          }}
        </Loaded>
      </SettingsSection>
    </SettingsPage>
  );
}
