import WebAutoExtractor from '@marbec/web-auto-extractor';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  type TestServer,
} from '@server/test/harness.ts';
import { PANCAKES } from '@server/test/recipes.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoMinutes } from './recipeJsonLd.ts';

describe('isoMinutes', () => {
  it('writes minutes as ISO 8601 durations', () => {
    expect([0, 5, 60, 90, 125, 2880].map(isoMinutes)).toEqual([
      'PT0M',
      'PT5M',
      'PT1H',
      'PT1H30M',
      'PT2H5M',
      'PT48H',
    ]);
  });
});

/**
 * A food post's page carries its recipe as schema.org/Recipe JSON-LD (issue 28), read back here by
 * an independent structured-data parser from npm (@marbec/web-auto-extractor), as another recipe app
 * importing from Splikz would read it.
 */
describe.each(dialects)('the recipe on a food post page (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS, {
      webIndexHtml:
        '<!doctype html><html><head><title>Splikz</title></head><body><div id="root"></div></body></html>',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const recipesOn = async (postId: string, cookie?: string) => {
    const res = await fetch(`${server.baseUrl}/post/${postId}`, cookie ? { headers: { cookie } } : {});
    expect(res.status).toBe(200);
    const data = new WebAutoExtractor({ addLocation: false, embedSource: false }).parse(await res.text());
    return (data.jsonld.Recipe ?? []) as Array<Record<string, any>>;
  };

  it('has every field another app imports a recipe by', async () => {
    const { client } = await signedInMember(server, { name: 'Cora Cook' });
    const photo = await uploadPhoto(server, client);
    const res = await client.post('/api/posts', {
      category: 'food',
      content: 'Our family pancakes </script><script>alert(1)</script>',
      media_id: photo.id,
      recipe_data: {
        ...PANCAKES,
        diet_tags: ['vegetarian', 'halal'],
        source_url: 'https://www.example.org/pancakes',
      },
    });
    expect(res.status).toBe(201);
    const [recipe, ...more] = await recipesOn(res.body.id);
    expect(more).toEqual([]);
    expect(recipe).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Sunday Pancakes',
      description: 'Our family pancakes </script><script>alert(1)</script>',
      author: { '@type': 'Person', name: 'Cora Cook' },
      recipeYield: ['4', '4 servings'],
      prepTime: 'PT10M',
      cookTime: 'PT20M',
      totalTime: 'PT30M',
      suitableForDiet: ['https://schema.org/VegetarianDiet', 'https://schema.org/HalalDiet'],
      recipeIngredient: [
        '1 1/2 cup Flour, sifted',
        '½ cup milk',
        '2–3 eggs',
        'pinch salt',
        '8 ounce maple syrup',
      ],
      recipeInstructions: [
        { '@type': 'HowToStep', position: 1, text: 'Whisk everything together.' },
        { '@type': 'HowToStep', position: 2, text: 'Cook on a hot griddle at 350°F.', timeRequired: 'PT3M' },
      ],
      isBasedOn: 'https://www.example.org/pancakes',
      url: `${server.baseUrl}/post/${res.body.id}`,
    });
    expect(recipe!.image).toEqual([`${server.baseUrl}${res.body.image_url}`]);
    expect(new Date(recipe!.datePublished).toISOString()).toBe(res.body.created_at);
  });

  it('carries none on a post without a recipe, and none where the post is not shown', async () => {
    const { client } = await signedInMember(server, { name: 'Gil Group' });
    const plain = await client.post('/api/posts', { category: 'food', content: 'Lunch' });
    expect(await recipesOn(plain.body.id)).toEqual([]);
    const group = await client.post('/api/groups', {
      name: 'Secret Kitchen',
      category: 'food',
      privacy: 'secret',
    });
    const hidden = await client.post('/api/posts', {
      category: 'food',
      content: 'Family secret',
      group_id: group.body.id,
      recipe_data: PANCAKES,
    });
    expect(hidden.status).toBe(201);
    const page = await fetch(`${server.baseUrl}/post/${hidden.body.id}`);
    expect(await page.text()).not.toContain('Sunday Pancakes');
  });
});
