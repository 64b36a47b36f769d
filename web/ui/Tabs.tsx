import { type KeyboardEvent, useRef } from 'react';

const KEYS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (i, last) => (i === last ? 0 : i + 1),
  ArrowLeft: (i, last) => (i === 0 ? last : i - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A row of tabs (WAI-ARIA tabs pattern): only the chosen one is in the tab order, the arrow keys, Home
 * and End move between them. Each tab controls the element with id `panelId(tab)`, labelled by the tab.
 */
export function Tabs<T extends string>({
  tabs,
  current,
  onChange,
  label,
  panelId,
  scroll = false,
}: {
  tabs: ReadonlyArray<readonly [tab: T, label: string]>;
  current: T;
  onChange: (tab: T) => void;
  label: string;
  panelId: (tab: T) => string;
  /** One row that scrolls sideways on a narrow screen, rather than wrapping onto more rows. */
  scroll?: boolean;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent) {
    const move = KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(
      tabs.findIndex(([tab]) => tab === current),
      tabs.length - 1,
    );
    onChange(tabs[next]![0]);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`${
        scroll ? 'flex overflow-x-auto' : 'grid grid-cols-[repeat(auto-fit,minmax(5rem,1fr))]'
      } gap-1 rounded-2xl border border-slate-200 bg-white p-1 shadow-sm`}
    >
      {tabs.map(([tab, text], i) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${panelId(tab)}-tab`}
            aria-selected={selected}
            aria-controls={selected ? panelId(tab) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={`rounded-xl py-2 text-sm font-semibold sm:text-base ${
              scroll ? 'min-w-[5rem] flex-1 shrink-0 whitespace-nowrap px-3' : 'px-1'
            } ${selected ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}
