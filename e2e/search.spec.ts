import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test('the header search opens /search, whose tabs find posts by their words, people and tags', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const [ann, ben] = [newMember('searchwriter'), newMember('searchreader')];
  const [writer, reader] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(writer!.request, baseURL!, ann);
  await createConfirmedMember(reader!.request, baseURL!, ben);
  const word = `brioche${Date.now().toString(36)}`;
  for (const data of [
    { content: `Weekend ${word} with cardamom #${word}` },
    { content: `Second ${word} bake, better crumb`, category: 'food' },
    { content: `Friends only ${word}`, visibility: 'friends' },
    { content: 'Nothing about bread at all' },
  ]) {
    expect((await writer!.request.post('/api/posts', { data, headers: origin })).status()).toBe(201);
  }

  await reader!.setViewportSize(PHONE);
  await reader!.goto('/');
  const box = reader!.getByRole('combobox', { name: 'Search users' });
  await box.fill(word.toUpperCase());
  await expect(reader!.getByText('No users found')).toBeVisible();
  const searchPosts = reader!.getByRole('option', { name: `Search posts for "${word.toUpperCase()}"` });
  await expect(searchPosts).toBeVisible();
  // The keyboard reaches it: ArrowDown, then Enter.
  await box.press('ArrowDown');
  await expect(searchPosts).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await expect(reader!).toHaveURL(/\/search\?q=.+&tab=posts$/);
  await expect(reader!.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(reader!.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  const posts = reader!.getByRole('list', { name: `Posts matching "${word.toUpperCase()}"` });
  // Newest first; the friends-only post is not the reader's to find.
  await expect(posts.getByRole('article')).toHaveCount(2);
  await expect(posts.getByRole('article').first()).toContainText('Second');
  await expect(posts).not.toContainText('Friends only');

  // Tags: the tag by its start, and how many posts carry it.
  await reader!.getByRole('tab', { name: 'Posts' }).press('ArrowRight');
  await expect(reader!.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');
  const tag = reader!.getByRole('link', { name: new RegExp(`#${word}`) });
  await expect(tag).toContainText('1 post');
  // People: nobody is called that.
  await reader!.getByRole('tab', { name: 'People' }).click();
  await expect(reader!.getByText('No users found')).toBeVisible();

  // The page's own box searches again, by any word of the post.
  const again = reader!.getByRole('searchbox', { name: 'Search' });
  await again.fill(`Cardamom ${word}`);
  await reader!.getByRole('button', { name: 'Search', exact: true }).click();
  await reader!.getByRole('tab', { name: 'Posts' }).click();
  const found = reader!.getByRole('list', { name: `Posts matching "Cardamom ${word}"` });
  await expect(found.getByRole('article').filter({ hasText: `Weekend ${word}` })).toHaveCount(1);
  await again.fill(`${word}zzz`);
  await again.press('Enter');
  await expect(reader!.getByText(`No posts found for "${word}zzz".`)).toBeVisible();

  await writer!.context().close();
  await reader!.context().close();
});
