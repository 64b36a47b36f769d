import { recipeImportSchema } from '@common/schemas/recipes.ts';
import { HttpError } from '@server/http/errors.ts';
import { type RecipeFixtureSite, startRecipeFixtureSite } from '@server/test/recipeFixtureSite.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FetchPageOptions, fetchPage, importRecipe } from './importRecipe.ts';

const USER_AGENT = 'SplikzRecipeImport/1.0 (+https://splikz.test/about)';
const OPTIONS: FetchPageOptions = { userAgent: USER_AGENT, allow: ['127.0.0.2/32'] };

/** The error an import fails with, as the API would answer it: status, code and params. */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, code, params } = error as HttpError;
  return { statusCode, code, params };
}

describe('importRecipe', () => {
  let site: RecipeFixtureSite;
  /** A site on 127.0.0.1, which must never be reached. */
  let inside: RecipeFixtureSite;

  beforeAll(async () => {
    site = await startRecipeFixtureSite('127.0.0.2');
    inside = await startRecipeFixtureSite('127.0.0.1');
  });
  afterAll(async () => {
    await site.close();
    await inside.close();
  });

  it('imports JSON-LD, @graph and microdata pages', async () => {
    const chicken = await importRecipe(`${site.url}/recipes/jsonld`, OPTIONS);
    expect(recipeImportSchema.parse(chicken)).toEqual(chicken);
    expect(chicken.recipe).toMatchObject({
      title: 'Honey Garlic Chicken',
      servings: 4,
      prep_minutes: 15,
      cook_minutes: 30,
      diet_tags: ['gluten_free'],
      source_url: `${site.url}/recipes/jsonld`,
    });
    expect(chicken.recipe.ingredients[0]).toEqual({
      section: '',
      quantity: '1 ½',
      unit: 'pound',
      item: 'chicken thighs',
      note: 'boneless',
    });
    expect(chicken.source_name).toBe('127.0.0.2');

    const soup = await importRecipe(`${site.url}/recipes/graph`, OPTIONS);
    expect(recipeImportSchema.parse(soup).recipe).toMatchObject({
      title: 'Vegan Lentil Soup',
      diet_tags: ['vegetarian', 'vegan'],
    });
    const cornbread = await importRecipe(`${site.url}/recipes/microdata`, OPTIONS);
    expect(recipeImportSchema.parse(cornbread).recipe.title).toBe("Grandma's Cornbread");
  });

  it('sends our User-Agent and asks for HTML', async () => {
    await fetchPage(`${site.url}/recipes/none`, OPTIONS);
    const seen = await fetch(`${site.url}/last-user-agent`).then((response) => response.text());
    expect(seen).toBe(USER_AGENT);
  });

  it('answers import_no_recipe for a page without one', async () => {
    expect(await failure(importRecipe(`${site.url}/recipes/none`, OPTIONS))).toEqual({
      statusCode: 400,
      code: 'import_no_recipe',
      params: undefined,
    });
  });

  it('follows up to three redirects, and reports the final address as the source', async () => {
    const found = await importRecipe(`${site.url}/redirect/chain/2`, OPTIONS);
    expect(found.recipe.source_url).toBe(`${site.url}/recipes/jsonld`);
    expect((await failure(importRecipe(`${site.url}/redirect/chain/4`, OPTIONS))).code).toBe(
      'import_too_many_redirects',
    );
  });

  it('refuses a redirect into the private network or to another scheme, without connecting', async () => {
    const port = new URL(inside.url).port;
    const blocked = await failure(importRecipe(`${site.url}/redirect/private?port=${port}`, OPTIONS));
    expect(blocked).toMatchObject({ statusCode: 400, code: 'import_blocked' });
    expect((await failure(importRecipe(`${site.url}/redirect/file`, OPTIONS))).code).toBe('import_blocked');
    expect(inside.hits).toEqual([]);
  });

  it('refuses private, loopback and link-local addresses at once, by literal or by name', async () => {
    const insidePort = new URL(inside.url).port;
    const addresses = [
      `${inside.url}/recipes/jsonld`,
      `http://localhost:${insidePort}/recipes/jsonld`,
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0x7f.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ];
    for (const address of addresses) {
      const started = Date.now();
      expect(await failure(importRecipe(address, OPTIONS)), address).toMatchObject({
        statusCode: 400,
        code: 'import_blocked',
      });
      expect(Date.now() - started, address).toBeLessThan(1000);
    }
    expect(inside.hits).toEqual([]);
  });

  it('refuses 127.0.0.2 too unless it is allowed', async () => {
    const blocked = await failure(importRecipe(`${site.url}/recipes/jsonld`, { userAgent: USER_AGENT }));
    expect(blocked.code).toBe('import_blocked');
    // A name is checked where it connects: allowing its addresses lets it through.
    const insidePort = new URL(inside.url).port;
    const allowed = await importRecipe(`http://localhost:${insidePort}/recipes/jsonld`, {
      userAgent: USER_AGENT,
      allow: ['127.0.0.1/32', '::1/128'],
    });
    expect(allowed.recipe.title).toBe('Honey Garlic Chicken');
    inside.hits.length = 0;
  });

  it('refuses addresses that are not web pages', async () => {
    for (const address of ['ftp://example.com/recipe', 'file:///etc/passwd', 'javascript:alert(1)', 'nope']) {
      expect((await failure(fetchPage(address, OPTIONS))).code, address).toBe('recipe_url_invalid');
    }
  });

  it('stops reading past the size limit, whatever Content-Length says', async () => {
    expect((await failure(importRecipe(`${site.url}/huge`, OPTIONS))).code).toBe('import_too_large');
    // A declared length over the limit is refused before reading.
    expect(
      (await failure(importRecipe(`${site.url}/recipes/jsonld`, { ...OPTIONS, maxBytes: 100 }))).code,
    ).toBe('import_too_large');
  });

  it('gives up after the time limit', async () => {
    const started = Date.now();
    const slow = await failure(importRecipe(`${site.url}/slow?ms=5000`, { ...OPTIONS, timeoutMs: 500 }));
    expect(slow).toMatchObject({ statusCode: 400, code: 'import_timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports what went wrong with the page', async () => {
    expect(await failure(importRecipe(`${site.url}/not-html`, OPTIONS))).toEqual({
      statusCode: 400,
      code: 'import_failed',
      params: { reason: 'not a web page' },
    });
    expect(await failure(importRecipe(`${site.url}/no-such-page`, OPTIONS))).toEqual({
      statusCode: 400,
      code: 'import_failed',
      params: { reason: 'HTTP 404' },
    });
    // Nothing listens on port 9 (discard) here.
    expect((await failure(importRecipe('http://127.0.0.2:9/', OPTIONS))).params).toEqual({
      reason: 'connection refused',
    });
  });
});
