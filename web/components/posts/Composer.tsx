import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { POST_CONTENT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import type { CreatePostInput } from '@common/schemas/posts.ts';
import { isVideoFile, mediaProblem } from '@web/media/files.ts';
import { UploadProgress } from '@web/media/UploadProgress.tsx';
import { useUpload } from '@web/media/useUpload.ts';
import { useVideoTrimmer } from '@web/media/useVideoTrimmer.tsx';
import { useCreatePost } from '@web/queries/posts.ts';
import { usePreferences } from '@web/queries/settings.ts';
import { FormError } from '@web/ui/Field.tsx';
import { buttonClass, cardClass, inputClass } from '@web/ui/styles.ts';
import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ComposerDetails } from './ComposerDetails.tsx';
import { AltTextField, AltTextReminder, ComposerToggle, WarningField } from './ComposerExtras.tsx';
import { MediaButton, MediaPreview } from './ComposerMedia.tsx';
import { PollFields } from './ComposerPoll.tsx';
import {
  type Category,
  type Draft,
  draftProblem,
  emptyDraft,
  isEmptyDraft,
  postInput,
} from './composerDraft.ts';
import { useMentionPicker } from './useMentionPicker.tsx';
import { useNarrowScreen } from './useNarrowScreen.ts';

/**
 * A phone's folded composer: its text box is one rounded line. A textarea's placeholder cannot end in
 * '…', so the prompt is drawn over it (promptClass) and its own placeholder, still its description, is clear.
 */
const lineClass =
  'block h-10 min-w-0 flex-1 resize-none overflow-hidden whitespace-nowrap rounded-full border border-slate-300 bg-slate-50 px-4 py-1.5 leading-6 text-slate-900 placeholder:text-transparent focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';
// Over the line, left of the 40 px Photo/Video button and its 8 px gap (right-12).
const promptClass =
  'pointer-events-none absolute inset-y-0 left-0 right-12 flex items-center px-4 text-slate-600';

/**
 * The one create-post box of every feed. The file is uploaded first (with progress), then the post
 * is created; on any failure the member keeps everything they typed and chose.
 */
