import { expect, type Locator, type Page, test } from '@playwright/test';
import { RECIPE_SITE_URL } from '../playwright.config.ts';
import { createConfirmedMember, newMember } from './support/members.ts';
import { postRecipe } from './support/recipes.ts';

// Recipes (issue 28): a member imports a recipe from a link (the local recipe site, never the internet),
// adjusts it and posts it; another scales it, reads it in metric, saves it, shops for it; cook mode
// one step at a time; and the recipe alone on paper.

/** The recipe card on a post's page: the region its title names. */
const recipeCard = (within: Page | Locator, title: string) =>
  within.getByRole('region', { name: title, exact: true });

/** The list under one of a card's headings ('Ingredients', 'Steps'): its lines. */
const linesUnder = (card: Locator, heading: string) =>
  card
    .locator('div')
    .filter({ has: card.page().getByRole('heading', { name: heading, exact: true }) })
    .last()
    .getByRole('listitem');
/** One ingredient's line on a card by the words in it. */
const ingredient = (card: Locator, text: string) => linesUnder(card, 'Ingredients').filter({ hasText: text });
/** One step on a card by the words in it. */
const step = (card: Locator, text: string) => linesUnder(card, 'Steps').filter({ hasText: text });
/** A shopping list's row by the words in it. */
const lineOf = (list: Locator, text: string) => list.getByRole('listitem').filter({ hasText: text });

