import { usePrivacySettings, useUpdatePrivacy } from '@web/queries/settings.ts';
import { Switch } from '@web/ui/Switch.tsx';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BlockedAccounts, MutedAccounts } from './components/BlockedAndMuted.tsx';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/**
 * /settings/privacy: 'Show Followers List', applied at once and reverted if saving fails; then the
 * Blocked and Muted accounts, each undone from here.
 */
export default function PrivacyScreen() {
  const { t } = useTranslation();
  const privacy = usePrivacySettings();
  const update = useUpdatePrivacy();

  function onChange(followersVisible: boolean) {
    update.mutate(
      { followers_visible: followersVisible },
      {
        onSuccess: (saved) =>
          toast.success(t('Privacy settings updated'), {
            description: saved.followers_visible
              ? t('Followers list is now public')
              : t('Followers list is now private'),
          }),
        onError: (error) => toast.error(t('Error updating privacy settings'), { description: error.message }),
      },
    );
  }

  return (
    <SettingsPage title={t('Privacy')} description={t('Choose what others can see on your profile.')}>
      <SettingsSection id="settings-followers" title={t('Followers')}>
        <Loaded query={privacy}>
          {(data) => (
            <Switch
              label={t('Show Followers List')}
              description={t('When off, only you can see who follows you and whom you follow.')}
              checked={data.followers_visible}
              onChange={onChange}
            />
          )}
        </Loaded>
      </SettingsSection>
      <BlockedAccounts />
      <MutedAccounts />
    </SettingsPage>
  );
}
