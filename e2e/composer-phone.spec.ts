import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { photo } from './support/media.ts';
import { createConfirmedMember, newMember } from './support/members.ts';

// Issue 24: on a phone the composer is one line until the member goes to it, so the feed starts on
// the first screen. This file is not a *mobile.spec: it runs in the desktop project, at a phone's size.
const PHONE = { width: 390, height: 844 };

async function violations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${v.help}`),
  );
}

async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.height;
}

/** One line: the prompt and Photo/Video, no fields and no Post button. */
async function expectFolded(composer: Locator) {
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeHidden();
  await expect(composer.getByRole('button', { name: /^Feeling/ })).toBeHidden();
  await expect.poll(() => heightOf(composer)).toBeLessThan(64);
  await expect(composer.getByRole('textbox', { name: 'Post text' })).toBeVisible();
  await expect(composer.locator('label', { hasText: 'Photo/Video' })).toBeVisible();
}

async function expectOpen(composer: Locator) {
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeVisible();
  expect(await heightOf(composer)).toBeGreaterThan(64);
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the composer is one line above the feed, opens to its fields, posts with a feeling and folds back', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const me = newMember('phonecomposer');
    await createConfirmedMember(page.request, baseURL!, me);
    const earlier = `Already in the feed ${Date.now().toString(36)}`;
    const made = await page.request.post('/api/posts', {
      data: { content: earlier },
      headers: { origin: baseURL! },
    });
    expect(made.status()).toBe(201);
    const found: string[] = [];

    await page.goto('/');
    const firstPost = page.getByRole('article').first();
    await expect(firstPost).toContainText(earlier);
    const composer = page.getByRole('region', { name: 'Create a post' });
    const line = composer.getByRole('textbox', { name: 'Post text' });
    const firstName = me.name.split(' ')[0];
    await expect(line).toHaveAttribute('placeholder', `What's on your mind, ${firstName}?`);
    await expectFolded(composer);
    // The feed starts on the first screen, with room to read the post's first lines.
    const postTop = (await firstPost.boundingBox())!.y;
    expect(postTop).toBeLessThan(PHONE.height - 200);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    found.push(...(await violations(page, 'folded')));
    await page.screenshot({ path: '/tmp/composer-closed.png' });

    // Tapping the line opens the fields, with the text box focused and keeping what is typed.
    await line.tap();
    await expectOpen(composer);
    await expect(line).toBeFocused();
    const text = `Typed on a phone ${Date.now().toString(36)}`;
    await page.keyboard.type(text);
    await expect(line).toHaveValue(text);

    // Feeling: a button opening the picker; the chosen feeling shows on the button.
    const feeling = composer.getByRole('button', { name: 'Feeling', exact: true });
    await expect(feeling).toHaveAttribute('aria-expanded', 'false');
    await expect(composer.getByLabel('Feeling', { exact: true })).toBeHidden();
    await feeling.tap();
    await expect(feeling).toHaveAttribute('aria-expanded', 'true');
    await composer.getByLabel('Feeling', { exact: true }).selectOption('grateful');
    const chosen = composer.getByRole('button', { name: 'Feeling: Grateful' });
    await expect(chosen).toBeVisible();
    await expect(chosen).toHaveAttribute('aria-expanded', 'false');
    await expect(composer.getByLabel('Feeling', { exact: true })).toBeHidden();

    // Location: a button opening the location field; the place shows on the button.
    const location = composer.getByRole('button', { name: 'Location', exact: true });
    await expect(composer.getByLabel('Location', { exact: true })).toBeHidden();
    await location.tap();
    const place = composer.getByLabel('Location', { exact: true });
    await expect(place).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Use my location' })).toBeVisible();
    await place.fill('Lisbon');
    await expect(composer.getByRole('button', { name: 'Location: Lisbon' })).toBeVisible();
    await expect(line).toHaveValue(text);
    found.push(...(await violations(page, 'open')));
    await page.screenshot({ path: '/tmp/composer-open.png' });

    // Posting folds it back to one line; the post is first in the feed, with its feeling and place.
    await composer.getByRole('button', { name: 'Post', exact: true }).tap();
    await expect(page.getByText('Post shared!')).toBeVisible();
    await expectFolded(composer);
    await expect(line).toHaveValue('');
    const posted = page.getByRole('article').first();
    await expect(posted).toContainText(text);
    await expect(posted).toContainText('is feeling grateful');
    await expect(posted).toContainText('Lisbon');

    expect(found).toEqual([]);
  });

  test('the line opens by keyboard and by a photo, and folds when left empty or on Escape', async ({
    page,
    baseURL,
  }) => {
    const me = newMember('phonekeys');
    await createConfirmedMember(page.request, baseURL!, me);
    await page.goto('/');
    const composer = page.getByRole('region', { name: 'Create a post' });
    const line = composer.getByRole('textbox', { name: 'Post text' });
    await expectFolded(composer);

    // Tab reaches it and opens it; Escape in the empty composer folds it, focus staying on the line.
    await page.getByRole('heading', { level: 1 }).click();
    for (let i = 0; i < 10 && !(await line.evaluate((element) => element === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(line).toBeFocused();
    await expectOpen(composer);
    await page.keyboard.press('Escape');
    await expectFolded(composer);
    await expect(line).toBeFocused();
    // Enter (or Space) opens it again; Escape from a field inside folds it and keeps focus on the line.
    await page.keyboard.press('Enter');
    await expectOpen(composer);
    await expect(line).toHaveValue('');
    await composer.getByRole('button', { name: 'Feeling', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expectFolded(composer);
    await expect(line).toBeFocused();
    await page.keyboard.press(' ');
    await expectOpen(composer);
    await expect(line).toHaveValue('');

    // Leaving it empty folds it; leaving it with text keeps it open.
    await page.getByRole('heading', { level: 1 }).tap();
    await expectFolded(composer);
    await line.tap();
    await page.keyboard.type('Half a thought');
    await page.getByRole('heading', { level: 1 }).tap();
    await expectOpen(composer);
    await line.fill('');
    await page.getByRole('heading', { level: 1 }).tap();
    await expectFolded(composer);

    // A photo chosen from the line opens the composer with its preview.
    await composer.getByLabel('Photo/Video').setInputFiles(await photo('harbour.png'));
    await expectOpen(composer);
    await expect(composer.getByRole('img', { name: 'Preview of harbour.png' })).toBeVisible();

    // The prayer wall's composer folds to one line too; open, its prayer type is there at once.
    await page.goto('/prayer');
    const prayer = page.getByRole('region', { name: 'Share a Prayer' });
    await expectFolded(prayer);
    await prayer.getByRole('textbox', { name: 'Post text' }).tap();
    await expectOpen(prayer);
    await expect(prayer.getByLabel('Prayer type')).toBeVisible();
    await expect(prayer.getByRole('button', { name: 'Feeling', exact: true })).toBeVisible();
  });
});

test('on a wide screen the composer shows all its fields without being opened', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createConfirmedMember(page.request, baseURL!, newMember('widecomposer'));
  await page.goto('/');
  const composer = page.getByRole('region', { name: 'Create a post' });
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeVisible();
  await expect(composer.getByLabel('Feeling', { exact: true })).toBeVisible();
  await expect(composer.getByLabel('Location', { exact: true })).toBeVisible();
  await expect(composer.getByRole('button', { name: 'Feeling', exact: true })).toHaveCount(0);
  await expect(composer.getByText('Photo/Video')).toBeVisible();
  // Escape in the empty composer changes nothing there.
  await composer.getByRole('textbox', { name: 'Post text' }).press('Escape');
  await expect(composer.getByLabel('Feeling', { exact: true })).toBeVisible();
});
