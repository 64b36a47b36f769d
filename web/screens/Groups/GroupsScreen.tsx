import { SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import { GROUP_CATEGORIES, type Group, type GroupCategory } from '@common/schemas/groups.ts';
import { useDebounced } from '@web/components/useDebounced.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useGroupList } from '@web/queries/groups.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GroupCard, GroupCardSkeletons } from './components/GroupCard.tsx';
import { CATEGORY_LABELS } from './components/groupTexts.ts';

/**
 * /groups (issue 25): 'Your groups', most recently active first, then 'Discover groups' with a search
 * (asked 300 ms after the last keystroke, as the header's user search) and a category filter.
 */
export default function GroupsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Groups'));
  const [text, setText] = useState('');
  const [category, setCategory] = useState<GroupCategory | ''>('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useGroupList(q, category || null);
  const filtered = q !== '' || category !== '';

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-brand-600 to-emerald-600 p-6 text-white shadow-sm sm:flex-row sm:items-end sm:justify-between sm:p-8">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold leading-tight sm:text-3xl">
            <Users aria-hidden="true" className="h-7 w-7" />
            {t('Groups')}
          </h1>
          <p className="mt-2 text-brand-50">{t('Gather around faith, food, comedy and your community.')}</p>
        </div>
        <Link
          to="/groups/new"
          className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('Create a Group')}
        </Link>
      </header>

      {list.isError && !list.data ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        >
          <p className="text-slate-700">{list.error.message}</p>
          <button type="button" onClick={() => list.refetch()} className={secondaryButtonClass}>
            {t('Try again')}
          </button>
        </div>
      ) : null}

      <section aria-labelledby="groups-mine" className="flex flex-col gap-4">
        <h2 id="groups-mine" className="text-lg font-semibold text-slate-900">
          {t('Your groups')}
        </h2>
        <GroupGrid
          groups={list.data?.mine}
          loading={list.isPending}
          label={t('Your groups')}
          empty={t('No groups yet')}
        />
      </section>

      <section aria-labelledby="groups-discover" className="flex flex-col gap-4">
        <h2 id="groups-discover" className="text-lg font-semibold text-slate-900">
          {t('Discover groups')}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="relative min-w-0 flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            />
            <input
              type="search"
              aria-label={t('Search groups')}
              placeholder={t('Search groups...')}
              value={text}
              maxLength={100}
              onChange={(event) => setText(event.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
            />
          </div>
          <div className="sm:w-56">
            <SelectField
              label={t('Category')}
              value={category}
              onChange={setCategory}
              placeholder={t('All')}
              options={GROUP_CATEGORIES.map((option) => [option, t(CATEGORY_LABELS[option])] as const)}
            />
          </div>
        </div>
        <GroupGrid
          groups={list.data?.discover}
          loading={list.isPending}
          label={t('Discover groups')}
          empty={filtered ? t('No groups found') : t('No groups yet')}
        />
      </section>
    </main>
  );
}

function GroupGrid({
  groups,
  loading,
  label,
  empty,
}: {
  groups: Group[] | undefined;
  loading: boolean;
  label: string;
  empty: string;
}) {
  const { t } = useTranslation();
  if (loading) return <GroupCardSkeletons label={t('Loading groups...')} />;
  if (!groups) return null;
  if (groups.length === 0) return <EmptyState icon={Users} title={empty} />;
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => (
        <li key={group.id} className="flex">
          <GroupCard group={group} />
        </li>
      ))}
    </ul>
  );
}
