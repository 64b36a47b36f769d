import { ApiError } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useAdminAccess } from '@web/queries/admin.ts';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_TABS, type AdminTab, AdminTabs, tabPanelId } from './components/AdminTabs.tsx';
import { AuditPanel } from './components/AuditPanel.tsx';
import { GroupsPanel } from './components/GroupsPanel.tsx';
import { MembersPanel } from './components/MembersPanel.tsx';
import { MessagesPanel } from './components/MessagesPanel.tsx';
import { ReportsPanel } from './components/ReportsPanel.tsx';
import { ShowsPanel } from './components/ShowsPanel.tsx';
import { UpdatesPanel } from './components/UpdatesPanel.tsx';

const panels: Record<AdminTab, ComponentType> = {
  members: MembersPanel,
  reports: ReportsPanel,
  messages: MessagesPanel,
  shows: ShowsPanel,
  groups: GroupsPanel,
  updates: UpdatesPanel,
  audit: AuditPanel,
};

/**
 * /admin (spec section 6): checks access, then members, the moderation queue (issue 14), Contact Us
 * messages, comedy shows and the audit log.
 */
export default function AdminScreen() {
  const { t } = useTranslation();
  const access = useAdminAccess();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AdminTab>('members');

  useEffect(() => {
    if (!access.isError) return;
    const error = access.error;
    if (error instanceof ApiError && error.status === 401) {
      navigate('/auth', { replace: true });
    } else if (error instanceof ApiError && error.code === 'two_factor_required') {
      // REQUIRE_ADMIN_2FA (issue 52): the admin turns it on first, then comes back.
      toast.error(error.message);
      navigate('/settings/security', { replace: true });
    } else if (error instanceof ApiError && error.status === 403) {
      toast.error(t('Access Denied'), { description: t("You don't have admin privileges") });
      navigate('/', { replace: true });
    } else {
      toast.error(t('Error'), { description: error.message });
      navigate('/', { replace: true });
    }
  }, [access.isError, access.error, navigate, t]);

  if (!access.isSuccess) {
    return (
      <main className="mx-auto max-w-5xl px-4 py-10">
        <Spinner label={t('Checking access...')} />
      </main>
    );
  }
  const Panel = panels[tab];
  const label = ADMIN_TABS.find(([id]) => id === tab)?.[1];
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-4 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('Admin Dashboard')}</h1>
      <AdminTabs current={tab} onChange={setTab} />
      <section
        role="tabpanel"
        id={tabPanelId(tab)}
        aria-labelledby={`${tabPanelId(tab)}-tab`}
        aria-label={label ? t(label) : undefined}
        className="flex flex-col gap-3"
      >
        <Panel />
      </section>
    </main>
  );
}
