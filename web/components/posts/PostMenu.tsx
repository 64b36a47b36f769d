import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const itemClass =
  'flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100';

/** The author's menu on their own post: Edit and Delete. A disclosure: Escape or a click outside closes it. */
export function PostMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
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
    action();
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-label="Post options"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="rounded-full p-2 text-slate-500 hover:bg-slate-100"
      >
        <MoreHorizontal aria-hidden="true" className="h-5 w-5" />
      </button>
      {open ? (
        <div
          id={id}
          className="absolute right-0 z-10 mt-1 w-36 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button
            type="button"
            data-menu-item
            className={`${itemClass} text-slate-700`}
            onClick={() => choose(onEdit)}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </button>
          <button
            type="button"
            data-menu-item
            className={`${itemClass} text-red-600`}
            onClick={() => choose(onDelete)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}
