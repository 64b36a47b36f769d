import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { UploadSlot, type UploadState, type UploadSteps } from './uploadSlot.ts';

export type { UploadState, UploadSteps } from './uploadSlot.ts';

export type Upload = UploadState & Pick<UploadSlot, 'choose' | 'upload' | 'forgetIfInvalid' | 'clear'>;

/**
 * One media picker's file and upload: choose(file) runs `check` (and `prepare`), keeps the file with
 * a preview URL, upload() sends it once with progress and keeps the answer for retries,
 * forgetIfInvalid(error) drops an answer the server no longer takes, clear() cancels and forgets.
 * Leaving the screen cancels the upload on its way and revokes the preview.
 */
export function useUpload(steps: UploadSteps = {}): Upload {
  // The latest steps, read when a file is chosen: callers may pass inline functions.
  const latest = useRef(steps);
  useEffect(() => {
    latest.current = steps;
  });
  const [slot] = useState(() => new UploadSlot(() => latest.current));
  useEffect(() => () => slot.clear(), [slot]);
  const state = useSyncExternalStore(slot.subscribe, slot.getState);
  return {
    ...state,
    choose: slot.choose,
    upload: slot.upload,
    forgetIfInvalid: slot.forgetIfInvalid,
    clear: slot.clear,
  };
}
