import { msg } from '@web/i18n/msg.ts';
import { Tabs } from '@web/ui/Tabs.tsx';
import { useTranslation } from 'react-i18next';

export const ADMIN_TABS = [
  ['members', msg('Members')],
  ['reports', msg('Reports')],
  ['messages', msg('Messages')],
  ['shows', msg('Shows')],
  ['groups', msg('Groups')],
  ['updates', msg('Updates')],
  ['audit', msg('Audit log')],
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number][0];

export const tabPanelId = (tab: AdminTab) => `admin-panel-${tab}`;

/** The console's sections. */
export function AdminTabs({ current, onChange }: { current: AdminTab; onChange: (tab: AdminTab) => void }) {
  const { t } = useTranslation();
  const tabs = ADMIN_TABS.map(([tab, label]) => [tab, t(label)] as const);
  return (
    <Tabs
      tabs={tabs}
      current={current}
      onChange={onChange}
      label={t('Admin sections')}
      panelId={tabPanelId}
    />
  );
}
