import { type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { type RecipeFixtureSite, startRecipeFixtureSite } from '@server/test/recipeFixtureSite.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * 'Import from a link' over HTTP (issue 28): the server reads a local recipe website (on 127.0.0.2,
 * allowed by RECIPE_IMPORT_ALLOW; 127.0.0.1 stays private) written each way sites write recipes, and
 * refuses every way a link goes wrong, on both databases. server/recipes/*.test.ts test the reading
 * and the safe fetch in detail.
 */
describe.each(dialects)('POST /api/recipes/import (%s)', (dialect) => {
  let server: TestServer;
  let site: RecipeFixtureSite;
  let cook: GroupTestMember;
  beforeAll(async () => {
    site = await startRecipeFixtureSite('127.0.0.2');
    server = await startTestServer(dialect, { ...GENEROUS_AUTH_LIMITS, recipeImportAllow: ['127.0.0.2/32'] });
    cook = await groupTestMember(server, 'Ivy Importer');
  });
  afterAll(async () => {
    await server.close();
    await site.close();
  });

  const importing = (url: string, who = cook) => who.client.post('/api/recipes/import', { url });

  it('fills the form from JSON-LD, a Yoast @graph and microdata, keeping the source', async () => {
    const plain = await importing(`${site.url}/recipes/jsonld`);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.recipe).toMatchObject({
      title: 'Honey Garlic Chicken',
      servings: 4,
      prep_minutes: 15,
      cook_minutes: 30,
      diet_tags: ['gluten_free'],
      source_url: `${site.url}/recipes/jsonld`,
    });
    expect(plain.body.recipe.ingredients[0]).toMatchObject({
      quantity: '1 ½',
      unit: 'pound',
      item: 'chicken thighs',
    });
    expect(plain.body.source_name).toBe('127.0.0.2');
    // The User-Agent says who is asking.
    expect(await (await fetch(`${site.url}/last-user-agent`)).text()).toMatch(/^SplikzRecipeImport\/1\.0/);

    const graph = await importing(`${site.url}/recipes/graph`);
    expect(graph.body.recipe).toMatchObject({ title: 'Vegan Lentil Soup', servings: 6 });
    expect(graph.body.recipe.diet_tags).toEqual(expect.arrayContaining(['vegan', 'vegetarian']));
    expect(graph.body.recipe.steps.length).toBeGreaterThan(1);

    const micro = await importing(`${site.url}/recipes/microdata`);
    expect(micro.body.recipe.title).toBe("Grandma's Cornbread");
    expect(micro.body.recipe.ingredients).toContainEqual(
      expect.objectContaining({ quantity: '½', unit: 'cup', item: 'butter', note: 'melted' }),
    );
    // What an import gives is what the post takes: it posts as it came.
    const post = await cook.client.post('/api/posts', {
      category: 'food',
      content: micro.body.description || 'Cornbread',
      recipe_data: micro.body.recipe,
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const saved = await cook.client.get(`/api/posts/${post.body.id}/recipe`);
    expect(saved.body.source_name).toBe('127.0.0.2');
  });

  it('refuses what is no recipe, private addresses, endless redirects, huge and slow pages', async () => {
    const cases: Array<[string, number, string]> = [
      [`${site.url}/recipes/none`, 400, 'import_no_recipe'],
      [`${site.url}/redirect/private`, 400, 'import_blocked'],
      [`${site.url}/redirect/chain/4`, 400, 'import_too_many_redirects'],
      [`${site.url}/huge`, 400, 'import_too_large'],
      [`${site.url}/not-html`, 400, 'import_failed'],
      [`${site.url}/missing`, 400, 'import_failed'],
      ['http://127.0.0.1:9/recipes/jsonld', 400, 'import_blocked'],
      ['http://localhost/recipes', 400, 'import_blocked'],
      ['http://169.254.169.254/latest/meta-data/', 400, 'import_blocked'],
      ['http://[::1]/recipes', 400, 'import_blocked'],
      ['file:///etc/passwd', 400, 'recipe_url_invalid'],
      ['javascript:alert(1)', 400, 'recipe_url_invalid'],
      ['not a url', 400, 'recipe_url_invalid'],
    ];
    // Ten imports a minute each: a fresh member for every few cases.
    let member = cook;
    for (const [index, [url, status, code]] of cases.entries()) {
      if (index % 8 === 0) member = await groupTestMember(server, `Rex Refused ${index}`);
      const res = await importing(url, member);
      expect(res.status, url).toBe(status);
      expect(res.body.error.code, url).toBe(code);
    }
    member = await groupTestMember(server, 'Cal Chained');
    const chained = await importing(`${site.url}/redirect/chain/2`, member);
    expect(chained.body.recipe.title).toBe('Honey Garlic Chicken');
    // The import gives up after 10 seconds.
    const started = Date.now();
    const slow = await importing(`${site.url}/slow?ms=13000`, member);
    expect(slow.body.error.code).toBe('import_timeout');
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 30_000);

  it('needs a signed-in member and limits how often one imports', async () => {
    const visitor = await fetch(`${server.baseUrl}/api/recipes/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ url: `${site.url}/recipes/jsonld` }),
    });
    expect(visitor.status).toBe(401);
    const eager = await groupTestMember(server, 'Eli Eager');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await importing('http://10.0.0.1/', eager)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
