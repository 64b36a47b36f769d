import { type KeyboardEvent, useRef } from 'react';

export const PROFILE_TABS = [
  ['posts', 'Posts'],
  ['photos', 'Photos'],
  ['videos', 'Videos'],
  ['about', 'About'],
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number][0];

export const tabPanelId = (tab: ProfileTab) => `profile-panel-${tab}`;

/** The four tabs, with the arrow keys, Home and End moving between them (WAI-ARIA tabs pattern). */
export function ProfileTabs({
  current,
  onChange,
}: {
  current: ProfileTab;
  onChange: (tab: ProfileTab) => void;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent) {
    const index = PROFILE_TABS.findIndex(([tab]) => tab === current);
    const last = PROFILE_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(PROFILE_TABS[next]![0]);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Profile sections"
      onKeyDown={onKeyDown}
      className="grid grid-cols-4 rounded-2xl border border-slate-200 bg-white p-1 shadow-sm"
    >
      {PROFILE_TABS.map(([tab, label], i) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${tabPanelId(tab)}-tab`}
            aria-selected={selected}
            aria-controls={selected ? tabPanelId(tab) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={`rounded-xl px-2 py-2 text-sm font-semibold sm:text-base ${
              selected ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'
            }`}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
