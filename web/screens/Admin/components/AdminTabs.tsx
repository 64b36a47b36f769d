import { Tabs } from '@web/components/Tabs.tsx';

export const ADMIN_TABS = [
  ['members', 'Members'],
  ['reports', 'Reports'],
  ['messages', 'Messages'],
  ['shows', 'Shows'],
  ['audit', 'Audit log'],
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number][0];

export const tabPanelId = (tab: AdminTab) => `admin-panel-${tab}`;

/** The console's sections. */
export function AdminTabs({ current, onChange }: { current: AdminTab; onChange: (tab: AdminTab) => void }) {
  return (
    <Tabs
      tabs={ADMIN_TABS}
      current={current}
      onChange={onChange}
      label="Admin sections"
      panelId={tabPanelId}
    />
  );
}
