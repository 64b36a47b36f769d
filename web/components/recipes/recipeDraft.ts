import { formatRange, parseIngredientLines } from '@common/recipes/quantities.ts';
import {
  DIET_TAGS,
  type DietTag,
  type IngredientInput,
  RECIPE_UNITS,
  type Recipe,
  type RecipeImport,
  type RecipeInput,
} from '@common/schemas/recipes.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { type RecipeUnit, UNIT_LABELS } from './recipeTexts.ts';

/**
 * The recipe editor's draft (issue 28): what the member types, as text, until it is posted as
 * `recipe_data` (its checks are in recipeProblems.ts). Ingredients are a list of rows and section headers; a header ('For the sauce') sets
 * the section of the rows after it, which is how the API stores sections (a field on each row).
 */
export interface IngredientEntry {
  kind: 'ingredient';
  /** React's key for the row, stable while rows move and go. */
  key: string;
  /** The amount as the cook writes it: '2', '1 1/2', '½', '2–3'. */
  quantity: string;
  /** As shown: a unit's short name in the language shown ('tbsp'), or free text. */
  unit: string;
  item: string;
  note: string;
}
export interface SectionEntry {
  kind: 'section';
  key: string;
  name: string;
}
export type IngredientListEntry = IngredientEntry | SectionEntry;

export interface StepEntry {
  key: string;
  text: string;
  /** Whole minutes as typed, '' for none. */
  timer: string;
}

export interface RecipeDraft {
  title: string;
  servings: string;
  prep: string;
  cook: string;
  diets: DietTag[];
  ingredients: IngredientListEntry[];
  steps: StepEntry[];
  /** The page it was imported from ('Adapted from {site}'), kept when posting. */
  sourceUrl: string | null;
  sourceName: string | null;
}

let lastKey = 0;
const nextKey = () => `r${++lastKey}`;

export const newIngredient = (
  fields: Partial<Omit<IngredientEntry, 'kind' | 'key'>> = {},
): IngredientEntry => ({
  kind: 'ingredient',
  key: nextKey(),
  quantity: '',
  unit: '',
  item: '',
  note: '',
  ...fields,
});
export const newSection = (name = ''): SectionEntry => ({ kind: 'section', key: nextKey(), name });
export const newStep = (text = '', timer = ''): StepEntry => ({ key: nextKey(), text, timer });

export const DEFAULT_SERVINGS = '4';

/** 'Add recipe': an empty title, 4 servings, one empty ingredient row and one empty step. */
export function emptyRecipe(): RecipeDraft {
  return {
    title: '',
    servings: DEFAULT_SERVINGS,
    prep: '',
    cook: '',
    diets: [],
    ingredients: [newIngredient()],
    steps: [newStep()],
    sourceUrl: null,
    sourceName: null,
  };
}

/** Nothing typed or chosen yet ('Remove recipe' asks first otherwise). */
export function isBlankRecipe(recipe: RecipeDraft): boolean {
  const blankEntry = (entry: IngredientListEntry) =>
    entry.kind === 'section'
      ? entry.name.trim() === ''
      : [entry.quantity, entry.unit, entry.item, entry.note].every((field) => field.trim() === '');
  return (
    recipe.title.trim() === '' &&
    recipe.servings === DEFAULT_SERVINGS &&
    recipe.prep === '' &&
    recipe.cook === '' &&
    recipe.diets.length === 0 &&
    recipe.ingredients.every(blankEntry) &&
    recipe.steps.every((step) => step.text.trim() === '' && step.timer === '') &&
    recipe.sourceUrl === null
  );
}

/** A unit's short name in the language shown ('teaspoon' → 'tsp'); free text stays as it is. */
export function unitText(unit: string | null): string {
  if (!unit) return '';
  return (RECIPE_UNITS as readonly string[]).includes(unit) ? i18n.t(UNIT_LABELS[unit as RecipeUnit]) : unit;
}

/** The unit to send: the id of a unit written by its short name or its id (any case), else the text. */
export function unitId(text: string): string {
  const wanted = text.trim().toLocaleLowerCase();
  const found = RECIPE_UNITS.find(
    (id) => id === wanted || i18n.t(UNIT_LABELS[id]).toLocaleLowerCase() === wanted,
  );
  return found ?? text.trim();
}

