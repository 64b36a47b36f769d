import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';

test('‘I prayed’ toggles on a prayer request and gathers the author’s bell into one line', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const author = newMember('asker');
  const first = newMember('prayer');
  const second = newMember('prayer');
  const [authorPage, firstPage, secondPage] = await Promise.all(
    [0, 1, 2].map(async () => (await browser.newContext()).newPage()),
  );
  await createConfirmedMember(authorPage!.request, baseURL!, author);
  await createConfirmedMember(firstPage!.request, baseURL!, first);
  await createConfirmedMember(secondPage!.request, baseURL!, second);
  const text = `Please pray for my father’s recovery ${Date.now().toString(36)}`;
  const created = await authorPage!.request.post('/api/posts', {
    data: { content: text, category: 'prayer', prayer_type: 'intercession' },
    headers: origin,
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const plain = await authorPage!.request.post('/api/posts', {
    data: { content: `Plain ${text}` },
    headers: origin,
  });
  expect(plain.status()).toBe(201);
  await authorPage!.goto('/');
  await expect(authorPage!.locator('html[data-realtime="connected"]')).toHaveCount(1);

  // The first member prays from the prayer feed; the button says so and the count goes up at once.
  await firstPage!.goto('/prayer');
  const card = firstPage!.getByRole('article').filter({ hasText: text });
  const prayed = card.getByRole('button', { name: 'I prayed' });
  await expect(prayed).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText('0 prayers')).toBeAttached();
  await prayed.click();
  await expect(prayed).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 prayer', { exact: true })).toBeAttached();
  // Keyboard: Space on the focused button takes it back, and Enter prays again.
  await prayed.focus();
  await firstPage!.keyboard.press('Space');
  await expect(prayed).toHaveAttribute('aria-pressed', 'false');
  await firstPage!.keyboard.press('Enter');
  await expect(prayed).toHaveAttribute('aria-pressed', 'true');
  await firstPage!.reload();
  await expect(
    firstPage!.getByRole('article').filter({ hasText: text }).getByRole('button', { name: 'I prayed' }),
  ).toHaveAttribute('aria-pressed', 'true');
  // Posts outside the prayer feed have no such button.
  await firstPage!.goto('/');
  await expect(
    firstPage!
      .getByRole('article')
      .filter({ hasText: `Plain ${text}` })
      .getByRole('button', { name: 'I prayed' }),
  ).toHaveCount(0);

  // The second prays through the post page; the author's bell shows one line for both.
  await secondPage!.goto(`/post/${id}`);
  await secondPage!.getByRole('button', { name: 'I prayed' }).click();
  await expect(secondPage!.getByText('2 prayers')).toBeAttached();
  const bell = authorPage!.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 10_000 });
  await bell.click();
  const secondName = await usernameOf(secondPage!);
  const line = authorPage!.getByRole('button', {
    name: `@${secondName} and 1 other prayed for your request`,
  });
  await expect(line).toBeVisible();
  await line.click();
  await expect(authorPage!).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(authorPage!.getByText('2 prayers')).toBeAttached();
});
