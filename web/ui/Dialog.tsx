import { X } from 'lucide-react';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the dialog's title, which names it (aria-labelledby). */
const TitleId = createContext<string | undefined>(undefined);

/**
 * A native modal `<dialog>`, shown as soon as it mounts: focus moves in and stays in (the page behind
 * is inert), Escape closes it, and so does a click on the backdrop unless `closeOnBackdrop` is false
 * (a form a member is filling in). Mount it to open, unmount it to close; focus then goes back to what
 * had it when the dialog opened. Its DialogHeader's title names it, or `label` when it has none.
 */
export function Dialog({
  onClose,
  label,
  describedBy,
  closeOnBackdrop = true,
  className = 'w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white',
  children,
}: {
  onClose: () => void;
  label?: string;
  describedBy?: string;
  closeOnBackdrop?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [opener] = useState(() => document.activeElement);
  // No close() on cleanup: its 'close' event would land after StrictMode's second mount and close it.
  // Unmounting takes the dialog out of the top layer anyway.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Escape's close() gives focus back by itself; unmounting does not. After the unmount (until then the
  // page is inert), unless something else took focus meanwhile.
  useEffect(
    () => () => {
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected)
          opener.focus({ preventScroll: true });
      }, 0);
    },
    [opener],
  );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes a modal dialog; this is the backdrop.
    <dialog
      ref={ref}
      // React hands a nested dialog's close and clicks to this one too: only its own count.
      onClose={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose();
      }}
      aria-labelledby={label === undefined ? titleId : undefined}
      aria-label={label}
      aria-describedby={describedBy}
      className={`m-auto p-0 shadow-2xl ${className}`}
    >
      <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
    </dialog>
  );
}

/**
 * The top of a dialog: its title (which names the dialog), a line under it, and a Close button when
 * `onClose` is given. `size` 'lg' is for dialogs with a form or more to read.
 */
export function DialogHeader({
  title,
  description,
  descriptionId,
  onClose,
  size = 'md',
  className = '',
}: {
  title: ReactNode;
  description?: ReactNode;
  descriptionId?: string;
  onClose?: () => void;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  const titleId = useContext(TitleId);
  const heading = (
    <h2
      id={titleId}
      className={`break-words font-bold text-slate-900 ${size === 'lg' ? 'text-xl' : 'text-lg'}`}
    >
      {title}
    </h2>
  );
  const text = description ? (
    <div className="min-w-0">
      {heading}
      <p id={descriptionId} className="text-sm text-slate-600">
        {description}
      </p>
    </div>
  ) : (
    heading
  );
  if (!onClose) return text;
  return (
    <div className={`flex items-start justify-between gap-3 ${className}`}>
      {text}
      <button
        type="button"
        onClick={onClose}
        aria-label={t('Close')}
        className="shrink-0 rounded-lg p-1 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
}

/**
 * A dialog that is one form a member fills in: its header (title, description, Close), then the
 * fields and buttons it is given. A click on the backdrop does not close it (what was typed would be
 * lost), and a long form scrolls inside it on a short screen.
 */
export function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  wide = false,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Room for a form of several columns (the recipe editor). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      onClose={onClose}
      closeOnBackdrop={false}
      className={`max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${wide ? 'max-w-2xl' : 'max-w-lg'} overflow-y-auto rounded-2xl bg-white`}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
        <DialogHeader size="lg" title={title} description={description} onClose={onClose} />
        {children}
      </form>
    </Dialog>
  );
}