/** Rows that carry their section become the editor's list: a header wherever the section changes. */
export function entriesFromRows(
  rows: ReadonlyArray<{ section: string; quantity: string; unit: string | null; item: string; note: string }>,
): IngredientListEntry[] {
  const entries: IngredientListEntry[] = [];
  let section = '';
  for (const row of rows) {
    const name = row.section.trim();
    if (name !== section) {
      if (name) entries.push(newSection(name));
      section = name;
    }
    entries.push(
      newIngredient({ quantity: row.quantity, unit: unitText(row.unit), item: row.item, note: row.note }),
    );
  }
  return entries;
}

/** 'Paste ingredients': one row per line ('2 cups flour, sifted' → 2 / cup / flour / sifted). */
export function pastedEntries(text: string): IngredientListEntry[] {
  return entriesFromRows(parseIngredientLines(text).map((row) => ({ ...row, quantity: formatRange(row) })));
}

const isBlankIngredient = (entry: IngredientListEntry) =>
  entry.kind === 'ingredient' && [entry.quantity, entry.unit, entry.item, entry.note].every((f) => !f.trim());

/** Pasted rows replace the list while it holds only empty rows, else follow what is there. */
export function withPasted(
  list: IngredientListEntry[],
  pasted: IngredientListEntry[],
): IngredientListEntry[] {
  return list.every(isBlankIngredient) ? pasted : [...list.filter((e) => !isBlankIngredient(e)), ...pasted];
}

/** What an import reads off a page, or a posted recipe (GET /api/posts/:id/recipe). */
type RecipeFields = Pick<
  Recipe,
  'title' | 'servings' | 'prep_minutes' | 'cook_minutes' | 'diet_tags' | 'steps' | 'source_url'
> & { ingredients: Parameters<typeof entriesFromRows>[0] };

/** A recipe as the editor's draft, for the member to check before posting (or saving again). */
export function recipeDraftOf(recipe: RecipeFields, sourceName: string | null): RecipeDraft {
  const ingredients = entriesFromRows(recipe.ingredients);
  const steps = recipe.steps.map((step) =>
    newStep(step.text, step.timer_minutes === null ? '' : String(step.timer_minutes)),
  );
  return {
    title: recipe.title,
    servings: String(recipe.servings),
    prep: recipe.prep_minutes === null ? '' : String(recipe.prep_minutes),
    cook: recipe.cook_minutes === null ? '' : String(recipe.cook_minutes),
    diets: DIET_TAGS.filter((tag) => recipe.diet_tags.includes(tag)),
    ingredients: ingredients.length > 0 ? ingredients : [newIngredient()],
    steps: steps.length > 0 ? steps : [newStep()],
    sourceUrl: recipe.source_url,
    sourceName,
  };
}

/** An imported recipe as the editor's draft, for the member to check before posting. */
export function recipeFromImport({ recipe, source_name }: RecipeImport): RecipeDraft {
  return recipeDraftOf(recipe, source_name);
}

/** The list with the entry at `from` moved to `to` (both inside the list). */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export function toggleDiet(diets: readonly DietTag[], tag: DietTag): DietTag[] {
  const on = diets.includes(tag) ? diets.filter((d) => d !== tag) : [...diets, tag];
  return DIET_TAGS.filter((d) => on.includes(d));
}

/** Whole minutes or servings as typed: the number, null for '', NaN for anything else. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the form sends: trimmed, without rows that name no ingredient nor steps without text. */
export function recipeInput(recipe: RecipeDraft): RecipeInput {
  const ingredients: IngredientInput[] = [];
  let section = '';
  for (const entry of recipe.ingredients) {
    if (entry.kind === 'section') {
      section = entry.name.trim();
      continue;
    }
    const item = entry.item.trim();
    if (!item) continue;
    const row: IngredientInput = { item };
    const [quantity, unit, note] = [entry.quantity.trim(), unitId(entry.unit), entry.note.trim()];
    if (section) row.section = section;
    if (quantity) row.quantity = quantity;
    if (unit) row.unit = unit;
    if (note) row.note = note;
    ingredients.push(row);
  }
  return {
    title: recipe.title.trim(),
    servings: wholeNumber(recipe.servings) ?? Number.NaN,
    prep_minutes: wholeNumber(recipe.prep),
    cook_minutes: wholeNumber(recipe.cook),
    diet_tags: recipe.diets,
    ingredients,
    steps: recipe.steps
      .filter((step) => step.text.trim())
      .map((step) => ({ text: step.text.trim(), timer_minutes: wholeNumber(step.timer) })),
    source_url: recipe.sourceUrl,
  };
}
