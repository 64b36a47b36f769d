import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { isVideoFile } from './files.ts';
import type { PreparedUpload } from './uploadSlot.ts';

// Its own chunk with mediabunny: loaded when a member first picks a video, never with the first screen.
const TrimDialog = lazy(() => import('./TrimDialog.tsx'));

interface Pending {
  file: File;
  /** What had focus when the video was chosen (the picker), given focus back when the dialog closes. */
  opener: HTMLElement | null;
  resolve: (prepared: PreparedUpload) => void;
  reject: (error: Error) => void;
}

/**
 * The `prepare` step of useUpload for pickers that take videos: every chosen video goes through the
 * trim dialog (`element` renders it), which cuts and uploads it; photos pass straight on. Closing the
 * dialog rejects with an AbortError, which leaves the picker as it was.
 */
export function useVideoTrimmer(maxSeconds: number): {
  prepare: (file: File) => Promise<File | PreparedUpload>;
  element: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const prepare = useCallback(
    (file: File) =>
      isVideoFile(file)
        ? new Promise<PreparedUpload>((resolve, reject) =>
            setPending({ file, resolve, reject, opener: document.activeElement as HTMLElement | null }),
          )
        : Promise.resolve(file),
    [],
  );
  const element = pending ? (
    <Suspense fallback={null}>
      <TrimDialog
        key={`${pending.file.name}:${pending.file.size}:${pending.file.lastModified}`}
        file={pending.file}
        maxSeconds={maxSeconds}
        onDone={(prepared) => {
          pending.resolve(prepared);
          setPending(null);
          returnFocus(pending.opener);
        }}
        onCancel={() => {
          pending.reject(new DOMException('The trim dialog was closed.', 'AbortError'));
          setPending(null);
          returnFocus(pending.opener);
        }}
      />
    </Suspense>
  ) : null;
  return { prepare, element };
}

/**
 * The dialog's own focus return cannot do it: the picker is disabled while its upload is prepared, so
 * focus had left it by the time the dialog opened. It is enabled again a render or two after closing.
 */
function returnFocus(opener: HTMLElement | null, frames = 10) {
  if (!opener || opener === document.body) return;
  requestAnimationFrame(() => {
    if (!opener.isConnected) return;
    if ((opener as HTMLInputElement).disabled)
      return frames > 0 ? returnFocus(opener, frames - 1) : undefined;
    opener.focus();
  });
}
