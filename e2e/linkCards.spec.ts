import { expect, test } from '@playwright/test';
import { RECIPE_SITE_URL } from '../playwright.config.ts';
import { createConfirmedMember, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test("a post's link gets a card from our own storage, live, and its author can remove it", async ({
  browser,
  baseURL,
}) => {
  const [ann, ben] = [newMember('linker'), newMember('linkreader')];
  const [writer, reader] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(writer!.request, baseURL!, ann);
  await createConfirmedMember(reader!.request, baseURL!, ben);
  // Every image the pages load, to see none comes from the site.
  const images: string[] = [];
  for (const page of [writer!, reader!]) {
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
  }
  const words = `Saturday bake ${Date.now().toString(36)}`;
  const link = `${RECIPE_SITE_URL}/cards/article`;

  await writer!.goto('/');
  const composer = writer!.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill(`${words}: ${link}`);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(writer!.getByText('Post shared!')).toBeVisible();
  // The card comes a moment later, without a reload.
  const own = writer!.getByRole('article').filter({ hasText: words });
  const card = own.getByTestId('link-card');
  await expect(card).toContainText("Sourdough at Saint Mark's");
  await expect(card).toContainText('Our Saturday bake, the starter and the recipe.');
  await expect(card).toContainText('Parish Kitchen');
  await expect(card).toHaveAttribute('href', link);
  await expect(card).toHaveAttribute('target', '_blank');
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /^\/media\/m\/[0-9a-f-]{36}\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Another member sees it on a phone; only the author may take it off.
  await reader!.setViewportSize(PHONE);
  await reader!.goto('/');
  const seen = reader!.getByRole('article').filter({ hasText: words });
  await expect(seen.getByTestId('link-card')).toContainText("Sourdough at Saint Mark's");
  await expect(seen.getByRole('button', { name: 'Remove link card' })).toHaveCount(0);
  const box = await seen.getByTestId('link-card').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(PHONE.width);

  // The site was read by the server alone: every image came from our origin.
  expect(images.length).toBeGreaterThan(0);
  for (const url of images) expect(new URL(url).origin).toBe(new URL(baseURL!).origin);

  await own.getByRole('button', { name: 'Remove link card' }).click();
  await expect(writer!.getByText('Link card removed')).toBeVisible();
  await expect(own.getByTestId('link-card')).toHaveCount(0);
  await reader!.reload();
  await expect(reader!.getByRole('article').filter({ hasText: words })).toBeVisible();
  await expect(reader!.getByRole('article').filter({ hasText: words }).getByTestId('link-card')).toHaveCount(
    0,
  );
});
