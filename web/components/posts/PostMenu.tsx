import { Check, type LucideIcon, MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const itemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100';

export interface PostMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** Destructive or safety actions (Delete, Report) show in red. */
  danger?: boolean;
  /** A setting that is on or off ('Tell me when someone prays'): a toggle button, pressed when on. */
  pressed?: boolean;
}

/**
 * The '...' menu on a post: Edit and Delete for its author, Report for everyone else. A disclosure:
 * Escape or a click outside closes it.
 */
export function PostMenu({ items, onOpen }: { items: PostMenuItem[]; onOpen?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('[data-menu-item]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function choose(action: () => void) {
    setOpen(false);
    // The chosen item disappears with the menu: focus goes back to the toggle, where a dialog the
    // action opens returns it when it closes.
    toggle.current?.focus();
    action();
  }

  if (items.length === 0) return null;
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-label={t('Post options')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
        className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
      >
        <MoreHorizontal aria-hidden="true" className="h-5 w-5" />
      </button>
      {open ? (
        <div
          id={id}
          className="absolute right-0 z-10 mt-1 w-max min-w-40 max-w-64 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map(({ label, icon: Icon, onSelect, danger, pressed }) => (
            <button
              key={label}
              type="button"
              data-menu-item
              aria-pressed={pressed}
              className={`${itemClass} ${danger ? 'text-red-600' : 'text-slate-700'}`}
              onClick={() => choose(onSelect)}
            >
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="flex-1">{label}</span>
              {pressed ? <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600" /> : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
