import { SEARCH_QUERY_MAX_LENGTH } from '@common/limits.ts';
import { SEARCH_TABS, type SearchTab } from '@common/schemas/search.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { FeedList } from '@web/components/posts/Feed.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { msg } from '@web/i18n/msg.ts';
import { useProfileSearch } from '@web/queries/profiles.ts';
import { useSearchPosts, useSearchTags } from '@web/queries/search.ts';
import { EmptyState } from '@web/ui/EmptyState.tsx';
import { buttonClass, inputClass } from '@web/ui/styles.ts';
import { Tabs } from '@web/ui/Tabs.tsx';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

const TAB_LABELS: Record<SearchTab, string> = {
  people: msg('People'),
  posts: msg('Posts'),
  tags: msg('Tags'),
};

const panelId = (tab: SearchTab) => `search-${tab}`;

/**
 * /search?q=…&tab=…: the header's 'Search posts for "…"' lands here (issue 51). Its box searches again;
 * People are members by username or name, Posts the posts with every word the member may see, newest
 * first, Tags the tags that start with it.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const rawTab = params.get('tab');
  const tab: SearchTab = SEARCH_TABS.includes(rawTab as SearchTab) ? (rawTab as SearchTab) : 'posts';
  useDocumentTitle(q ? t('Search: {{q}}', { q }) : t('Search'));
  const [text, setText] = useState(q);
  const inputId = useId();
  // A search from the header while here starts over in the box too.
  useEffect(() => setText(q), [q]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next, tab } : {});
  }

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('Search')}</h1>
      <form aria-label={t('Search')} onSubmit={onSubmit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('Search')}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t('Search people, posts and tags')}
          className={inputClass}
        />
        <button type="submit" className={buttonClass} disabled={!text.trim()}>
          {t('Search')}
        </button>
      </form>
      {q ? (
        <>
          <Tabs
            tabs={SEARCH_TABS.map((name) => [name, t(TAB_LABELS[name])] as const)}
            current={tab}
            onChange={(next) => setParams({ q, tab: next }, { replace: true })}
            label={t('Search results')}
            panelId={panelId}
          />
          <section id={panelId(tab)} role="tabpanel" aria-labelledby={`${panelId(tab)}-tab`}>
            {tab === 'people' ? <PeopleResults q={q} /> : null}
            {tab === 'posts' ? <PostResults q={q} /> : null}
            {tab === 'tags' ? <TagResults q={q} /> : null}
          </section>
        </>
      ) : (
        <EmptyState
          title={t('Search Splikz')}
          description={t('Find people by name, posts by their words and tags by their start.')}
        />
      )}
    </main>
  );
}

function PostResults({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <FeedList
      feed={useSearchPosts(q)}
      emptyText={t('No posts found for "{{q}}".', { q })}
      label={t('Posts matching "{{q}}"', { q })}
    />
  );
}

/** A tab's answer on its way ('Searching...'), or why it did not come. */
function Waiting({ error }: { error: Error | null }) {
  const { t } = useTranslation();
  if (!error) return <Spinner label={t('Searching...')} />;
  return (
    <p role="alert" className="text-red-600">
      {error.message}
    </p>
  );
}

function PeopleResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const search = useProfileSearch(q.toLowerCase());
  if (!search.data) return <Waiting error={search.error} />;
  const people = search.data.profiles;
  if (people.length === 0) {
    return <EmptyState title={t('No users found')} description={t('Try searching by username or name')} />;
  }
  return (
    <ul aria-label={t('People matching "{{q}}"', { q })} className="flex flex-col gap-2">
      {people.map((profile) => (
        <li key={profile.id}>
          <Link
            to={`/profile/${encodeURIComponent(profile.username)}`}
            className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm hover:bg-slate-50"
          >
            <Avatar url={profile.avatar_url} name={profile.full_name} size="md" />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-slate-900">{profile.full_name}</span>
              <span className="block truncate text-sm text-slate-500">@{profile.username}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function TagResults({ q }: { q: string }) {
  const { t } = useTranslation();
  const search = useSearchTags(q);
  if (!search.data) return <Waiting error={search.error} />;
  const tags = search.data.tags;
  if (tags.length === 0) {
    return <EmptyState title={t('No tags found')} description={t('Tags start with # in a post.')} />;
  }
  return (
    <ul aria-label={t('Tags matching "{{q}}"', { q })} className="flex flex-col gap-2">
      {tags.map((tag) => (
        <li key={tag.name}>
          <Link
            to={`/tags/${encodeURIComponent(tag.name)}`}
            className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm hover:bg-slate-50"
          >
            <span className="min-w-0 break-all font-semibold text-brand-700">#{tag.name}</span>
            <span className="shrink-0 text-sm text-slate-500">
              {t('{{count}} posts', { count: tag.posts })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
