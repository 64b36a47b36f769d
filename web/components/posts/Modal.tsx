import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A native modal `<dialog>`, shown as soon as it mounts: focus moves in, Escape closes it, and a click
 * on the backdrop closes it too. Mount it to open, unmount it to close.
 */
export function Modal({
  onClose,
  labelledBy,
  label,
  className = 'w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white',
  children,
}: {
  onClose: () => void;
  labelledBy?: string;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // No close() on cleanup: its 'close' event would land after StrictMode's second mount and close it.
  // Unmounting takes the dialog out of the top layer anyway.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape already closes a modal dialog; this is the backdrop.
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      aria-labelledby={labelledBy}
      aria-label={label}
      className={`m-auto p-0 shadow-2xl ${className}`}
    >
      {children}
    </dialog>
  );
}
