import type { CreatePostInput, Post } from '@common/schemas/posts.ts';
import { PRAYER_EXPIRY_DEFAULT } from '@common/schemas/prayer.ts';
import type { RecipeDraft } from '@web/components/recipes/recipeDraft.ts';
import type { Coords } from './ComposerFields.tsx';

export type Category = Post['category'];

/** A new poll's two empty options (one array, so an untouched draft is still empty). */
const POLL_START: string[] = ['', ''];

/** What the member has typed and chosen in a composer, before it becomes a post. */
export const emptyDraft = {
  content: '',
  feeling: '',
  locationName: '',
  coords: null as Coords | null,
  prayerType: '',
  foodCategory: '',
  /** The plain-text recipe, shown as 'Notes' (what every recipe was before the structured one). */
  recipe: '',
  /** The structured recipe ('Add recipe', food posts only), or null when none is added. */
  recipeData: null as RecipeDraft | null,
  /**
   * A prayer request's 'Who can see this': 'everyone', 'friends', 'only_me', or 'group:<id>' for one
   * of the member's groups (a group's Prayer tab sends its own group whatever this says).
   */
  audience: 'everyone',
  anonymous: false,
  urgent: false,
  /** 'Expires': days as text ('7', '30', '90'), or 'never'. */
  expires: String(PRAYER_EXPIRY_DEFAULT),
  /** The 'Content warning' field is shown ('Content warning' pressed), and what it says. */
  warningOn: false,
  contentWarning: '',
  /** The photo's 'Alt text'. */
  altText: '',
  /** 'Poll' pressed, its options ('Option 1' …), 'Poll length' in seconds and 'Allow multiple choices'. */
  pollOn: false,
  pollOptions: POLL_START,
  pollLength: '86400',
  pollMultiple: false,
};
export type Draft = typeof emptyDraft;

/** A setter per field: `set('feeling')('happy')`. */
export type SetDraftField = <K extends keyof Draft>(key: K) => (value: Draft[K]) => void;

/** Nothing typed or chosen (not even a space): a phone's composer may fold back to one line. */
export function isEmptyDraft(draft: Draft): boolean {
  return (Object.keys(emptyDraft) as Array<keyof Draft>).every((key) => draft[key] === emptyDraft[key]);
}

/** Who sees a prayer request, whether it is anonymous or urgent, and when it expires. */
function prayerInput(draft: Draft, groupId: string | undefined): Partial<CreatePostInput> {
  const expires = draft.expires === 'never' ? null : (Number(draft.expires) as 7 | 30 | 90);
  const input: Partial<CreatePostInput> = {
    anonymous: draft.anonymous,
    urgent: draft.urgent,
    expires_after_days: expires,
  };
  const chosenGroup = draft.audience.startsWith('group:') ? draft.audience.slice('group:'.length) : null;
  const group = groupId ?? chosenGroup;
  if (group) {
    input.group_id = group;
    input.visibility = 'group';
  } else {
    input.visibility = draft.audience as 'everyone' | 'friends' | 'only_me';
  }
  return input;
}

/**
 * The recipe's own modules (its checks and how a draft becomes the API's recipe), loaded only for a
 * food post that carries one: they and the recipe contract stay out of every feed's first load.
 */
const recipeModules = () =>
  Promise.all([
    import('@web/components/recipes/recipeDraft.ts'),
    import('@web/components/recipes/recipeProblems.ts'),
  ]);

/** The post to create; `groupId` is the group whose page the composer is on. */
export async function postInput(
  draft: Draft,
  category: Category,
  mediaId: string | undefined,
  groupId?: string,
): Promise<CreatePostInput> {
  const input: CreatePostInput = { category };
  if (groupId) input.group_id = groupId;
  const content = draft.content.trim();
  if (content) input.content = content;
  if (mediaId) input.media_id = mediaId;
  if (draft.warningOn && draft.contentWarning.trim()) input.content_warning = draft.contentWarning.trim();
  if (mediaId && draft.altText.trim()) input.alt_text = draft.altText.trim();
  if (draft.pollOn) {
    input.poll = {
      options: draft.pollOptions.map((option) => option.trim()),
      expires_in: Number(draft.pollLength),
      multiple: draft.pollMultiple,
    };
  }
  if (draft.feeling) input.feeling = draft.feeling as CreatePostInput['feeling'];
  if (draft.locationName.trim()) input.location_name = draft.locationName.trim();
  if (draft.coords) {
    input.location_lat = draft.coords.lat;
    input.location_lng = draft.coords.lng;
  }
  if (category === 'prayer') {
    if (draft.prayerType) input.prayer_type = draft.prayerType as CreatePostInput['prayer_type'];
    Object.assign(input, prayerInput(draft, groupId));
  } else if (draft.audience === 'friends' && !groupId) {
    // 'Who can see this': 'Friends' (a post in a group is for its members).
    input.visibility = 'friends';
  }
  if (category === 'food') {
    if (draft.foodCategory) input.food_category = draft.foodCategory as CreatePostInput['food_category'];
    if (draft.recipe.trim()) input.recipe = draft.recipe.trim();
    if (draft.recipeData) {
      const [{ recipeInput }] = await recipeModules();
      input.recipe_data = recipeInput(draft.recipeData);
    }
  }
  return input;
}

/**
 * Why the draft cannot be posted yet (its recipe's first problem, checked as the server does), or
 * null. The editor shows each message by its field.
 */
export async function draftProblem(draft: Draft, category: Category): Promise<string | null> {
  if (category !== 'food' || !draft.recipeData) return null;
  const [, { firstProblem, recipeProblems }] = await recipeModules();
  return firstProblem(recipeProblems(draft.recipeData)) ?? null;
}
