import { type KeyboardEvent, useRef } from 'react';

export const ADMIN_TABS = [
  ['members', 'Members'],
  ['messages', 'Messages'],
  ['shows', 'Shows'],
  ['audit', 'Audit log'],
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number][0];

export const tabPanelId = (tab: AdminTab) => `admin-panel-${tab}`;

const KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => (i === last ? 0 : i + 1),
  ArrowLeft: (i, last) => (i === 0 ? last : i - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/** The console's sections; arrow keys, Home and End move between them (WAI-ARIA tabs pattern). */
export function AdminTabs({ current, onChange }: { current: AdminTab; onChange: (tab: AdminTab) => void }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent) {
    const move = KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(
      ADMIN_TABS.findIndex(([tab]) => tab === current),
      ADMIN_TABS.length - 1,
    );
    onChange(ADMIN_TABS[next]![0]);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Admin sections"
      onKeyDown={onKeyDown}
      className="grid grid-cols-4 gap-1 rounded-2xl border border-slate-200 bg-white p-1 shadow-sm"
    >
      {ADMIN_TABS.map(([tab, label], i) => {
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
            className={`rounded-xl px-1 py-2 text-sm font-semibold sm:text-base ${
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
