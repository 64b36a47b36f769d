import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_REDIRECTS,
  IMPORT_TIMEOUT_MS,
  type RecipeImport,
} from '@common/schemas/recipes.ts';
import { badRequest, type HttpError } from '@server/http/errors.ts';
import { decodeText, FetchRefused, HTML_PAGE, safeFetch } from '@server/net/safeFetch.ts';
import { readRecipe } from './readRecipe.ts';

export interface FetchPageOptions {
  /** Sent as User-Agent: sites block anonymous clients, and should know who reads them. */
  userAgent: string;
  /** RECIPE_IMPORT_ALLOW: private addresses and CIDRs read anyway. */
  allow?: readonly string[];
  /** Tests shorten these; the defaults are the contract's. */
  timeoutMs?: number;
  maxBytes?: number;
}

/** What the import answers when the safe fetch refused or failed. */
function importError(refused: FetchRefused): HttpError {
  switch (refused.kind) {
    case 'invalid_url':
      return badRequest('recipe_url_invalid');
    case 'blocked':
      return badRequest('import_blocked');
    case 'too_many_redirects':
      return badRequest('import_too_many_redirects');
    case 'timeout':
      return badRequest('import_timeout');
    case 'too_large':
      return badRequest('import_too_large');
    case 'wrong_type':
      return badRequest('import_failed', { reason: 'not a web page' });
    case 'failed':
      return badRequest('import_failed', { reason: refused.reason ?? 'network error' });
  }
}

/**
 * The web page at `url` (read by server/net/safeFetch.ts) and the address it was finally read from,
 * after at most IMPORT_MAX_REDIRECTS redirects. Throws 400 recipe_url_invalid (not http(s)),
 * import_blocked (a private address, here or after a redirect, or a redirect to another scheme),
 * import_too_many_redirects, import_timeout, import_too_large, or import_failed { reason } (an HTTP
 * error, a network error, not HTML).
 */
export async function fetchPage(
  url: string,
  options: FetchPageOptions,
): Promise<{ url: string; html: string }> {
  try {
    const page = await safeFetch(url, {
      userAgent: options.userAgent,
      allow: options.allow ?? [],
      timeoutMs: options.timeoutMs ?? IMPORT_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? IMPORT_MAX_BYTES,
      maxRedirects: IMPORT_MAX_REDIRECTS,
      ...HTML_PAGE,
    });
    return { url: page.url, html: decodeText(page) };
  } catch (error) {
    throw error instanceof FetchRefused ? importError(error) : error;
  }
}

/**
 * 'Import a recipe from a link' (issue 28): the page at `url`, read safely, and the schema.org Recipe
 * it describes, as the form's fields for the member to check before posting. The source is the address
 * the page was finally read from, after redirects. Throws fetchPage's import_* errors, or 400
 * import_no_recipe when the page describes no recipe.
 */
export async function importRecipe(url: string, options: FetchPageOptions): Promise<RecipeImport> {
  const page = await fetchPage(url, options);
  const recipe = readRecipe(page.html, page.url);
  if (!recipe) throw badRequest('import_no_recipe');
  return recipe;
}
