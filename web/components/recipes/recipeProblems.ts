import { type ErrorParams, issueError, renderTemplate } from '@common/errorTemplates.ts';
import { parseQuantity } from '@common/recipes/quantities.ts';
import {
  RECIPE_ERRORS,
  RECIPE_MINUTES_MAX,
  RECIPE_SERVINGS_MAX,
  RECIPE_TIMER_MAX,
  recipeInputSchema,
} from '@common/schemas/recipes.ts';
import { errorText } from '@web/i18n/errors.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { type IngredientEntry, type RecipeDraft, recipeInput, wholeNumber } from './recipeDraft.ts';

/**
 * A recipe draft checked as the server checks it (common/schemas/recipes.ts), so each message stands
 * by its field before any trip: the server's own words for its checks (by their codes), and ours for
 * a missing title.
 */

/** The message of one of the server's recipe checks, in the language shown. */
const refusal = (code: keyof typeof RECIPE_ERRORS, params?: ErrorParams) =>
  errorText({ code, message: renderTemplate(RECIPE_ERRORS[code], params), ...(params ? { params } : {}) });

/** The message under an amount the API would refuse ('2 cups' in the amount box), or null. */
export const amountProblem = (quantity: string): string | null =>
  parseQuantity(quantity) === null ? refusal('recipe_quantity_invalid') : null;

/** The message under a timer that is not whole minutes from 1 to a day, or null. */
export function timerProblem(timer: string): string | null {
  const minutes = wholeNumber(timer);
  return minutes !== null && !(minutes >= 1 && minutes <= RECIPE_TIMER_MAX)
    ? refusal('recipe_timer_invalid', { max: RECIPE_TIMER_MAX })
    : null;
}

export interface RecipeProblems {
  title?: string;
  servings?: string;
  prep?: string;
  cook?: string;
  ingredients?: string;
  /** By the row's key. */
  amounts: Record<string, string>;
  /** By the step's key. */
  timers: Record<string, string>;
  /** What the shared schema refused that none of the fields above shows. */
  other?: string;
}

/**
 * What stops the recipe from being posted, checked as the server does (the message stands by its
 * field without a trip). Rows without an ingredient are dropped, so their amounts do not count.
 */
export function recipeProblems(recipe: RecipeDraft): RecipeProblems {
  const problems: RecipeProblems = { amounts: {}, timers: {} };
  if (!recipe.title.trim()) problems.title = i18n.t(msg('Give the recipe a title.'));
  const servings = wholeNumber(recipe.servings);
  if (servings === null || !(servings >= 1 && servings <= RECIPE_SERVINGS_MAX))
    problems.servings = refusal('recipe_servings_invalid', { max: RECIPE_SERVINGS_MAX });
  for (const field of ['prep', 'cook'] as const) {
    const minutes = wholeNumber(recipe[field]);
    if (minutes !== null && !(minutes <= RECIPE_MINUTES_MAX))
      problems[field] = refusal('recipe_minutes_invalid', { max: RECIPE_MINUTES_MAX });
  }
  const rows = recipe.ingredients.filter(
    (entry): entry is IngredientEntry => entry.kind === 'ingredient' && entry.item.trim() !== '',
  );
  if (rows.length === 0) problems.ingredients = refusal('recipe_ingredients_required');
  for (const row of rows) {
    const problem = amountProblem(row.quantity);
    if (problem) problems.amounts[row.key] = problem;
  }
  for (const step of recipe.steps) {
    const problem = step.text.trim() ? timerProblem(step.timer) : null;
    if (problem) problems.timers[step.key] = problem;
  }
  if (!firstProblem(problems)) {
    const parsed = recipeInputSchema.safeParse(recipeInput(recipe));
    if (!parsed.success && parsed.error.issues[0])
      problems.other = errorText(issueError(parsed.error.issues[0]));
  }
  return problems;
}

/** The first message of `problems` in the form's order, or undefined when the recipe can be posted. */
export function firstProblem(problems: RecipeProblems): string | undefined {
  return (
    problems.title ??
    problems.servings ??
    problems.prep ??
    problems.cook ??
    problems.ingredients ??
    Object.values(problems.amounts)[0] ??
    Object.values(problems.timers)[0] ??
    problems.other
  );
}
