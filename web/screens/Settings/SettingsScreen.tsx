import { useSession } from '@web/queries/session.ts';
import { useAccountSettings } from '@web/queries/settings.ts';
import {
  Bell,
  Database,
  Globe,
  Image as ImageIcon,
  type LucideIcon,
  ShieldCheck,
  UserRound,
  Users,
} from 'lucide-react';
import { AccountForm } from './components/AccountForm.tsx';
import { SettingsLink } from './components/SettingsLink.tsx';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

type LinkRow = [to: string, icon: LucideIcon, title: string, description: string];

const PREFERENCES: LinkRow[] = [
  ['/settings/notifications', Bell, 'Notifications', 'Push and email notifications'],
  ['/settings/language', Globe, 'Language', 'Choose the language of Splikz'],
  ['/settings/media', ImageIcon, 'Media', 'Autoplay, image quality and data saver'],
];

const PRIVACY_AND_SECURITY: LinkRow[] = [
  ['/settings/privacy', Users, 'Privacy', 'Who can see your followers list'],
  ['/settings/privacy-checkup', ShieldCheck, 'Privacy Checkup', 'Review who can see and reach you'],
  ['/settings/privacy-center', Database, 'Privacy Center', 'Review, download or delete your data'],
  ['/settings/profile-details', UserRound, 'Profile Details', 'Your bio and how your profile reads'],
];

function LinkList({ rows }: { rows: LinkRow[] }) {
  return (
    <ul className="-mx-3 flex flex-col">
      {rows.map(([to, icon, title, description]) => (
        <SettingsLink key={to} to={to} icon={icon} title={title} description={description} />
      ))}
    </ul>
  );
}

/** /settings: 'Settings & Privacy'. */
export default function SettingsScreen() {
  const username = useSession().data?.profile.username ?? '';
  const account = useAccountSettings();
  return (
    <SettingsPage
      title="Settings & Privacy"
      back={{ to: `/profile/${encodeURIComponent(username)}`, label: 'Back to your profile' }}
    >
      <SettingsSection id="settings-account" title="Account Settings">
        <Loaded query={account}>{(data) => <AccountForm account={data} />}</Loaded>
      </SettingsSection>
      <SettingsSection id="settings-preferences" title="Preferences">
        <LinkList rows={PREFERENCES} />
      </SettingsSection>
      <SettingsSection id="settings-privacy" title="Privacy & Security">
        <LinkList rows={PRIVACY_AND_SECURITY} />
      </SettingsSection>
    </SettingsPage>
  );
}
