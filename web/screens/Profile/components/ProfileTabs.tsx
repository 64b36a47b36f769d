import { msg } from '@web/i18n/msg.ts';
import { Tabs } from '@web/ui/Tabs.tsx';
import { useTranslation } from 'react-i18next';

export const PROFILE_TABS = [
  ['posts', msg('Posts')],
  ['photos', msg('Photos')],
  ['videos', msg('Videos')],
  ['about', msg('About')],
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number][0];

export const tabPanelId = (tab: ProfileTab) => `profile-panel-${tab}`;

/** The profile's four tabs. */
export function ProfileTabs({
  current,
  onChange,
}: {
  current: ProfileTab;
  onChange: (tab: ProfileTab) => void;
}) {
  const { t } = useTranslation();
  const tabs = PROFILE_TABS.map(([tab, label]) => [tab, t(label)] as const);
  return (
    <Tabs
      tabs={tabs}
      current={current}
      onChange={onChange}
      label={t('Profile sections')}
      panelId={tabPanelId}
    />
  );
}
