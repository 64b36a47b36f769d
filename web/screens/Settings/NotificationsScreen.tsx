import { msg } from '@web/i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { PreferenceSwitches, type SwitchSpec } from './components/PreferenceSwitches.tsx';
import { PushOnThisDevice } from './components/PushOnThisDevice.tsx';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

const PUSH: SwitchSpec[] = [
  ['push_new_posts', msg('New posts'), msg('When people you follow share something')],
  ['push_comments', msg('Comments'), msg('When someone comments on your posts')],
  ['push_likes', msg('Likes'), msg('When someone likes your posts')],
  ['push_mentions', msg('Mentions'), msg('When someone mentions you in a post or comment')],
  ['push_messages', msg('Messages'), msg('When someone sends you a message')],
  ['push_events', msg('Events'), msg('Reminders and changes for events you are going to')],
  ['push_prayer', msg('Prayer'), msg('Your daily prayer reminder and updates on requests you pray for')],
];

const EMAIL: SwitchSpec[] = [
  ['email_new_posts', msg('New posts'), msg('A digest of posts from people you follow')],
  ['email_updates', msg('Updates'), msg('News about Splikz and its features')],
  ['email_events', msg('Events'), msg("Reminders, changes and hosts' messages for events you are going to")],
  ['email_prayer', msg('Prayer'), msg('Your daily prayer reminder')],
  ['email_mentions', msg('Mentions'), msg('When someone mentions you in a post or comment')],
];

/** /settings/notifications: push and email notification switches, saved per member. */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  return (
    <SettingsPage title={t('Notifications')} description={t('Choose what Splikz tells you about.')}>
      <SettingsSection id="settings-push" title={t('Push Notifications')}>
        <PushOnThisDevice />
        <PreferenceSwitches switches={PUSH} groupLabelId="settings-push" />
      </SettingsSection>
      <SettingsSection id="settings-email" title={t('Email Notifications')}>
        <PreferenceSwitches switches={EMAIL} groupLabelId="settings-email" />
      </SettingsSection>
    </SettingsPage>
  );
}
