import type { Group } from '@common/schemas/groups.ts';
import { ApiError } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useGroup } from '@web/queries/groups.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Tabs } from '@web/ui/Tabs.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { GroupAboutTab } from './components/GroupAboutTab.tsx';
import { GroupHeader } from './components/GroupHeader.tsx';
import { GroupMembersTab } from './components/GroupMembersTab.tsx';
import { GroupPostsTab, GroupPrayerTab } from './components/GroupPostsTab.tsx';
import { type GroupTab, groupTabsFor } from './components/groupRules.ts';
import { GROUP_KEYS } from './components/groupTexts.ts';

const panelId = (tab: GroupTab) => `group-panel-${tab}`;

/** /groups/{slug}: cover, name, the viewer's button, then the Posts, Prayer, Members and About tabs. */
export default function GroupScreen() {
  const { slug } = useParams();
  if (!slug) return <Navigate to="/groups" replace />;
  // Another group's page starts fresh: its first tab, no form open.
  return <GroupLoader key={slug} slug={slug} />;
}

function GroupLoader({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const group = useGroup(slug);
  useDocumentTitle(group.data?.name ?? t('Groups'));

  if (group.isPending) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-10">
        <Spinner label={t('Loading group...')} />
      </main>
    );
  }
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <main className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">
          {missing ? t(GROUP_KEYS.notFound) : t('Could not load this group')}
        </h1>
        {missing ? null : (
          <p role="alert" className="text-slate-600">
            {group.error.message}
          </p>
        )}
        <div className="flex gap-2">
          {missing ? null : (
            <button type="button" onClick={() => group.refetch()} className={secondaryButtonClass}>
              {t('Try again')}
            </button>
          )}
          <Link to="/groups" className={buttonClass}>
            {t('Back to Groups')}
          </Link>
        </div>
      </main>
    );
  }
  return <GroupPage group={group.data} />;
}

function GroupPage({ group }: { group: Group }) {
  const { t } = useTranslation();
  const tabs = groupTabsFor(group);
  const [chosen, setChosen] = useState<GroupTab>(tabs[0]!);
  // Leaving (or being let in) changes the tabs there are: one no longer there falls back to the first.
  const tab = tabs.includes(chosen) ? chosen : tabs[0]!;
  const labels: Record<GroupTab, string> = {
    posts: t('Posts'),
    prayer: t('Prayer'),
    members: t('Members'),
    about: t('About'),
  };

  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 pb-8 sm:px-4 sm:pt-4">
      <GroupHeader group={group} />
      <div className="flex flex-col gap-4 px-4 sm:px-0">
        <Tabs
          tabs={tabs.map((name) => [name, labels[name]] as const)}
          current={tab}
          onChange={setChosen}
          label={t('Group sections')}
          panelId={panelId}
          scroll
        />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={`${panelId(tab)}-tab`}>
          {tab === 'posts' ? (
            <GroupPostsTab group={group} />
          ) : tab === 'prayer' ? (
            <GroupPrayerTab group={group} />
          ) : tab === 'members' ? (
            <GroupMembersTab group={group} />
          ) : (
            <GroupAboutTab group={group} />
          )}
        </div>
      </div>
    </main>
  );
}
