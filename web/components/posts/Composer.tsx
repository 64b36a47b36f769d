import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { type CreatePostInput, POST_CONTENT_MAX_LENGTH, type Post } from '@common/schemas/posts.ts';
import { isVideoFile, mediaProblem } from '@web/media/files.ts';
import { UploadProgress } from '@web/media/UploadProgress.tsx';
import { useUpload } from '@web/media/useUpload.ts';
import { useVideoTrimmer } from '@web/media/useVideoTrimmer.tsx';
import { useCreatePost } from '@web/queries/posts.ts';
import { FormError } from '@web/ui/Field.tsx';
import { buttonClass, cardClass, inputClass } from '@web/ui/styles.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  type Coords,
  FeelingSelect,
  FoodCategorySelect,
  LocationField,
  PrayerTypeSelect,
  RecipeField,
} from './ComposerFields.tsx';
import { MediaButton, MediaPreview } from './ComposerMedia.tsx';

type Category = Post['category'];

const emptyDraft = {
  content: '',
  feeling: '',
  locationName: '',
  coords: null as Coords | null,
  prayerType: '',
  foodCategory: '',
  recipe: '',
};
type Draft = typeof emptyDraft;

function postInput(draft: Draft, category: Category, mediaId: string | undefined): CreatePostInput {
  const input: CreatePostInput = { category };
  const content = draft.content.trim();
  if (content) input.content = content;
  if (mediaId) input.media_id = mediaId;
  if (draft.feeling) input.feeling = draft.feeling as CreatePostInput['feeling'];
  if (draft.locationName.trim()) input.location_name = draft.locationName.trim();
  if (draft.coords) {
    input.location_lat = draft.coords.lat;
    input.location_lng = draft.coords.lng;
  }
  if (category === 'prayer' && draft.prayerType)
    input.prayer_type = draft.prayerType as CreatePostInput['prayer_type'];
  if (category === 'food') {
    if (draft.foodCategory) input.food_category = draft.foodCategory as CreatePostInput['food_category'];
    if (draft.recipe.trim()) input.recipe = draft.recipe.trim();
  }
  return input;
}

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

  const busy = phase !== 'idle';
  const canPost = (draft.content.trim() !== '' || file !== null) && !busy;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

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
    setError(null);
    const mediaId = file ? await upload() : undefined;
    if (mediaId === null) return;
    setPhase('posting');
    try {
      const input = postInput(draft, category, mediaId);
      await (onSubmitPost ? onSubmitPost(input) : create.mutateAsync(input));
    } catch (err) {
      media.forgetIfInvalid(err);
      setError((err as Error).message);
      setPhase('idle');
      return;
    }
    setDraft(emptyDraft);
    media.clear();
    setPhase('idle');
    setResetKey((k) => k + 1);
    toast.success(successMessage ?? t('Post shared!'));
  }

  return (
    <section
      aria-labelledby={title ? ids.title : undefined}
      aria-label={title ? undefined : t('Create a post')}
      className={`${cardClass} p-4`}
    >
      {trimmer.element}
      {title ? (
        <h2 id={ids.title} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <label htmlFor={ids.text} className="sr-only">
          {t('Post text')}
        </label>
        <textarea
          id={ids.text}
          value={draft.content}
          onChange={(e) => set('content')(e.target.value)}
          placeholder={placeholder}
          rows={3}
          maxLength={POST_CONTENT_MAX_LENGTH}
          disabled={busy}
          className={`${inputClass} resize-y`}
        />
        {file && media.previewUrl ? (
          <MediaPreview
            name={file.name}
            url={media.previewUrl}
            video={media.kind === 'video'}
            onRemove={media.clear}
            disabled={busy}
          />
        ) : null}
        {showDetails ? (
          <div key={resetKey} className="grid gap-3 sm:grid-cols-2">
            <FeelingSelect value={draft.feeling} onChange={set('feeling')} disabled={busy} />
            {category === 'prayer' ? (
              <PrayerTypeSelect value={draft.prayerType} onChange={set('prayerType')} disabled={busy} />
            ) : null}
            {category === 'food' ? (
              <FoodCategorySelect value={draft.foodCategory} onChange={set('foodCategory')} disabled={busy} />
            ) : null}
            <LocationField
              name={draft.locationName}
              onNameChange={set('locationName')}
              coords={draft.coords}
              onCoordsChange={set('coords')}
              disabled={busy}
            />
            {category === 'food' ? (
              <RecipeField value={draft.recipe} onChange={set('recipe')} disabled={busy} />
            ) : null}
          </div>
        ) : null}
        {phase === 'uploading' ? <UploadProgress percent={media.progress ?? 0} /> : null}
        <FormError message={error} />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <MediaButton onChoose={(chosen) => void chooseFile(chosen)} disabled={busy} />
          <button type="submit" disabled={!canPost} className={buttonClass}>
            {phase === 'uploading'
              ? t('Uploading...')
              : phase === 'posting'
                ? t('Posting...')
                : (submitLabel ?? t('Post'))}
          </button>
        </div>
        {note ? <p className="text-sm text-slate-500">{note}</p> : null}
      </form>
    </section>
  );
}
