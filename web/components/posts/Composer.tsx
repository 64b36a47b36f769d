import { type CreatePostInput, POST_CONTENT_MAX_LENGTH, type Post } from '@common/schemas/posts.ts';
import { ApiError } from '@web/api/client.ts';
import { uploadMedia } from '@web/api/upload.ts';
import { buttonClass, FormError } from '@web/components/Field.tsx';
import { useCreatePost } from '@web/queries/posts.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  type Coords,
  FeelingSelect,
  FoodCategorySelect,
  LocationField,
  PrayerTypeSelect,
  RecipeField,
} from './ComposerFields.tsx';
import { MediaButton, MediaPreview, mediaProblem, UploadProgress } from './ComposerMedia.tsx';
import { cardClass, inputClass } from './labels.ts';

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
  submitLabel = 'Post',
  successMessage = 'Post shared!',
  showDetails = true,
  onSubmitPost,
}: {
  category: Category;
  title?: string;
  placeholder: string;
  note?: string;
  /** The submit button's text ('Submit for Approval' on someone else's wall). */
  submitLabel?: string;
  successMessage?: string;
  /** Feeling and location (and the category's own fields); a wall post has text and media only. */
  showDetails?: boolean;
  /** Sends the post somewhere else than POST /api/posts (a profile wall). */
  onSubmitPost?: (input: CreatePostInput) => Promise<unknown>;
}) {
  const ids = { title: useId(), text: useId() };
  const create = useCreatePost();
  const [draft, setDraft] = useState(emptyDraft);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'posting'>('idle');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // The file already uploaded for this draft: a retry after a failed create does not send it again.
  const uploaded = useRef<{ file: File; id: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const busy = phase !== 'idle';
  const canPost = (draft.content.trim() !== '' || file !== null) && !busy;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  function chooseFile(chosen: File) {
    const problem = mediaProblem(chosen);
    setError(problem);
    if (!problem) setFile(chosen);
  }

  async function upload(chosen: File): Promise<string | null> {
    if (uploaded.current?.file === chosen) return uploaded.current.id;
    setPhase('uploading');
    setProgress(0);
    abort.current = new AbortController();
    try {
      const media = await uploadMedia(chosen, setProgress, abort.current.signal);
      uploaded.current = { file: chosen, id: media.id };
      return media.id;
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
    const mediaId = file ? await upload(file) : undefined;
    if (mediaId === null) return;
    setPhase('posting');
    try {
      const input = postInput(draft, category, mediaId);
      await (onSubmitPost ? onSubmitPost(input) : create.mutateAsync(input));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_media') uploaded.current = null;
      setError((err as Error).message);
      setPhase('idle');
      return;
    }
    setDraft(emptyDraft);
    setFile(null);
    uploaded.current = null;
    setPhase('idle');
    setResetKey((k) => k + 1);
    toast.success(successMessage);
  }

  return (
    <section
      aria-labelledby={title ? ids.title : undefined}
      aria-label={title ? undefined : 'Create a post'}
      className={`${cardClass} p-4`}
    >
      {title ? (
        <h2 id={ids.title} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <label htmlFor={ids.text} className="sr-only">
          Post text
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
        {file ? <MediaPreview file={file} onRemove={() => setFile(null)} disabled={busy} /> : null}
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
        {phase === 'uploading' ? <UploadProgress percent={progress} /> : null}
        <FormError message={error} />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <MediaButton onChoose={chooseFile} disabled={busy} />
          <button type="submit" disabled={!canPost} className={buttonClass}>
            {phase === 'uploading' ? 'Uploading...' : phase === 'posting' ? 'Posting...' : submitLabel}
          </button>
        </div>
        {note ? <p className="text-sm text-slate-500">{note}</p> : null}
      </form>
    </section>
  );
}
