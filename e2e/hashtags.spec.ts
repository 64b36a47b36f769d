import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test("a hashtag links to its page, which lists the tag's posts and can be followed", async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const [ann, ben] = [newMember('tagger'), newMember('tagreader')];
  const [writer, reader] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(writer!.request, baseURL!, ann);
  await createConfirmedMember(reader!.request, baseURL!, ben);
  const tag = `EasterVigil${Date.now().toString(36)}`;
  const folded = tag.toLowerCase();
  const text = `Candles at dusk for the #${tag}, see https://example.com/vigil`;
  const made = await writer!.request.post('/api/posts', { data: { content: text }, headers: origin });
  expect(made.status()).toBe(201);
  const other = await writer!.request.post('/api/posts', {
    data: { content: `Bring a lantern #${folded}`, category: 'food' },
    headers: origin,
  });
  expect(other.status()).toBe(201);

  await reader!.setViewportSize(PHONE);
  await reader!.goto('/');
  const card = reader!.getByRole('article').filter({ hasText: 'Candles at dusk' });
  const link = card.getByRole('link', { name: `#${tag}` });
  await expect(link).toHaveAttribute('href', `/tags/${folded}`);
  // A web link opens elsewhere and tells it nothing of the page.
  const web = card.getByRole('link', { name: 'https://example.com/vigil' });
  await expect(web).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(web).toHaveAttribute('target', '_blank');
  await link.click();

  await expect(reader!).toHaveURL(new RegExp(`/tags/${folded}$`));
  await expect(reader!.getByRole('heading', { level: 1, name: `#${folded}` })).toBeVisible();
  const list = reader!.getByRole('list', { name: `Posts with #${folded}` });
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article').first()).toContainText('Bring a lantern');
  const follow = reader!.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(reader!.getByText(`You follow #${folded}`)).toBeVisible();
  await expect(reader!.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');

  // The drawer lists it under 'Followed tags'.
  await reader!.goto('/');
  await reader!.getByRole('button', { name: 'Open menu' }).click();
  const followed = reader!.getByRole('region', { name: 'Followed tags' });
  await followed.getByRole('link', { name: `#${folded}` }).click();
  await expect(reader!.getByRole('heading', { level: 1, name: `#${folded}` })).toBeVisible();
  await reader!.getByRole('button', { name: 'Following' }).click();
  await expect(reader!.getByText(`You no longer follow #${folded}`)).toBeVisible();

  // A name that cannot be a tag says so.
  await reader!.goto('/tags/2026');
  await expect(reader!.getByText('No such tag')).toBeVisible();

  await writer!.context().close();
  await reader!.context().close();
});
