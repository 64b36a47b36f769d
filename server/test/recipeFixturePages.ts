/**
 * The pages of the recipe fixture site (recipeFixtureSite.ts): recipes written the ways real sites
 * write them (plain JSON-LD, Yoast's @graph, microdata), a page without one, and a broken JSON-LD
 * block. readRecipe's tests read these strings directly; the import tests fetch them over HTTP.
 */

const page = (title: string, head: string, body: string) =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;

const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

export const HONEY_GARLIC_CHICKEN = {
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: '  Honey Garlic Chicken ',
  description: 'Sticky, <b>sweet</b> and savoury &amp; ready in 45 minutes.',
  image: ['https://example.com/chicken.jpg'],
  recipeYield: '4 servings',
  prepTime: 'PT15M',
  cookTime: 'PT30M',
  totalTime: 'PT45M',
  suitableForDiet: 'https://schema.org/GlutenFreeDiet',
  recipeIngredient: [
    '1 1/2 pounds chicken thighs, boneless',
    '1/3 cup honey',
    '2 tablespoons soy sauce',
    '4 cloves garlic, minced',
    'pinch of salt',
  ],
  recipeInstructions: [
    { '@type': 'HowToStep', text: 'Whisk the honey, soy sauce and garlic.' },
    { '@type': 'HowToStep', name: 'Coat', text: '<p>Coat the chicken in the <strong>sauce</strong>.</p>' },
    { '@type': 'HowToStep', text: 'Bake at 400°F for 25 minutes.', performTime: 'PT25M' },
  ],
};

/** A plain JSON-LD Recipe, the way most recipe plugins write it. */
export const jsonLdPage = () =>
  page(
    'Honey Garlic Chicken | Example Kitchen',
    jsonLd(HONEY_GARLIC_CHICKEN),
    '<h1>Honey Garlic Chicken</h1><p>A weeknight favourite.</p>',
  );

/** Yoast's shape: one block, @context once, the Recipe among other things in @graph, typed as an array. */
export const graphPage = () =>
  page(
    'Vegan Lentil Soup',
    jsonLd({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', '@id': 'https://soup.example/#webpage', name: 'Vegan Lentil Soup' },
        { '@type': 'Organization', '@id': 'https://soup.example/#org', name: 'Soup Example' },
        { '@type': 'Person', '@id': 'https://soup.example/#author', name: 'Ada Cook' },
        {
          '@type': ['Recipe'],
          '@id': 'https://soup.example/#recipe',
          name: 'Vegan Lentil Soup',
          description: 'A thick, warming soup.',
          author: { '@id': 'https://soup.example/#author' },
          recipeYield: ['6', '6 bowls'],
          prepTime: 'PT10M',
          cookTime: 'PT1H5M',
          suitableForDiet: ['https://schema.org/VeganDiet', 'https://schema.org/VegetarianDiet'],
          recipeIngredient: [
            '1 cup red lentils, rinsed',
            '2-3 carrots, diced',
            '1 onion, chopped',
            '4 cups vegetable broth',
            'salt and pepper to taste',
          ],
          recipeInstructions: [
            {
              '@type': 'HowToSection',
              name: 'Instructions',
              itemListElement: [
                { '@type': 'HowToStep', text: 'Soften the onion and carrots.' },
                { '@type': 'HowToStep', text: 'Add the lentils and broth &amp; simmer for 30 minutes.' },
                { '@type': 'HowToStep', name: 'Season to taste.' },
              ],
            },
          ],
        },
      ],
    }),
    '<article><h1>Vegan Lentil Soup</h1></article>',
  );

/** Only microdata, as older sites write it: no JSON-LD at all. */
export const microdataPage = () =>
  page(
    "Grandma's Cornbread",
    '',
    `<div itemscope itemtype="https://schema.org/Recipe">
  <h1 itemprop="name">Grandma&#39;s Cornbread</h1>
  <p itemprop="description">Golden, crumbly and <em>just sweet enough</em>.</p>
  <meta itemprop="recipeYield" content="8">
  <p>Prep: <time itemprop="prepTime" datetime="PT10M">10 minutes</time>,
     bake: <time itemprop="cookTime" datetime="PT25M">25 minutes</time></p>
  <link itemprop="suitableForDiet" href="https://schema.org/VegetarianDiet">
  <ul>
    <li itemprop="recipeIngredient">1 cup cornmeal</li>
    <li itemprop="recipeIngredient">1 cup flour</li>
    <li itemprop="recipeIngredient">½ cup butter, melted</li>
    <li itemprop="recipeIngredient">2 eggs</li>
    <li itemprop="recipeIngredient">1 ¼ cups milk</li>
  </ul>
  <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Grandma</span></div>
  <ol>
    <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
      <span itemprop="text">Heat the oven to 400°F.</span>
    </li>
    <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
      <span itemprop="text">Mix everything &amp; pour into a <b>greased</b> pan.</span>
    </li>
    <li itemprop="recipeInstructions" itemscope itemtype="https://schema.org/HowToStep">
      <span itemprop="text">Bake for 25 minutes.</span>
    </li>
  </ol>
</div>`,
  );

/** An ordinary article: JSON-LD, but no Recipe in it. */
export const nonePage = () =>
  page(
    'Ten Kitchen Tips',
    jsonLd({ '@context': 'https://schema.org', '@type': 'Article', headline: 'Ten Kitchen Tips' }),
    '<article><h1>Ten Kitchen Tips</h1><p>1. Keep your knives sharp.</p></article>',
  );

/** A plugin's broken block (a stray comma) before the good one. */
export const brokenJsonLdPage = () =>
  page(
    'Pancakes',
    `<script type="application/ld+json">{"@type": "Recipe", "name": "Broken",}</script>
${jsonLd({
  '@context': 'https://schema.org',
  '@type': ['Recipe', 'NewsArticle'],
  name: 'Pancakes',
  recipeYield: 2,
  prepTime: 'soon',
  cookTime: 'PT10M',
  recipeIngredient: ['1 cup flour', '1 egg', '1 cup milk'],
  recipeInstructions: 'Whisk everything.\nFry in a hot pan.\n\n',
})}`,
    '<h1>Pancakes</h1>',
  );

/** A long page (`kilobytes` of filler) that ends in a recipe, streamed in chunks. */
export function* hugePageChunks(kilobytes: number): Generator<string> {
  yield '<!doctype html><html><head><title>Huge</title></head><body>';
  const filler = `<p>${'lorem ipsum '.repeat(84)}</p>\n`.slice(0, 1024);
  for (let i = 0; i < kilobytes; i++) yield filler;
  yield `${jsonLd(HONEY_GARLIC_CHICKEN)}</body></html>`;
}
