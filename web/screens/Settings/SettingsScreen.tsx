import { msg } from '@web/i18n/msg.ts';
import { useSession } from '@web/queries/session.ts';
import { useAccountSettings } from '@web/queries/settings.ts';
import {
  AppWindow,
  Bell,
  CalendarDays,
  Database,
  Globe,
  Image as ImageIcon,
  KeyRound,
  type LucideIcon,
  ShieldCheck,
  UserRound,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AccountForm } from './components/AccountForm.tsx';
import { SettingsLink } from './components/SettingsLink.tsx';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/** A link's path, icon, title and description; the texts are catalogue keys (msg), translated where shown. */
type LinkRow = [to: string, icon: LucideIcon, title: string, description: string];

const PREFERENCES: LinkRow[] = [
  ['/settings/notifications', Bell, msg('Notifications'), msg('Push and email notifications')],
  ['/settings/language', Globe, msg('Language'), msg('Choose the language of Splikz')],
  ['/settings/media', ImageIcon, msg('Media'), msg('Autoplay, image quality and data saver')],
  ['/settings/calendar', CalendarDays, msg('Calendar'), msg('Your events in your calendar app')],
];

const PRIVACY_AND_SECURITY: LinkRow[] = [
  ['/settings/security', KeyRound, msg('Password and security'), msg('Change your password')],
  ['/settings/apps', AppWindow, msg('Apps'), msg("Apps you've authorized to use your account")],
  ['/settings/privacy', Users, msg('Privacy'), msg('Who can see your followers list')],
  ['/settings/privacy-checkup', ShieldCheck, msg('Privacy Checkup'), msg('Review who can see and reach you')],
  ['/settings/privacy-center', Database, msg('Privacy Center'), msg('Review, download or delete your data')],
  [
    '/settings/profile-details',
    UserRound,
    msg('Profile Details'),
    msg('Your bio and how your profile reads'),
  ],
];

function LinkList({ rows }: { rows: LinkRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="-mx-3 flex flex-col">
      {rows.map(([to, icon, title, description]) => (
        <SettingsLink key={to} to={to} icon={icon} title={t(title)} description={t(description)} />
      ))}
    </ul>
  );
}

/** /settings: 'Settings & Privacy'. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const username = useSession().data?.profile.username ?? '';
  const account = useAccountSettings();
  return (
    <SettingsPage
      title={t('Settings & Privacy')}
      back={{ to: `/profile/${encodeURIComponent(username)}`, label: t('Back to your profile') }}
    >
      <SettingsSection id="settings-account" title={t('Account Settings')}>
        <Loaded query={account}>{(data) => <AccountForm account={data} />}</Loaded>
      </SettingsSection>
      <SettingsSection id="settings-preferences" title={t('Preferences')}>
        <LinkList rows={PREFERENCES} />
      </SettingsSection>
      <SettingsSection id="settings-privacy" title={t('Privacy & Security')}>
        <LinkList rows={PRIVACY_AND_SECURITY} />
      </SettingsSection>
    </SettingsPage>
  );
}
