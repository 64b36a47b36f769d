import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

test("a post for 'Friends' reaches the author's friends alone, and cannot be shared", async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const [ann, fred, sue] = [newMember('audauthor'), newMember('audfriend'), newMember('audstranger')];
  const [author, friend, stranger] = await Promise.all(
    [0, 1, 2].map(async () => (await browser.newContext()).newPage()),
  );
  await createConfirmedMember(author!.request, baseURL!, ann);
  await createConfirmedMember(friend!.request, baseURL!, fred);
  await createConfirmedMember(stranger!.request, baseURL!, sue);
  const fredId = (await (await friend!.request.get('/api/me')).json()).id as string;
  const annId = (await (await author!.request.get('/api/me')).json()).id as string;
  // A follow sends a friend request; Fred accepts it.
  expect((await author!.request.put(`/api/follows/${fredId}`, { headers: origin })).status()).toBe(200);
  expect(
    (await friend!.request.post(`/api/friend-requests/${annId}/accept`, { headers: origin })).status(),
  ).toBe(204);
  const text = `Only my friends should read this ${Date.now().toString(36)}`;

  await author!.goto('/');
  const composer = author!.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill(text);
  const audience = composer.getByRole('combobox', { name: 'Who can see this' });
  await expect(audience).toHaveValue('everyone');
  await audience.selectOption('friends');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(author!.getByText('Post shared!')).toBeVisible();
  const mine = author!.getByRole('article').filter({ hasText: text });
  await expect(mine.getByText('Friends', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Share' })).toHaveCount(0);

  await friend!.goto('/');
  const seen = friend!.getByRole('article').filter({ hasText: text });
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Share' })).toHaveCount(0);
  const postUrl = await seen.locator('a[href^="/post/"]').first().getAttribute('href');

  // Sue, a stranger, finds it nowhere, not even by its link.
  await stranger!.goto('/');
  await expect(stranger!.getByRole('article').first()).toBeVisible();
  await expect(stranger!.getByText(text)).toHaveCount(0);
  await stranger!.goto(postUrl!);
  await expect(stranger!.getByText('Post not found')).toBeVisible();
  await expect(stranger!).toHaveURL(/\/$/);
  await expect(stranger!.getByText(text)).toHaveCount(0);

  for (const page of [author, friend, stranger]) await page!.context().close();
});
