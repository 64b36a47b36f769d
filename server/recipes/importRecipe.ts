import type { RecipeImport } from '@common/schemas/recipes.ts';
import { badRequest } from '@server/http/errors.ts';
import { readRecipe } from './readRecipe.ts';
import { type FetchPageOptions, fetchPage } from './safeFetch.ts';

/**
 * 'Import a recipe from a link' (issue 28): the page at `url`, read safely (safeFetch.ts), and the
 * schema.org Recipe it describes, as the form's fields for the member to check before posting. The
 * source is the address the page was finally read from, after redirects. Throws fetchPage's import_*
 * errors, or 400 import_no_recipe when the page describes no recipe.
 */
export async function importRecipe(url: string, options: FetchPageOptions): Promise<RecipeImport> {
  const page = await fetchPage(url, options);
  const recipe = readRecipe(page.html, page.url);
  if (!recipe) throw badRequest('import_no_recipe');
  return recipe;
}
