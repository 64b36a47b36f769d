import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test('a member saves a post to their bookmarks, finds it on /bookmarks, and removes it; nobody else sees it', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const [ada, ben] = [newMember('saver'), newMember('writer')];
  const [saver, writer] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(saver!.request, baseURL!, ada);
  await createConfirmedMember(writer!.request, baseURL!, ben);
  const text = `Rye sourdough, the long way ${Date.now().toString(36)}`;
  const made = await writer!.request.post('/api/posts', { data: { content: text }, headers: origin });
  expect(made.status()).toBe(201);

  // An empty list says what to do.
  await saver!.goto('/bookmarks');
  await expect(saver!.getByRole('heading', { level: 1, name: 'Bookmarks' })).toBeVisible();
  await expect(saver!.getByText('No bookmarks yet.', { exact: false })).toBeVisible();

  // From the home feed's '...' menu, by keyboard.
  await saver!.goto('/');
  const card = saver!.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'Post options' }).focus();
  await saver!.keyboard.press('Enter');
  await expect(saver!.getByRole('button', { name: 'Report post' })).toBeFocused();
  await saver!.keyboard.press('Tab');
  await expect(saver!.getByRole('button', { name: 'Bookmark', exact: true })).toBeFocused();
  await saver!.keyboard.press('Enter');
  await expect(saver!.getByText('Saved to bookmarks')).toBeVisible();
  await card.getByRole('button', { name: 'Post options' }).click();
  await expect(saver!.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
  await saver!.keyboard.press('Escape');

  // The header links to the list; the post is there, with its likes working as in any feed.
  await saver!.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmarks' }).click();
  await expect(saver!).toHaveURL(/\/bookmarks$/);
  const saved = saver!
    .getByRole('list', { name: 'Bookmarks' })
    .getByRole('article')
    .filter({ hasText: text });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Like' }).click();
  await expect(saved.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');

  // The writer's bookmarks are their own: empty; and their post shows no bookmark of theirs.
  await writer!.goto('/bookmarks');
  await expect(writer!.getByText('No bookmarks yet.', { exact: false })).toBeVisible();
  await writer!.goto('/');
  const own = writer!.getByRole('article').filter({ hasText: text });
  await own.getByRole('button', { name: 'Post options' }).click();
  await expect(writer!.getByRole('button', { name: 'Bookmark', exact: true })).toBeVisible();

  // On a phone: the drawer links to the list, and 'Remove bookmark' takes the post off it at once.
  await saver!.setViewportSize(PHONE);
  await saver!.goto('/');
  await saver!.getByRole('button', { name: 'Open menu' }).click();
  await saver!.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Bookmarks' }).click();
  const onPhone = saver!.getByRole('article').filter({ hasText: text });
  await onPhone.getByRole('button', { name: 'Post options' }).click();
  await saver!.getByRole('button', { name: 'Remove bookmark' }).click();
  await expect(saver!.getByText('Removed from bookmarks')).toBeVisible();
  await expect(onPhone).toHaveCount(0);
  await expect(saver!.getByText('No bookmarks yet.', { exact: false })).toBeVisible();
  await saver!.reload();
  await expect(saver!.getByText('No bookmarks yet.', { exact: false })).toBeVisible();

  await saver!.context().close();
  await writer!.context().close();
});
