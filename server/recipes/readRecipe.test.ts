import { recipeImportSchema, recipeInputSchema } from '@common/schemas/recipes.ts';
import {
  brokenJsonLdPage,
  graphPage,
  HONEY_GARLIC_CHICKEN,
  jsonLdPage,
  microdataPage,
  nonePage,
} from '@server/test/recipeFixturePages.ts';
import { describe, expect, it } from 'vitest';
import { readRecipe } from './readRecipe.ts';

const PAGE_URL = 'https://www.example.com/recipes/honey-garlic-chicken';
const withJsonLd = (data: unknown) =>
  `<html><head><script type="application/ld+json">${JSON.stringify(data)}</script></head></html>`;
const recipeWith = (fields: Record<string, unknown>) =>
  readRecipe(
    withJsonLd({ '@type': 'Recipe', name: 'Toast', recipeIngredient: ['1 slice bread'], ...fields }),
    PAGE_URL,
  );

describe('readRecipe', () => {
  it('reads a plain JSON-LD Recipe into the form’s fields', () => {
    const found = readRecipe(jsonLdPage(), PAGE_URL);
    expect(recipeImportSchema.parse(found)).toEqual(found);
    expect(found).toEqual({
      recipe: {
        title: 'Honey Garlic Chicken',
        servings: 4,
        prep_minutes: 15,
        cook_minutes: 30,
        diet_tags: ['gluten_free'],
        ingredients: [
          { section: '', quantity: '1 ½', unit: 'pound', item: 'chicken thighs', note: 'boneless' },
          { section: '', quantity: '⅓', unit: 'cup', item: 'honey', note: '' },
          { section: '', quantity: '2', unit: 'tablespoon', item: 'soy sauce', note: '' },
          { section: '', quantity: '4', unit: 'clove', item: 'garlic', note: 'minced' },
          { section: '', quantity: '', unit: 'pinch', item: 'salt', note: '' },
        ],
        steps: [
          { text: 'Whisk the honey, soy sauce and garlic.', timer_minutes: null },
          // The HTML in a step's text is stripped; a step's performTime is its timer.
          { text: 'Coat the chicken in the sauce.', timer_minutes: null },
          { text: 'Bake at 400°F for 25 minutes.', timer_minutes: 25 },
        ],
        source_url: PAGE_URL,
      },
      description: 'Sticky, sweet and savoury & ready in 45 minutes.',
      source_name: 'example.com',
    });
  });

  it('passes the form’s own schema once a member posts it unchanged', () => {
    for (const html of [jsonLdPage(), graphPage(), microdataPage(), brokenJsonLdPage()]) {
      const { recipe } = readRecipe(html, PAGE_URL)!;
      expect(recipeInputSchema.safeParse(recipe).success).toBe(true);
    }
  });

  it('finds the Recipe in Yoast’s @graph, typed as an array, with its steps in a HowToSection', () => {
    const { recipe, description } = readRecipe(graphPage(), 'https://soup.example/lentil-soup/')!;
    expect(recipe.title).toBe('Vegan Lentil Soup');
    expect(description).toBe('A thick, warming soup.');
    expect(recipe.servings).toBe(6);
    expect([recipe.prep_minutes, recipe.cook_minutes]).toEqual([10, 65]);
    expect(recipe.diet_tags).toEqual(['vegetarian', 'vegan']);
    expect(recipe.ingredients[1]).toEqual({
      section: '',
      quantity: '2–3',
      unit: '',
      item: 'carrots',
      note: 'diced',
    });
    expect(recipe.ingredients[4]).toMatchObject({ quantity: '', item: 'salt and pepper to taste' });
    // One section named 'Instructions' says nothing: its name is dropped. A step with only a name keeps it.
    expect(recipe.steps.map((step) => step.text)).toEqual([
      'Soften the onion and carrots.',
      'Add the lentils and broth & simmer for 30 minutes.',
      'Season to taste.',
    ]);
  });

  it('reads microdata when a page has no JSON-LD', () => {
    const found = readRecipe(microdataPage(), 'http://old.example/cornbread.html')!;
    expect(recipeImportSchema.parse(found)).toEqual(found);
    expect(found.recipe).toMatchObject({
      title: "Grandma's Cornbread",
      servings: 8,
      prep_minutes: 10,
      cook_minutes: 25,
      diet_tags: ['vegetarian'],
    });
    expect(found.description).toBe('Golden, crumbly and just sweet enough.');
    expect(found.source_name).toBe('old.example');
    expect(found.recipe.ingredients[2]).toEqual({
      section: '',
      quantity: '½',
      unit: 'cup',
      item: 'butter',
      note: 'melted',
    });
    expect(found.recipe.ingredients[4]).toMatchObject({ quantity: '1 ¼', unit: 'cup', item: 'milk' });
    // The author's nested item is not the recipe's: its name is not the title.
    expect(found.recipe.steps.map((step) => step.text)).toEqual([
      'Heat the oven to 400°F.',
      'Mix everything & pour into a greased pan.',
      'Bake for 25 minutes.',
    ]);
  });

  it('skips a broken JSON-LD block and reads the next; @type may list several types', () => {
    const { recipe } = readRecipe(brokenJsonLdPage(), PAGE_URL)!;
    expect(recipe.title).toBe('Pancakes');
    expect(recipe.servings).toBe(2);
    // 'soon' is no duration.
    expect([recipe.prep_minutes, recipe.cook_minutes]).toEqual([null, 10]);
    // Instructions as one text: a step per line, empty lines dropped.
    expect(recipe.steps).toEqual([
      { text: 'Whisk everything.', timer_minutes: null },
      { text: 'Fry in a hot pan.', timer_minutes: null },
    ]);
  });

  it('answers null for a page without a Recipe, or a Recipe without ingredients', () => {
    expect(readRecipe(nonePage(), PAGE_URL)).toBeNull();
    expect(readRecipe('<html><body><p>Hello</p></body></html>', PAGE_URL)).toBeNull();
    expect(readRecipe('', PAGE_URL)).toBeNull();
    expect(readRecipe('<script type="application/ld+json">{{{</script>', PAGE_URL)).toBeNull();
    expect(recipeWith({ recipeIngredient: [] })).toBeNull();
  });

  it('reads the legacy `ingredients`, a Recipe nested in another node, and sections', () => {
    const nested = withJsonLd({
      '@type': 'WebPage',
      mainEntity: {
        '@type': 'https://schema.org/Recipe',
        name: 'Pie',
        ingredients: ['For the crust:', '2 cups flour', 'For the filling:', '3 apples, sliced'],
        recipeInstructions: [
          {
            '@type': 'HowToSection',
            name: 'Crust',
            itemListElement: [{ '@type': 'HowToStep', text: 'Rub in the butter.' }, 'Chill.'],
          },
          { '@type': 'HowToSection', name: 'Filling', itemListElement: ['Slice the apples.'] },
        ],
      },
    });
    const { recipe } = readRecipe(nested, PAGE_URL)!;
    expect(recipe.ingredients.map((row) => [row.section, row.item])).toEqual([
      ['For the crust', 'flour'],
      ['For the filling', 'apples'],
    ]);
    // Two sections: each one's first step starts with its name.
    expect(recipe.steps.map((step) => step.text)).toEqual([
      'Crust: Rub in the butter.',
      'Chill.',
      'Filling: Slice the apples.',
    ]);
  });

  it('reads servings and times written in several ways, and clamps them', () => {
    expect(recipeWith({ recipeYield: 12 })!.recipe.servings).toBe(12);
    expect(recipeWith({ recipeYield: ['', 'Serves 3'] })!.recipe.servings).toBe(3);
    expect(recipeWith({ recipeYield: 'a crowd' })!.recipe.servings).toBe(4);
    expect(recipeWith({})!.recipe.servings).toBe(4);
    expect(recipeWith({ recipeYield: '500 cookies' })!.recipe.servings).toBe(100);
    expect(recipeWith({ prepTime: 'PT1H30M', cookTime: 'P1DT2H' })!.recipe).toMatchObject({
      prep_minutes: 90,
      cook_minutes: 1560,
    });
    expect(recipeWith({ cookTime: 'P1W' })!.recipe.cook_minutes).toBe(2880);
    expect(recipeWith({ prepTime: '-PT5M', cookTime: 15 })!.recipe).toMatchObject({
      prep_minutes: null,
      cook_minutes: null,
    });
    // Without cookTime, what totalTime has beyond the prep.
    expect(recipeWith({ prepTime: 'PT10M', totalTime: 'PT45M' })!.recipe.cook_minutes).toBe(35);
  });

  it('maps schema.org diets to our tags and drops the rest', () => {
    const { recipe } = recipeWith({
      suitableForDiet: [
        'VeganDiet',
        'https://schema.org/HalalDiet',
        { '@id': 'http://schema.org/KosherDiet' },
        'https://schema.org/LowLactoseDiet',
        'https://schema.org/LowCalorieDiet',
        'VeganDiet',
      ],
    })!;
    expect(recipe.diet_tags).toEqual(['vegan', 'dairy_free', 'halal', 'kosher']);
  });

  it('cuts long texts to the form’s limits and keeps at most 100 ingredients and 50 steps', () => {
    const { recipe, description } = recipeWith({
      name: 'T'.repeat(300),
      description: 'D'.repeat(6000),
      recipeIngredient: Array.from({ length: 150 }, (_, i) => `${i + 1} cups ${'x'.repeat(300)}`),
      recipeInstructions: Array.from({ length: 80 }, () => 'S'.repeat(1500)),
    })!;
    expect(recipe.title).toHaveLength(120);
    expect(description).toHaveLength(5000);
    expect(recipe.ingredients).toHaveLength(100);
    expect(recipe.ingredients[0]!.item).toHaveLength(200);
    expect(recipe.steps).toHaveLength(50);
    expect(recipe.steps[0]!.text).toHaveLength(1000);
    expect(recipeInputSchema.safeParse(recipe).success).toBe(true);
  });

  it('strips markup and decodes entities in every text, and falls back to the page title', () => {
    // `</` is written `<\/` in the JSON, as sites do, so the block's own </script> ends it.
    const html = `<html><head><title>Soup &amp; Bread</title><script type="application/ld+json">${JSON.stringify(
      {
        '@type': 'Recipe',
        recipeIngredient: ['<a href="/x">2 cups</a> stock &amp; water'],
        recipeInstructions:
          '<ol><li>Boil &lt;gently&gt;.</li><li>Serve <script>alert(1)</script>hot.</li></ol>',
      },
    ).replace(/<\//g, '<\\/')}</script></head></html>`;
    const { recipe } = readRecipe(html, PAGE_URL)!;
    expect(recipe.title).toBe('Soup & Bread');
    expect(recipe.ingredients[0]).toMatchObject({ quantity: '2', unit: 'cup', item: 'stock & water' });
    expect(recipe.steps.map((step) => step.text)).toEqual(['Boil <gently>.', 'Serve hot.']);
  });

  it('reads a hostile page quickly: tags nested 100,000 deep, in the page and in a JSON-LD text', () => {
    const started = Date.now();
    const deepPage = `<div itemscope itemtype="https://schema.org/Recipe"><span itemprop="name">Deep</span>
      <span itemprop="recipeIngredient">1 egg</span>${'<div>'.repeat(100_000)}</div>`;
    expect(readRecipe(deepPage, PAGE_URL)!.recipe.title).toBe('Deep');
    const deepStep = recipeWith({ recipeInstructions: `${'<b>'.repeat(100_000)}Stir.` })!;
    expect(deepStep.recipe.steps).toEqual([]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('prefers JSON-LD over microdata, and the first Recipe with ingredients', () => {
    const html = `${withJsonLd([
      { '@type': 'Recipe', name: 'Empty' },
      { ...HONEY_GARLIC_CHICKEN, name: 'From JSON-LD' },
    ])}${microdataPage()}`;
    expect(readRecipe(html, PAGE_URL)!.recipe.title).toBe('From JSON-LD');
  });
});
