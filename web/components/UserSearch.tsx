import { SEARCH_BLUR_CLOSE_MS, SEARCH_DEBOUNCE_MS } from '@common/limits.ts';
import type { ProfileSummary } from '@common/schemas/profiles.ts';
import { useProfileSearch } from '@web/queries/profiles.ts';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MemberOption } from './MemberOption.tsx';
import { useDebounced } from './useDebounced.ts';

/** Header search: 300 ms after the last keystroke, by username or full name, at most 8 results. */
export function UserSearch({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useProfileSearch(query);
  const trimmed = text.trim();
  const results: ProfileSummary[] = trimmed && query ? (search.data?.profiles ?? []) : [];
  const searching = trimmed.length > 0 && (trimmed !== query || search.isFetching);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function choose(profile: ProfileSummary) {
    setText('');
    setOpen(false);
    onNavigate?.();
    navigate(`/profile/${profile.username}`);
  }

  /** 'Search posts for "…"' (issue 51): the search page, on its Posts tab. */
  function searchPosts() {
    setText('');
    setOpen(false);
    onNavigate?.();
    navigate(`/search?${new URLSearchParams({ q: trimmed, tab: 'posts' })}`);
  }

  // The members found, then 'Search posts for "…"' last (index results.length).
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, results.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && trimmed) {
      event.preventDefault();
      const chosen = active === -1 ? results[0] : results[active];
      if (chosen) choose(chosen);
      else searchPosts();
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const showPanel = open && trimmed.length > 0;
  return (
    <div className="relative w-full max-w-md">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        role="combobox"
        aria-label={t('Search users')}
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t('Search by username or name...')}
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), SEARCH_BLUR_CLOSE_MS);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-full border border-slate-200 bg-slate-100 py-2 pl-9 pr-3 text-sm focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      {showPanel ? (
        <div className="absolute left-0 right-0 top-full z-50 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
          {searching && results.length === 0 ? (
            <p role="status" className="px-4 py-3 text-sm text-slate-500">
              {t('Searching...')}
            </p>
          ) : null}
          {!searching && results.length === 0 ? (
            <div className="px-4 py-3 text-sm">
              <p className="font-medium text-slate-700">{t('No users found')}</p>
              <p className="text-slate-500">{t('Try searching by username or name')}</p>
            </div>
          ) : null}
          {search.isError && !searching ? (
            <p className="px-4 py-2 text-sm text-red-600">{(search.error as Error).message}</p>
          ) : null}
          <div id={listId} role="listbox" aria-label={t('Users')}>
            {results.map((profile, index) => (
              <MemberOption
                key={profile.id}
                id={`${listId}-${index}`}
                profile={profile}
                active={index === active}
                onPick={choose}
              />
            ))}
            <div
              id={`${listId}-${results.length}`}
              role="option"
              aria-selected={active === results.length}
              className={`flex cursor-pointer items-center gap-3 border-t border-slate-100 px-4 py-3 text-sm font-medium text-brand-700 ${active === results.length ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={searchPosts}
              onKeyDown={(e) => e.key === 'Enter' && searchPosts()}
              tabIndex={-1}
            >
              <Search aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {t('Search posts for "{{q}}"', { q: trimmed })}
              </span>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
