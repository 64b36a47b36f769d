import { MEDIA_MESSAGES, type MediaUpload } from '@common/schemas/media.ts';
import { ApiError } from '@web/api/client.ts';
import { uploadMedia } from '@web/api/upload.ts';
import { fileKind, type MediaKind } from './files.ts';

/** What one picker holds: the chosen file, its preview and its upload. Replaced, never mutated. */
export interface UploadState {
  /** The chosen file that passed the check (after `prepare`), or null. */
  file: File | null;
  /** An object URL of `file` for <img>/<video>, revoked when the file is replaced or forgotten. */
  previewUrl: string | null;
  /** The upload's media_type once uploaded, before that the file's own type. */
  kind: MediaKind | null;
  /** The check (and `prepare`) of a newly chosen file are running. */
  checking: boolean;
  /** An upload of `file` is on its way. */
  uploading: boolean;
  /** Whole percent of the current file's bytes sent; null before its first upload starts. */
  progress: number | null;
  /** The server's answer for `file`: a retry of the post or save uses it instead of uploading again. */
  uploaded: MediaUpload | null;
}

/** A file `prepare` has uploaded already (the trim dialog uploads its clip): kept as the answer. */
export interface PreparedUpload {
  file: File;
  uploaded: MediaUpload;
}

export interface UploadSteps {
  /** The sentence refusing a chosen file (kind, size, duration...), or null to take it. */
  check?: (file: File) => string | null | Promise<string | null>;
  /**
   * Turns the checked file into the one to upload (a trimmed clip, say), which is previewed too, or
   * into one already uploaded.
   */
  prepare?: (file: File) => Promise<File | PreparedUpload>;
  /** Start uploading as soon as a file is taken, rather than at the first `upload()`. */
  uploadOnChoose?: boolean;
}

export type SendMedia = (
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<MediaUpload>;

interface Attempt {
  file: File;
  controller: AbortController;
  promise: Promise<MediaUpload>;
  /** Someone awaits it (`upload()` handed it out), so a failure has been reported. */
  claimed: boolean;
  failed: boolean;
}

const EMPTY: UploadState = {
  file: null,
  previewUrl: null,
  kind: null,
  checking: false,
  uploading: false,
  progress: null,
  uploaded: null,
};

const kindOf = (file: File): MediaKind => fileKind(file) ?? 'photo';
/** The server's codes for an upload that can no longer be used (common/errors.ts). */
const SPENT_UPLOAD = new Set([
  'invalid_media',
  'media_in_post',
  'media_on_profile',
  'group_cover_in_use',
  'event_cover_in_use',
]);

/**
 * choose → check → (prepare) → upload with progress → keep the answer, for one picker. Plain
 * TypeScript (useUpload subscribes React to it) so the sequence is testable without a DOM.
 */
export class UploadSlot {
  private state = EMPTY;
  private attempt: Attempt | null = null;
  private listeners = new Set<() => void>();
  /** Bumped by every choice and by clear(): a check that finishes late knows it lost. */
  private choice = 0;

  constructor(
    private readonly steps: () => UploadSteps,
    private readonly send: SendMedia = uploadMedia,
  ) {}

  getState = (): UploadState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Checks `file` and, when it passes, makes it the chosen one (the previous file and its upload are
   * dropped). Resolves with the check's sentence when it is refused (the previous file stays), else null.
   */
  choose = async (file: File): Promise<string | null> => {
    const choice = ++this.choice;
    const { check, prepare, uploadOnChoose } = this.steps();
    this.update({ checking: true });
    let chosen = file;
    let uploaded: MediaUpload | null = null;
    let problem: string | null = null;
    try {
      problem = (await check?.(file)) ?? null;
      const prepared = !problem && prepare ? await prepare(file) : file;
      if (prepared instanceof File) chosen = prepared;
      else ({ file: chosen, uploaded } = prepared);
    } catch (error) {
      // The member closed the trim dialog: nothing chosen, nothing to say, the previous file stays.
      if ((error as Error).name === 'AbortError') {
        if (choice === this.choice) this.update({ checking: false });
        return null;
      }
      problem = (error as Error).message || MEDIA_MESSAGES.unsupported;
    }
    if (choice !== this.choice) return null;
    if (problem) {
      this.update({ checking: false });
      return problem;
    }
    this.drop();
    this.update({
      ...EMPTY,
      file: chosen,
      previewUrl: URL.createObjectURL(chosen),
      kind: uploaded?.media_type ?? kindOf(chosen),
      uploaded,
      progress: uploaded ? 100 : null,
    });
    if (uploaded) {
      const done = Promise.resolve(uploaded);
      this.attempt = {
        file: chosen,
        controller: new AbortController(),
        promise: done,
        claimed: true,
        failed: false,
      };
    } else if (uploadOnChoose) {
      this.start(chosen);
    }
    return null;
  };

  /**
   * The chosen file's upload: the answer already kept, the one on its way, or a new one. An upload
   * started on choice that failed before anyone asked rejects here once; the next call uploads again.
   * Rejects with an AbortError when the file is replaced or forgotten meanwhile.
   */
  upload = (): Promise<MediaUpload> => {
    const { file } = this.state;
    if (!file) return Promise.reject(new Error(MEDIA_MESSAGES.missingFile));
    const attempt = this.attempt;
    if (attempt?.file === file) {
      if (attempt.failed) this.attempt = null;
      else attempt.claimed = true;
      return attempt.promise;
    }
    const started = this.start(file);
    started.claimed = true;
    return started.promise;
  };

  /**
   * After a failed post or save: when the server says the upload is no longer valid ('invalid_media':
   * swept; 'media_in_post', 'media_on_profile', a group's or an event's '…_cover_in_use': already used
   * elsewhere), forget it so the next `upload()` sends the file again.
   */
  forgetIfInvalid = (error: unknown): void => {
    if (!(error instanceof ApiError) || !SPENT_UPLOAD.has(error.code)) return;
    if (!this.state.uploaded) return;
    this.attempt = null;
    const { file } = this.state;
    this.update({ uploaded: null, progress: null, kind: file ? kindOf(file) : null });
  };

  /** Cancels the upload on its way, if any, and forgets the file and its preview. */
  clear = (): void => {
    this.choice += 1;
    this.drop();
    this.update(EMPTY);
  };

  private start(file: File): Attempt {
    const controller = new AbortController();
    const current = () => this.attempt?.controller === controller;
    this.update({ uploading: true, progress: 0, uploaded: null });
    const promise = this.send(
      file,
      (percent) => {
        if (current()) this.update({ progress: percent });
      },
      controller.signal,
    ).then(
      (media) => {
        if (current()) this.update({ uploading: false, uploaded: media, kind: media.media_type });
        return media;
      },
      (error: unknown) => {
        if (current()) {
          attempt.failed = true;
          // Whoever awaited it has the error; the next upload() starts afresh.
          if (attempt.claimed) this.attempt = null;
          this.update({ uploading: false });
        }
        throw error;
      },
    );
    // Unclaimed, a failure waits for the next upload(); it must not reach the console meanwhile.
    promise.catch(() => undefined);
    const attempt: Attempt = { file, controller, promise, claimed: false, failed: false };
    this.attempt = attempt;
    return attempt;
  }

  /** Aborts the upload on its way and revokes the preview URL. */
  private drop(): void {
    this.attempt?.controller.abort();
    this.attempt = null;
    if (this.state.previewUrl) URL.revokeObjectURL(this.state.previewUrl);
  }

  private update(patch: Partial<UploadState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
