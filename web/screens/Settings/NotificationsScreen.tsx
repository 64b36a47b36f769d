import { PreferenceSwitches, type SwitchSpec } from './components/PreferenceSwitches.tsx';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

const PUSH: SwitchSpec[] = [
  ['push_new_posts', 'New posts', 'When people you follow share something'],
  ['push_comments', 'Comments', 'When someone comments on your posts'],
  ['push_likes', 'Likes', 'When someone likes your posts'],
  ['push_messages', 'Messages', 'When someone sends you a message'],
];

const EMAIL: SwitchSpec[] = [
  ['email_new_posts', 'New posts', 'A digest of posts from people you follow'],
  ['email_updates', 'Updates', 'News about Splikz and its features'],
];

/** /settings/notifications: push and email notification switches, saved per member. */
export default function NotificationsScreen() {
  return (
    <SettingsPage title="Notifications" description="Choose what Splikz tells you about.">
      <SettingsSection id="settings-push" title="Push Notifications">
        <PreferenceSwitches switches={PUSH} groupLabelId="settings-push" />
      </SettingsSection>
      <SettingsSection id="settings-email" title="Email Notifications">
        <PreferenceSwitches switches={EMAIL} groupLabelId="settings-email" />
      </SettingsSection>
    </SettingsPage>
  );
}
