import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { PANCAKES } from '@server/test/recipes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Recipes (issue 28): a food post's recipe written, read and replaced, who may read it (its post's
 * rules), 'My recipes' with search, the shopping list's scaling and merging, the food feed's filters
 * and every bad input answered with a 4xx that changes nothing.
 */
describe.each(dialects)('recipes (%s)', (dialect) => {
  let server: TestServer;
  let cook: GroupTestMember;
  let reader: GroupTestMember;
  let outsider: GroupTestMember;
  let secret: { id: string; slug: string };
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
    [cook, reader, outsider] = await Promise.all([
      groupTestMember(server, 'Cora Cook'),
      groupTestMember(server, 'Rita Reader'),
      groupTestMember(server, 'Otto Outsider'),
    ]);
    secret = await createTestGroup(cook, { name: 'Supper Club', privacy: 'secret', category: 'food' });
    await cook.client.post(`/api/groups/${secret.slug}/invitations`, { username: reader.username });
    expect((await reader.client.post(`/api/groups/${secret.slug}/join`, {})).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
  });

  const postRecipe = async (
    fields: Record<string, unknown> = {},
    recipe: Record<string, unknown> = PANCAKES,
  ) => {
    const res = await cook.client.post('/api/posts', {
      category: 'food',
      content: 'Our family pancakes',
      recipe: 'Grandma used buttermilk.',
      recipe_data: recipe,
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; has_recipe: boolean; recipe: string | null };
  };

  it('posts a recipe with its food post and reads it back as written, amounts as numbers', async () => {
    const post = await postRecipe();
    expect(post.has_recipe).toBe(true);
    expect(post.recipe).toBe('Grandma used buttermilk.');
    const res = await reader.client.get(`/api/posts/${post.id}/recipe`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      post_id: post.id,
      title: 'Sunday Pancakes',
      servings: 4,
      prep_minutes: 10,
      cook_minutes: 20,
      diet_tags: ['vegetarian'],
      source_url: null,
      saved_by_me: false,
      steps: [
        { text: 'Whisk everything together.', timer_minutes: null },
        { text: 'Cook on a hot griddle at 350°F.', timer_minutes: 3 },
      ],
    });
    expect(res.body.ingredients).toEqual([
      {
        section: '',
        quantity: '1 1/2',
        amount: 1.5,
        amount_max: null,
        unit: 'cup',
        item: 'Flour',
        note: 'sifted',
      },
      { section: '', quantity: '½', amount: 0.5, amount_max: null, unit: 'cup', item: 'milk', note: '' },
      { section: '', quantity: '2–3', amount: 2, amount_max: 3, unit: null, item: 'eggs', note: '' },
      { section: '', quantity: '', amount: null, amount_max: null, unit: 'pinch', item: 'salt', note: '' },
      {
        section: 'For the syrup',
        quantity: '8',
        amount: 8,
        amount_max: null,
        unit: 'ounce',
        item: 'maple syrup',
        note: '',
      },
    ]);
    // The feed tells which posts have one, without reading it.
    const feed = await reader.client.get('/api/posts?category=food');
    expect(feed.body.posts.find((p: { id: string }) => p.id === post.id)).toMatchObject({ has_recipe: true });
  });

  it('takes the recipe title as the text of a recipe posted without any', async () => {
    const post = await postRecipe({ content: undefined, recipe: undefined });
    expect((post as unknown as { content: string }).content).toBe('Sunday Pancakes');
  });

  it('refuses bad recipes with a message that says what to fix, and writes nothing', async () => {
    const before = (await cook.client.get('/api/posts?category=food')).body.posts.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...PANCAKES, servings: 0 }, 'recipe_servings_invalid'],
      [{ ...PANCAKES, servings: 101 }, 'recipe_servings_invalid'],
      [{ ...PANCAKES, servings: 2.5 }, 'recipe_servings_invalid'],
      [{ ...PANCAKES, prep_minutes: -1 }, 'recipe_minutes_invalid'],
      [{ ...PANCAKES, diet_tags: ['paleo'] }, 'recipe_diet_invalid'],
      [{ ...PANCAKES, diet_tags: ['vegan', 'vegan'] }, 'recipe_diet_repeated'],
      [{ ...PANCAKES, ingredients: [] }, 'recipe_ingredients_required'],
      [{ ...PANCAKES, ingredients: [{ quantity: 'lots', item: 'flour' }] }, 'recipe_quantity_invalid'],
      [{ ...PANCAKES, ingredients: [{ quantity: '0', item: 'flour' }] }, 'recipe_quantity_invalid'],
      [{ ...PANCAKES, ingredients: [{ quantity: '3–2', item: 'flour' }] }, 'recipe_quantity_invalid'],
      [{ ...PANCAKES, ingredients: [{ item: '' }] }, 'text_required'],
      [{ ...PANCAKES, ingredients: [{ item: 'a\u0000b' }] }, 'text_nul'],
      [{ ...PANCAKES, steps: [{ text: 'x'.repeat(1001) }] }, 'text_too_long'],
      [{ ...PANCAKES, steps: [{ text: 'Stir', timer_minutes: 0 }] }, 'recipe_timer_invalid'],
      [{ ...PANCAKES, source_url: 'javascript:alert(1)' }, 'recipe_url_invalid'],
      [{ ...PANCAKES, extra: true }, 'unknown_field'],
      [
        { ...PANCAKES, ingredients: Array.from({ length: 101 }, () => ({ item: 'salt' })) },
        'recipe_ingredients_too_many',
      ],
    ];
    for (const [recipe, code] of cases) {
      const res = await cook.client.post('/api/posts', {
        category: 'food',
        content: 'Bad',
        recipe_data: recipe,
      });
      expect(res.status, JSON.stringify(recipe).slice(0, 80)).toBe(400);
      expect(res.body.error.code, JSON.stringify(recipe).slice(0, 80)).toBe(code);
    }
    const notFood = await cook.client.post('/api/posts', {
      category: 'comedy',
      content: 'x',
      recipe_data: PANCAKES,
    });
    expect(notFood.status).toBe(400);
    expect(notFood.body.error.code).toBe('recipe_not_food');
    expect((await cook.client.get('/api/posts?category=food')).body.posts.length).toBe(before);
  });

  it('lets only the author replace or remove a recipe; the post and its notes stay', async () => {
    const post = await postRecipe();
    const changed = { ...PANCAKES, title: 'Weekday Pancakes', servings: 2, diet_tags: [], steps: [] };
    expect((await reader.client.request('PUT', `/api/posts/${post.id}/recipe`, changed)).status).toBe(403);
    expect((await reader.client.request('DELETE', `/api/posts/${post.id}/recipe`)).status).toBe(403);
    const res = await cook.client.request('PUT', `/api/posts/${post.id}/recipe`, changed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Weekday Pancakes', servings: 2, diet_tags: [], steps: [] });
    expect((await cook.client.request('DELETE', `/api/posts/${post.id}/recipe`)).status).toBe(204);
    expect((await reader.client.get(`/api/posts/${post.id}/recipe`)).status).toBe(404);
    const after = await reader.client.get(`/api/posts/${post.id}`);
    expect(after.body).toMatchObject({ has_recipe: false, recipe: 'Grandma used buttermilk.' });
    expect((await cook.client.request('DELETE', `/api/posts/${post.id}/recipe`)).status).toBe(404);
    // A recipe can be added to a food post later, and never to another category's.
    expect((await cook.client.request('PUT', `/api/posts/${post.id}/recipe`, PANCAKES)).status).toBe(200);
    const joke = await cook.client.post('/api/posts', { category: 'comedy', content: 'A joke' });
    const onJoke = await cook.client.request('PUT', `/api/posts/${joke.body.id}/recipe`, PANCAKES);
    expect(onJoke.status).toBe(400);
    expect(onJoke.body.error.code).toBe('recipe_not_food');
  });

  it("keeps a secret group's recipe from outsiders: reading, saving and listing", async () => {
    const post = await postRecipe({ group_id: secret.id });
    expect((await reader.client.get(`/api/posts/${post.id}/recipe`)).status).toBe(200);
    expect((await outsider.client.get(`/api/posts/${post.id}/recipe`)).status).toBe(404);
    expect((await outsider.client.request('PUT', `/api/recipes/saved/${post.id}`)).status).toBe(404);
    const add = await outsider.client.post('/api/recipes/shopping/recipe', { post_id: post.id });
    expect(add.status).toBe(404);
    expect((await outsider.client.get('/api/recipes/shopping')).body.items).toEqual([]);
    // The reader saves it, then leaves the group: it leaves their recipes with them.
    expect((await reader.client.request('PUT', `/api/recipes/saved/${post.id}`)).status).toBe(204);
    expect(
      (await reader.client.get('/api/recipes/saved')).body.recipes.map((r: { post_id: string }) => r.post_id),
    ).toContain(post.id);
    expect(
      (await reader.client.request('DELETE', `/api/groups/${secret.slug}/membership`)).status,
    ).toBeLessThan(300);
    expect(
      (await reader.client.get('/api/recipes/saved')).body.recipes.map((r: { post_id: string }) => r.post_id),
    ).not.toContain(post.id);
    expect((await reader.client.get(`/api/posts/${post.id}/recipe`)).status).toBe(404);
  });

  it("saves recipes to 'My recipes', searchable by title and ingredient, newest saved first", async () => {
    const soup = await postRecipe(
      {},
      {
        ...PANCAKES,
        title: 'Lentil Soup',
        ingredients: [{ quantity: '1', unit: 'cup', item: 'Red lentils' }],
      },
    );
    const cake = await postRecipe({}, { ...PANCAKES, title: 'Carrot Cake 100%' });
    const saver = await groupTestMember(server, 'Sue Saver');
    for (const id of [soup.id, cake.id]) {
      expect((await saver.client.request('PUT', `/api/recipes/saved/${id}`)).status).toBe(204);
    }
    // Saving twice keeps one.
    expect((await saver.client.request('PUT', `/api/recipes/saved/${soup.id}`)).status).toBe(204);
    const ids = async (query = '') =>
      (await saver.client.get(`/api/recipes/saved${query}`)).body.recipes.map(
        (r: { title: string }) => r.title,
      );
    expect(await ids()).toEqual(['Carrot Cake 100%', 'Lentil Soup']);
    expect(await ids('?q=LENTIL')).toEqual(['Lentil Soup']);
    expect(await ids('?q=flour')).toEqual(['Carrot Cake 100%']);
    expect(await ids('?q=100%25')).toEqual(['Carrot Cake 100%']);
    // % and _ are letters to search for, not patterns.
    expect(await ids('?q=%25')).toEqual(['Carrot Cake 100%']);
    expect(await ids('?q=_')).toEqual([]);
    const paged = await saver.client.get('/api/recipes/saved?limit=1');
    expect(paged.body.recipes).toHaveLength(1);
    const next = await saver.client.get(`/api/recipes/saved?limit=1&before=${paged.body.next_cursor}`);
    expect(next.body.recipes[0].title).toBe('Lentil Soup');
    expect((await saver.client.get(`/api/posts/${soup.id}/recipe`)).body.saved_by_me).toBe(true);
    // Nobody else's list shows them; unsaving twice says it is gone.
    expect((await reader.client.get('/api/recipes/saved?q=Lentil')).body.recipes).toEqual([]);
    expect((await saver.client.request('DELETE', `/api/recipes/saved/${soup.id}`)).status).toBe(204);
    expect((await saver.client.request('DELETE', `/api/recipes/saved/${soup.id}`)).status).toBe(404);
    expect((await saver.client.get(`/api/recipes/saved?q=${'x'.repeat(61)}`)).status).toBe(400);
  });

  it('puts a recipe on the shopping list scaled, converted and merged; ticks and clears', async () => {
    const post = await postRecipe();
    const shopper = await groupTestMember(server, 'Shay Shopper');
    const add = (body: Record<string, unknown>) => shopper.client.post('/api/recipes/shopping/recipe', body);
    let res = await add({ post_id: post.id, servings: 8 });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: Record<string, unknown>) => [i.item, i.amount, i.unit])).toEqual([
      ['Flour', 3, 'cup'],
      ['milk', 1, 'cup'],
      // A range goes on as its upper end: enough to cook it.
      ['eggs', 6, null],
      ['salt', null, 'pinch'],
      ['maple syrup', 16, 'ounce'],
    ]);
    expect(res.body.items[0].recipes).toEqual(['Sunday Pancakes']);
    // The same recipe again at 4 servings adds up, unit by unit.
    res = await add({ post_id: post.id });
    expect(res.body.items.map((i: Record<string, unknown>) => [i.item, i.amount])).toEqual([
      ['Flour', 4.5],
      ['milk', 1.5],
      ['eggs', 9],
      ['salt', null],
      ['maple syrup', 24],
    ]);
    // In metric, cups become ml: a row of its own (no guessing at a density).
    res = await add({ post_id: post.id, system: 'metric' });
    const metricFlour = res.body.items.find(
      (i: Record<string, unknown>) => i.item === 'Flour' && i.unit === 'milliliter',
    );
    expect(metricFlour.amount).toBeCloseTo(354.88, 1);
    // By hand: 'flour' in cups merges with 'Flour' in cups.
    res = await shopper.client.post('/api/recipes/shopping', { item: 'flour ', quantity: '½', unit: 'cup' });
    expect(
      res.body.items.find((i: Record<string, unknown>) => i.item === 'Flour' && i.unit === 'cup').amount,
    ).toBe(5);
    const milk = res.body.items.find((i: Record<string, unknown>) => i.item === 'milk');
    res = await shopper.client.request('PATCH', `/api/recipes/shopping/${milk.id}`, { checked: true });
    expect(res.body.items.at(-1)).toMatchObject({ id: milk.id, checked: true });
    // A ticked item stays bought: more milk starts a new row.
    res = await shopper.client.post('/api/recipes/shopping', { item: 'milk', quantity: '1', unit: 'cup' });
    expect(
      res.body.items.filter((i: Record<string, unknown>) => i.item === 'milk' && i.unit === 'cup'),
    ).toHaveLength(2);
    // Nobody else can tick or remove it.
    expect(
      (await reader.client.request('PATCH', `/api/recipes/shopping/${milk.id}`, { checked: false })).status,
    ).toBe(404);
    expect((await reader.client.request('DELETE', `/api/recipes/shopping/${milk.id}`)).status).toBe(404);
    res = await shopper.client.request('DELETE', '/api/recipes/shopping?which=checked');
    expect(res.body.items.some((i: Record<string, unknown>) => i.id === milk.id)).toBe(false);
    const bad = await shopper.client.request('DELETE', '/api/recipes/shopping?which=everything');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('shopping_which_invalid');
    for (const body of [
      { item: '' },
      { item: 'eggs', quantity: 'a dozen' },
      { item: 'x'.repeat(201) },
      { item: 'eggs', extra: 1 },
    ]) {
      expect((await shopper.client.post('/api/recipes/shopping', body)).status).toBe(400);
    }
    expect((await add({ post_id: post.id, servings: 0 })).status).toBe(400);
    expect((await add({ post_id: post.id, system: 'imperial' })).status).toBe(400);
    res = await shopper.client.request('DELETE', '/api/recipes/shopping?which=all');
    expect(res.body.items).toEqual([]);
  });

  it('filters the food feed by diet tag and searches it by ingredient', async () => {
    const vegan = await postRecipe(
      { content: 'Vegan chili' },
      {
        ...PANCAKES,
        title: 'Vegan Chili',
        diet_tags: ['vegan', 'gluten_free'],
        ingredients: [{ quantity: '2', unit: 'can', item: 'Black beans' }],
      },
    );
    const plain = await cook.client.post('/api/posts', {
      category: 'food',
      content: 'Just a photo of lunch',
    });
    const ids = async (query: string) =>
      (await reader.client.get(`/api/posts?category=food&${query}`)).body.posts.map(
        (p: { id: string }) => p.id,
      );
    const veganIds = await ids('diet=vegan');
    expect(veganIds).toContain(vegan.id);
    expect(veganIds).not.toContain(plain.body.id);
    expect(await ids('diet=vegetarian')).not.toContain(vegan.id);
    expect(await ids('ingredient=BLACK%20bean')).toEqual([vegan.id]);
    expect(await ids('ingredient=%25')).toEqual([]);
    const wrong = await reader.client.get('/api/posts?category=prayer&diet=vegan');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('diet_filter_food_only');
    expect((await reader.client.get('/api/posts?category=food&diet=paleo')).status).toBe(400);
  });

  it("puts the member's recipes, saved recipes and shopping list in their data export, nobody else's", async () => {
    const exporter = await groupTestMember(server, 'Eve Exporter');
    const res = await exporter.client.post('/api/posts', {
      category: 'food',
      content: 'Mine',
      recipe_data: { ...PANCAKES, title: 'Exported Stew' },
    });
    const theirs = await postRecipe({}, { ...PANCAKES, title: 'Not Mine' });
    await exporter.client.request('PUT', `/api/recipes/saved/${theirs.id}`);
    await exporter.client.post('/api/recipes/shopping', { item: 'leeks', quantity: '2' });
    const data = (await exporter.client.get('/api/settings/data')).body;
    expect(data.recipes.written).toHaveLength(1);
    expect(data.recipes.written[0]).toMatchObject({
      post_id: res.body.id,
      title: 'Exported Stew',
      diet_tags: ['vegetarian'],
      steps: PANCAKES.steps.map((step) => ({ text: step.text, timer_minutes: step.timer_minutes ?? null })),
    });
    expect(data.recipes.written[0].ingredients[0]).toMatchObject({
      quantity: '1 1/2',
      amount: 1.5,
      item: 'Flour',
    });
    expect(data.recipes.saved).toEqual([{ post_id: theirs.id, saved_at: expect.any(String) }]);
    expect(data.recipes.shopping_list).toEqual([
      expect.objectContaining({ item: 'leeks', amount: 2, checked: false, recipes: [] }),
    ]);
    expect(JSON.stringify(data.recipes)).not.toContain('Not Mine');
  });

  it('keeps encoded, foreign and huge ids to a 404 on every recipe route', async () => {
    for (const id of ['..%2F..%2Fetc', 'a%00b', 'x'.repeat(300), '00000000-0000-7000-8000-000000000000']) {
      // A path past the server's longest parameter is answered 414 before any route runs.
      const missing = id.length > 100 ? [404, 414] : [404];
      expect(missing).toContain((await reader.client.get(`/api/posts/${id}/recipe`)).status);
      expect(missing).toContain((await reader.client.request('PUT', `/api/recipes/saved/${id}`)).status);
      const tick = await reader.client.request('PATCH', `/api/recipes/shopping/${id}`, { checked: true });
      expect(missing).toContain(tick.status);
    }
    expect((await reader.client.get('/api/recipes/saved?before=bogus')).status).toBe(400);
  });
});
