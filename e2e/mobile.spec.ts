import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember, signIn } from './support/members.ts';

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