test('a recipe imported from a link, adjusted and posted; another member scales it, saves it and shops for it', async ({
  browser,
  baseURL,
}) => {
  const [ada, ben] = [newMember('cook'), newMember('reader')];
  const [cook, reader] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(cook!.request, baseURL!, ada);
  await createConfirmedMember(reader!.request, baseURL!, ben);

  // Ada opens the food composer and adds a recipe.
  await cook!.goto('/food');
  const composer = cook!.getByRole('region', { name: 'Share Your Food' });
  await composer.getByRole('button', { name: 'Add recipe' }).click();
  const editor = composer.getByRole('region', { name: 'Recipe', exact: true });
  await expect(editor.getByLabel('Recipe title')).toBeFocused();
  const address = editor.getByLabel('Paste a recipe page address');
  const importButton = editor.getByRole('button', { name: 'Import', exact: true });

  // A page with no recipe on it: the server says so, under the box.
  await address.fill(`${RECIPE_SITE_URL}/recipes/none`);
  await importButton.click();
  await expect(editor.getByRole('alert')).toHaveText(
    'No recipe was found on that page. You can type it in instead.',
  );
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  // The recipe page: the form fills from it, and the post text from its description.
  const recipePage = `${RECIPE_SITE_URL}/recipes/jsonld`;
  await address.fill(recipePage);
  // Typing again takes the message away.
  await expect(editor.getByText('No recipe was found on that page.')).toBeHidden();
  await expect(address).not.toHaveAttribute('aria-invalid');
  await importButton.click();
  await expect(editor.getByLabel('Recipe title')).toHaveValue('Honey Garlic Chicken');
  await expect(address).toHaveValue('');
  await expect(editor.getByText('Adapted from 127.0.0.2')).toBeVisible();
  await expect(editor.getByRole('link', { name: '127.0.0.2' })).toHaveAttribute('href', recipePage);
  await expect(editor.getByLabel('Servings')).toHaveValue('4');
  await expect(editor.getByLabel('Prep time (minutes)')).toHaveValue('15');
  await expect(editor.getByLabel('Cook time (minutes)')).toHaveValue('30');
  await expect(editor.getByRole('checkbox', { name: 'Gluten-free' })).toBeChecked();
  const items = editor.getByLabel('Ingredient', { exact: true });
  await expect(items).toHaveCount(5);
  expect(
    await items.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
  ).toEqual(['chicken thighs', 'honey', 'soy sauce', 'garlic', 'salt']);
  const honeyAmount = editor.getByLabel('Amount', { exact: true }).nth(1);
  await expect(honeyAmount).toHaveValue('⅓');
  await expect(editor.getByLabel('Unit', { exact: true }).nth(1)).toHaveValue('cup');
  await expect(editor.getByLabel('Note', { exact: true }).first()).toHaveValue('boneless');
  await expect(composer.getByLabel('Post text')).toHaveValue(
    'Sticky, sweet and savoury & ready in 45 minutes.',
  );

  // She likes it sweeter: ½ cup of honey. Her own words for the post, and it goes out.
  await honeyAmount.fill('1/2');
  const text = `Our Friday chicken ${Date.now().toString(36)}`;
  await composer.getByLabel('Post text').fill(text);
  const [created] = await Promise.all([
    cook!.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/posts',
    ),
    composer.getByRole('button', { name: 'Post', exact: true }).click(),
  ]);
  expect(created.status()).toBe(201);
  const postId = (await created.json()).id as string;
  await expect(cook!.getByText('Post shared!')).toBeVisible();
  await expect(composer.getByRole('button', { name: 'Add recipe' })).toBeVisible();
  // On the feed the recipe waits behind its 'Recipe' disclosure.
  const feedCard = cook!.getByRole('article').filter({ hasText: text });
  await feedCard.getByText('Recipe', { exact: true }).click();
  await expect(ingredient(recipeCard(feedCard, 'Honey Garlic Chicken'), 'honey')).toHaveText('½ cup honey');

  // Ben opens the post: the recipe shows at once, for 4, in the cups it was written in.
  await reader!.goto(`/post/${postId}`);
  const card = recipeCard(reader!, 'Honey Garlic Chicken');
  await expect(card).toBeVisible();
  await expect(card.getByText('Serves 4')).toBeVisible();
  await expect(card.getByText('Prep 15 min')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Diet' })).toHaveText('Gluten-free');
  await expect(card.getByRole('link', { name: '127.0.0.2' })).toHaveAttribute('href', recipePage);
  await expect(card.getByRole('button', { name: 'US', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(ingredient(card, 'honey')).toHaveText('½ cup honey');
  await expect(step(card, 'Bake at')).toContainText('Bake at 400°F for 25 minutes.');

  // He cooks for 8, in metric: ½ cup for 4 is 1 cup (237 ml) for 8; 1 ½ lb of chicken 3 lb (1.4 kg).
  await card.getByLabel('Servings', { exact: true }).fill('8');
  await expect(card.getByText('Serves 8')).toBeVisible();
  await expect(ingredient(card, 'honey')).toHaveText('1 cup honey');
  await card.getByRole('button', { name: 'Metric' }).click();
  await expect(card.getByRole('button', { name: 'Metric' })).toHaveAttribute('aria-pressed', 'true');
  await expect(ingredient(card, 'honey')).toHaveText('237 ml honey');
  await expect(ingredient(card, 'chicken thighs')).toHaveText('1.4 kg chicken thighs, boneless');
  await expect(ingredient(card, 'soy sauce')).toHaveText('59 ml soy sauce');
  await expect(ingredient(card, 'garlic')).toHaveText('8 cloves garlic, minced');
  // 400 °F is 204.4 °C: to the nearest 10, as oven dials have it (quantities.ts convertTemperatures).
  await expect(step(card, 'Bake at')).toContainText('Bake at 200 °C for 25 minutes.');

  // He saves it, and puts it on his shopping list as he sees it now.
  await card.getByRole('button', { name: 'Save recipe' }).click();
  await expect(card.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Add to shopping list' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Added to your shopping list' })).toBeVisible();

  // 'My recipes' lists it, and finds it by an ingredient.
  await reader!.goto('/recipes');
  await expect(reader!.getByRole('heading', { name: 'My recipes', level: 1 })).toBeVisible();
  const saved = reader!.getByRole('list', { name: 'My recipes' });
  await expect(saved.getByRole('article')).toHaveCount(1);
  await expect(saved.getByRole('link', { name: 'Honey Garlic Chicken' })).toHaveAttribute(
    'href',
    `/post/${postId}`,
  );
  const search = reader!.getByRole('searchbox', { name: 'Search recipes' });
  await search.fill('lentils');
  await expect(reader!.getByText('No recipes match "lentils".')).toBeVisible();
  await search.fill('soy sauce');
  await expect(saved.getByRole('link', { name: 'Honey Garlic Chicken' })).toBeVisible();

  // The shopping list holds the 8 servings in metric; a ticked item goes with 'Clear ticked'.
  await reader!.getByRole('link', { name: 'Shopping list' }).click();
  await expect(reader!.getByRole('heading', { name: 'Shopping list', level: 1 })).toBeVisible();
  const shopping = reader!.getByRole('region', { name: 'Items' }).getByRole('list');
  await expect(shopping.getByRole('listitem')).toHaveCount(5);
  const honey = lineOf(shopping, '237 ml honey');
  await expect(honey).toContainText('for Honey Garlic Chicken');
  await expect(lineOf(shopping, '1.4 kg chicken thighs')).toBeVisible();
  await expect(lineOf(shopping, '8 cloves garlic')).toBeVisible();
  await honey.getByRole('checkbox').check();
  await expect(honey.getByRole('checkbox')).toBeChecked();
  await reader!.getByRole('button', { name: 'Clear ticked' }).click();
  await expect(honey).toHaveCount(0);
  await expect(shopping.getByRole('listitem')).toHaveCount(4);
  await reader!.reload();
  await expect(lineOf(shopping, '59 ml soy sauce')).toBeVisible();
  await expect(shopping.getByRole('listitem')).toHaveCount(4);
  await expect(lineOf(shopping, '237 ml honey')).toHaveCount(0);
});

test('cook mode goes step by step with the arrow keys, and Escape leaves it', async ({ page, baseURL }) => {
  await createConfirmedMember(page.request, baseURL!, newMember('cookmode'));
  const postId = await postRecipe(page.request, baseURL!, `Cooking tonight ${Date.now().toString(36)}`);
  await page.goto(`/post/${postId}`);
  const card = recipeCard(page, 'Honey Garlic Chicken');
  await card.getByRole('button', { name: 'Cook mode' }).click();
  const cooking = page.getByRole('dialog', { name: 'Honey Garlic Chicken' });
  await expect(cooking).toBeVisible();
  await expect(cooking.getByRole('heading', { name: 'Step 1 of 3' })).toBeVisible();
  await expect(cooking).toContainText('Whisk the honey, soy sauce and garlic.');
  await expect(cooking.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(cooking.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await expect(cooking).toContainText('Coat the chicken in the sauce.');
  await page.keyboard.press('ArrowRight');
  await expect(cooking.getByRole('heading', { name: 'Step 3 of 3' })).toBeVisible();
  await expect(cooking.getByRole('button', { name: 'Start timer (25 min)' })).toBeVisible();
  await expect(cooking.getByRole('button', { name: 'Done' })).toBeVisible();
  // The last step stays the last.
  await page.keyboard.press('ArrowRight');
  await expect(cooking.getByRole('heading', { name: 'Step 3 of 3' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(cooking.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cooking).toBeHidden();
  await expect(card.getByRole('button', { name: 'Cook mode' })).toBeFocused();
});

test('Print puts the recipe alone on paper, its source written out', async ({ page, baseURL }, testInfo) => {
  await createConfirmedMember(page.request, baseURL!, newMember('printer'));
  const text = `Printing this one ${Date.now().toString(36)}`;
  const postId = await postRecipe(page.request, baseURL!, text);
  const comment = 'Made it twice this week!';
  const commented = await page.request.post(`/api/posts/${postId}/comments`, {
    data: { content: comment },
    headers: { origin: baseURL! },
  });
  expect(commented.status()).toBe(201);
  await page.goto(`/post/${postId}`);
  const card = recipeCard(page, 'Honey Garlic Chicken');
  await expect(page.getByText(comment)).toBeVisible();

  // The browser's print dialog would wait for a person: the page's print() opens nothing here.
  await page.evaluate(() => {
    window.print = () => {};
  });
  await card.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('html[data-printing]')).toHaveCount(1);
  await page.emulateMedia({ media: 'print' });

  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByText(text)).toBeHidden();
  await expect(page.getByText(comment)).toBeHidden();
  await expect(card.getByRole('heading', { name: 'Honey Garlic Chicken' })).toBeVisible();
  await expect(ingredient(card, 'honey')).toBeVisible();
  await expect(step(card, 'Bake at 400°F for 25 minutes.')).toBeVisible();
  // What is for the screen only stays off the paper: the servings, the units, the buttons.
  await expect(card.getByLabel('Servings', { exact: true })).toBeHidden();
  await expect(card.getByRole('button', { name: 'Cook mode' })).toBeHidden();
  await expect(card.getByRole('button', { name: 'Print' })).toBeHidden();
  // The source's address follows its name on paper.
  const source = card.getByRole('link', { name: 'example.com' });
  await expect(source).toBeVisible();
  expect(await source.evaluate((link) => getComputedStyle(link, '::after').content)).toBe(
    '" (https://example.com/honey-garlic-chicken)"',
  );
  await page.screenshot({ path: testInfo.outputPath('recipe-print.png'), fullPage: true });

  // The print dialog closes: the page is whole again.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.locator('html[data-printing]')).toHaveCount(0);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.locator('header').first()).toBeVisible();
});

test("the author edits a posted recipe from the post's menu; an empty title is refused; removing it keeps the post", async ({
  browser,
  page,
  baseURL,
}) => {
  await createConfirmedMember(page.request, baseURL!, newMember('recipeeditor'));
  const text = `Edited recipe ${Date.now().toString(36)}`;
  const postId = await postRecipe(page.request, baseURL!, text);
  await page.goto(`/post/${postId}`);
  const article = page.getByRole('article').filter({ hasText: text });
  await expect(recipeCard(page, 'Honey Garlic Chicken')).toBeVisible();

  await article.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('button', { name: 'Edit recipe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit recipe' });
  const title = dialog.getByLabel('Recipe title');
  // The posted recipe fills the editor, its title focused for the keyboard.
  await expect(title).toHaveValue('Honey Garlic Chicken');
  await expect(title).toBeFocused();
  await expect(dialog.getByLabel('Amount', { exact: true }).nth(1)).toHaveValue('1/3');

  // Checked before it is sent, in the server's words.
  await title.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Give the recipe a title.').first()).toBeVisible();

  await title.fill('Sticky Honey Garlic Chicken');
  await dialog.getByLabel('Servings').fill('6');
  await dialog.getByLabel('Amount', { exact: true }).nth(1).fill('1/2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recipe updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = recipeCard(page, 'Sticky Honey Garlic Chicken');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Serves 6');
  await expect(ingredient(card, 'honey')).toContainText('½ cup honey');

  // Another member reads the change; the menu offers them no 'Edit recipe'.
  const other = await browser.newContext({ baseURL });
  const reader = await other.newPage();
  await createConfirmedMember(reader.request, baseURL!, newMember('recipereader'));
  await reader.goto(`/post/${postId}`);
  await expect(recipeCard(reader, 'Sticky Honey Garlic Chicken')).toBeVisible();
  await reader
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('button', { name: 'Post options' })
    .click();
  await expect(reader.getByRole('button', { name: 'Report post' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Edit recipe' })).toHaveCount(0);
  await other.close();

  // 'Remove recipe' asks first; the post and its text stay.
  await article.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('button', { name: 'Edit recipe' }).click();
  await dialog.getByRole('button', { name: 'Remove recipe' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this recipe?' })
    .getByRole('button', { name: 'Remove recipe' })
    .click();
  await expect(page.getByText('Recipe removed')).toBeVisible();
  await expect(recipeCard(page, 'Sticky Honey Garlic Chicken')).toHaveCount(0);
  await expect(article).toContainText(text);
  await article.getByRole('button', { name: 'Post options' }).click();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit recipe' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await expect(recipeCard(page, 'Sticky Honey Garlic Chicken')).toHaveCount(0);
});
