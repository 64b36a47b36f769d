import { Tabs } from '@web/components/Tabs.tsx';

export const PROFILE_TABS = [
  ['posts', 'Posts'],
  ['photos', 'Photos'],
  ['videos', 'Videos'],
  ['about', 'About'],
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
  return (
    <Tabs
      tabs={PROFILE_TABS}
      current={current}
      onChange={onChange}
      label="Profile sections"
      panelId={tabPanelId}
    />
  );
}
