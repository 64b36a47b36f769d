import type { CreatePostInput, Post } from '@common/schemas/posts.ts';
import type { Coords } from './ComposerFields.tsx';

export type Category = Post['category'];

/** What the member has typed and chosen in a composer, before it becomes a post. */
export const emptyDraft = {
  content: '',
  feeling: '',
  locationName: '',
  coords: null as Coords | null,
  prayerType: '',
  foodCategory: '',
  recipe: '',
};
export type Draft = typeof emptyDraft;

/** A setter per field: `set('feeling')('happy')`. */
export type SetDraftField = <K extends keyof Draft>(key: K) => (value: Draft[K]) => void;

/** Nothing typed or chosen (not even a space): a phone's composer may fold back to one line. */
export function isEmptyDraft(draft: Draft): boolean {
  return (Object.keys(emptyDraft) as Array<keyof Draft>).every((key) => draft[key] === emptyDraft[key]);
}

export function postInput(draft: Draft, category: Category, mediaId: string | undefined): CreatePostInput {
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
