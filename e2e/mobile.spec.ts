import { expect, type Locator, type Page, test } from '@playwright/test';
import { RECIPE_SITE_URL } from '../playwright.config.ts';
import { createConfirmedMember, newMember, signIn } from './support/members.ts';
import { postRecipe } from './support/recipes.ts';

test('on a phone the menu opens a 280 px drawer with the member and the links', async ({
  page,
  request,
  baseURL,
}) => {
  const me = newMember('mobile');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeCloseTo(280, 0);
  await expect(drawer.getByText(me.name)).toBeVisible();
  for (const label of ['Home', 'FaithVerse', 'Prayer', 'Food', 'Comedy', 'Messages', 'Settings']) {
    await expect(drawer.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await drawer.getByRole('link', { name: 'Prayer', exact: true }).click();
  await expect(page).toHaveURL(/\/prayer$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(drawer.getByRole('link', { name: 'Prayer', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('on a phone the recipe editor fits the screen, and a recipe scales and cooks by touch', async ({
  page,
  baseURL,
}) => {
  await createConfirmedMember(page.request, baseURL!, newMember('phonecook'));
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  // The food composer opens from its one line; the recipe editor, filled by an import, stays on screen.
  await page.goto('/food');
  const composer = page.getByRole('region', { name: 'Share Your Food' });
  await composer.getByRole('textbox', { name: 'Post text' }).tap();
  await composer.getByRole('button', { name: 'Add recipe' }).tap();
  const editor = composer.getByRole('region', { name: 'Recipe', exact: true });
  await editor.getByLabel('Paste a recipe page address').fill(`${RECIPE_SITE_URL}/recipes/jsonld`);
  await editor.getByRole('button', { name: 'Import', exact: true }).tap();
  await expect(editor.getByLabel('Recipe title')).toHaveValue('Honey Garlic Chicken');
  await expect(editor.getByLabel('Ingredient', { exact: true })).toHaveCount(5);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // Each row's boxes, stacked on a phone, end inside the screen.
  const width = page.viewportSize()!.width;
  for (const box of await editor.getByLabel('Note', { exact: true }).all()) {
    const bounds = await box.boundingBox();
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(width);
  }

  // A recipe's page: servings by − and +, cook mode by Next, Previous and a swipe.
  const postId = await postRecipe(page.request, baseURL!, `Phone dinner ${Date.now().toString(36)}`);
  await page.goto(`/post/${postId}`);
  const card = page.getByRole('region', { name: 'Honey Garlic Chicken', exact: true });
  await card.getByRole('button', { name: 'Add a serving' }).tap();
  await card.getByRole('button', { name: 'Add a serving' }).tap();
  await expect(card.getByText('Serves 6')).toBeVisible();
  await expect(card.getByLabel('Servings', { exact: true })).toHaveValue('6');
  await expect(card.getByRole('listitem').filter({ hasText: 'cup honey' })).toHaveText('½ cup honey');
  await card.getByRole('button', { name: 'Remove a serving' }).tap();
  await expect(card.getByText('Serves 5')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);

  await card.getByRole('button', { name: 'Cook mode' }).tap();
  const cooking = page.getByRole('dialog', { name: 'Honey Garlic Chicken' });
  await expect(cooking.getByRole('heading', { name: 'Step 1 of 3' })).toBeVisible();
  await swipe(page, cooking.getByText('Whisk the honey, soy sauce and garlic.'), -150);
  await expect(cooking.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await cooking.getByRole('button', { name: 'Previous' }).tap();
  await expect(cooking.getByRole('heading', { name: 'Step 1 of 3' })).toBeVisible();
  await cooking.getByRole('button', { name: 'Next' }).tap();
  await expect(cooking.getByRole('heading', { name: 'Step 2 of 3' })).toBeVisible();
  await cooking.getByRole('button', { name: 'Close' }).tap();
  await expect(cooking).toBeHidden();
});

/** A finger drawn `dx` px sideways across `target` (Chromium's touch events: Playwright taps only). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step += 1)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * step) / 5, y }],
    });
  // The finger rests before it lifts: a swipe that flings makes Chromium swallow the next tap (the
  // tap that stops a fling), as on a real phone.
  await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