export function Composer({
  category,
  title,
  placeholder,
  note,
  submitLabel,
  successMessage,
  showDetails = true,
  groupId,
  groupName,
  onSubmitPost,
}: {
  category: Category;
  title?: string;
  placeholder: string;
  note?: string;
  /** The submit button's text ('Submit for Approval' on someone else's wall); 'Post' by default. */
  submitLabel?: string;
  /** The toast after posting; 'Post shared!' by default. */
  successMessage?: string;
  /** Feeling and location (and the category's own fields); a wall post has text and media only. */
  showDetails?: boolean;
  /** The group the post is written in (a group page's Posts and Prayer tabs). */
  groupId?: string;
  /** Its name: a prayer request there is seen by its members only ('Who can see this'). */
  groupName?: string;
  /** Sends the post somewhere else than POST /api/posts (a profile wall). */
  onSubmitPost?: (input: CreatePostInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const ids = { title: useId(), text: useId() };
  const create = useCreatePost();
  const [draft, setDraft] = useState(emptyDraft);
  // The file is uploaded once per draft: a retry after a failed create does not send it again.
  // Every video goes through the trim dialog first; its size is checked on the clip, not the source.
  const trimmer = useVideoTrimmer(MEDIA_LIMITS.videoSeconds);
  const media = useUpload({
    check: (chosen) => (isVideoFile(chosen) ? null : mediaProblem(chosen)),
    prepare: trimmer.prepare,
  });
  const { file } = media;
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'posting'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // Counts refused posts (a recipe's problem): the recipe's messages show from the first, and each
  // takes the keyboard to the first field to fix.
  const [refusals, setRefusals] = useState(0);
  // 'Remind me to add alt text' asks once per post: 'open' while it asks, 'asked' after.
  const remindAltText = usePreferences().data?.remind_alt_text ?? true;
  const [altReminder, setAltReminder] = useState<'no' | 'open' | 'asked'>('no');
  const altRef = useRef<HTMLTextAreaElement>(null);
  const warningRef = useRef<HTMLInputElement>(null);
  const pollRef = useRef<HTMLInputElement>(null);

  const busy = phase !== 'idle';
  const canPost = (draft.content.trim() !== '' || file !== null) && !busy;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  // On a phone the composer is one line (the prompt and Photo/Video) until the member goes to it, so
  // the feed starts on the first screen; it folds back when left empty. Wider screens always show it all.
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState(false);
  const empty = isEmptyDraft(draft) && file === null && error === null && !busy;
  const folded = narrow && !expanded && empty;
  const sectionRef = useRef<HTMLElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({
    value: draft.content,
    onChange: set('content'),
    fieldRef: textRef,
    multiline: true,
  });
  // Set while focus is put on the folded line on purpose (Escape), which must not unfold it.
  const quietFocus = useRef(false);

  // A photo chosen from the folded line, or an error, keeps the composer open until it is empty again.
  useEffect(() => {
    if (!empty) setExpanded(true);
  }, [empty]);

  // A tap anywhere else folds an empty composer (a tapped button may not take focus, so blur is not enough).
  useEffect(() => {
    if (!narrow || !expanded || !empty) return;
    function onPointerDown(event: PointerEvent) {
      if (!sectionRef.current?.contains(event.target as Node)) setExpanded(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [narrow, expanded, empty]);

  function unfold() {
    if (!quietFocus.current) setExpanded(true);
  }

  // Focus moving out of an empty composer folds it (a null target is the window losing focus: kept).
  function onBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (narrow && empty && next instanceof Node && !event.currentTarget.contains(next)) setExpanded(false);
  }

  function onFormKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (!narrow || event.key !== 'Escape' || !expanded || !empty) return;
    // What had focus folds away with the fields: focus stays on the line, as it was before opening.
    if (document.activeElement !== textRef.current) {
      quietFocus.current = true;
      textRef.current?.focus();
      quietFocus.current = false;
    }
    setExpanded(false);
  }

  /** 'Content warning' and 'Poll': shows or takes away their fields; shown, the first has focus. */
  function toggleFields(key: 'warningOn' | 'pollOn', first: RefObject<HTMLInputElement | null>) {
    const on = !draft[key];
    set(key)(on);
    if (on) setTimeout(() => first.current?.focus(), 0);
  }

  // Focus on the folded line (after Escape): Enter or Space opens it, as for a button.
  function onTextKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentions.onKeyDown(event)) return;
    if (folded && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      setExpanded(true);
    }
  }

  useEffect(() => {
    if (refusals > 0) sectionRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function chooseFile(chosen: File) {
    setError(await media.choose(chosen));
  }

  async function upload(): Promise<string | null> {
    if (!media.uploaded) setPhase('uploading');
    try {
      return (await media.upload()).id;
    } catch (err) {
      if ((err as Error).name !== 'AbortError') setError((err as Error).message);
      setPhase('idle');
      return null;
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canPost) return;
    const problem = await draftProblem(draft, category);
    setError(problem);
    if (problem) {
      setRefusals((count) => count + 1);
      return;
    }
    if (remindAltText && altReminder === 'no' && file && media.kind !== 'video' && !draft.altText.trim()) {
      setAltReminder('open');
      return;
    }
    await send();
  }

  async function send() {
    const mediaId = file ? await upload() : undefined;
    if (mediaId === null) return;
    setPhase('posting');
    try {
      const input = await postInput(draft, category, mediaId, groupId);
      await (onSubmitPost ? onSubmitPost(input) : create.mutateAsync(input));
    } catch (err) {
      media.forgetIfInvalid(err);
      setError((err as Error).message);
      setPhase('idle');
      return;
    }
    // The Post button folds away on a phone: focus stays on the composer, not lost to the page.
    if (narrow) sectionRef.current?.focus();
    setDraft(emptyDraft);
    setAltReminder('no');
    media.clear();
    setPhase('idle');
    setExpanded(false);
    setRefusals(0);
    setResetKey((k) => k + 1);
    toast.success(successMessage ?? t('Post shared!'));
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={title ? ids.title : undefined}
      aria-label={title ? undefined : t('Create a post')}
      tabIndex={narrow ? -1 : undefined}
      onBlur={onBlur}
      className={`${cardClass} ${folded ? 'p-2' : 'p-4'} focus:outline-none`}
    >
      {trimmer.element}
      {title ? (
        <h2 id={ids.title} className={folded ? 'sr-only' : 'mb-3 text-lg font-semibold text-slate-900'}>
          {title}
        </h2>
      ) : null}
      <form
        onSubmit={onSubmit}
        onKeyDown={onFormKeyDown}
        noValidate
        className={folded ? 'relative flex items-center gap-2' : 'flex flex-col gap-3'}
      >
        <label htmlFor={ids.text} className="sr-only">
          {t('Post text')}
        </label>
        <textarea
          {...mentions.fieldProps}
          ref={textRef}
          id={ids.text}
          value={draft.content}
          onChange={(e) => {
            set('content')(e.target.value);
            unfold();
          }}
          onFocus={unfold}
          onClick={unfold}
          onKeyDown={onTextKeyDown}
          placeholder={placeholder}
          rows={folded ? 1 : 3}
          maxLength={POST_CONTENT_MAX_LENGTH}
          disabled={busy}
          className={folded ? lineClass : `${inputClass} resize-y`}
        />
        {mentions.list}
        {folded ? (
          <span aria-hidden="true" className={promptClass}>
            <span className="truncate">{placeholder}</span>
          </span>
        ) : null}
        {!folded && draft.warningOn ? (
          <WarningField
            inputRef={warningRef}
            value={draft.contentWarning}
            onChange={set('contentWarning')}
            disabled={busy}
          />
        ) : null}
        {!folded && file && media.previewUrl ? (
          <MediaPreview
            name={file.name}
            url={media.previewUrl}
            video={media.kind === 'video'}
            onRemove={() => {
              media.clear();
              set('altText')('');
            }}
            disabled={busy}
          />
        ) : null}
        {!folded && draft.pollOn ? (
          <PollFields
            options={draft.pollOptions}
            onOptions={set('pollOptions')}
            length={draft.pollLength}
            onLength={set('pollLength')}
            multiple={draft.pollMultiple}
            onMultiple={set('pollMultiple')}
            disabled={busy}
            firstRef={pollRef}
          />
        ) : null}
        {!folded && file && media.kind !== 'video' ? (
          <AltTextField textRef={altRef} value={draft.altText} onChange={set('altText')} disabled={busy} />
        ) : null}
        {!folded && showDetails ? (
          <ComposerDetails
            key={resetKey}
            narrow={narrow}
            category={category}
            groupName={groupId ? (groupName ?? '') : undefined}
            draft={draft}
            set={set}
            update={setDraft}
            checked={refusals > 0}
            disabled={busy}
          />
        ) : null}
        {phase === 'uploading' ? <UploadProgress percent={media.progress ?? 0} /> : null}
        <FormError message={error} />
        <div
          className={
            folded
              ? 'shrink-0'
              : 'flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3'
          }
        >
          <span className="flex flex-wrap items-center gap-1">
            <MediaButton
              onChoose={(chosen) => void chooseFile(chosen)}
              disabled={busy || draft.pollOn}
              compact={folded}
            />
            {folded ? null : (
              <ComposerToggle
                kind="warning"
                on={draft.warningOn}
                disabled={busy}
                onToggle={() => toggleFields('warningOn', warningRef)}
              />
            )}
            {folded || onSubmitPost ? null : (
              // A poll or a photo or video, not both (poll_with_media); a wall post has no poll.
              <ComposerToggle
                kind="poll"
                on={draft.pollOn}
                disabled={busy || file !== null}
                onToggle={() => toggleFields('pollOn', pollRef)}
              />
            )}
          </span>
          {folded ? null : (
            <button type="submit" disabled={!canPost} className={buttonClass}>
              {phase === 'uploading'
                ? t('Uploading...')
                : phase === 'posting'
                  ? t('Posting...')
                  : (submitLabel ?? t('Post'))}
            </button>
          )}
        </div>
        {note && !folded ? <p className="text-sm text-slate-500">{note}</p> : null}
      </form>
      {altReminder === 'open' ? (
        <AltTextReminder
          onAdd={() => {
            setAltReminder('asked');
            setTimeout(() => altRef.current?.focus(), 0);
          }}
          onPost={() => {
            setAltReminder('asked');
            void send();
          }}
        />
      ) : null}
    </section>
  );
}
