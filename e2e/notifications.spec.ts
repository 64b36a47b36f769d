import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

test('a like reaches the author’s bell without a reload, and opens the post', async ({
  browser,
  baseURL,
}) => {
  const author = newMember('author');
  const fan = newMember('fan');
  const authorContext = await browser.newContext();
  const fanContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  const fanPage = await fanContext.newPage();
  // Following the confirmation link signs each browser context in, as it does for a person.
  await createConfirmedMember(authorPage.request, baseURL!, author);
  await createConfirmedMember(fanPage.request, baseURL!, fan);
  await authorPage.goto('/');
  await fanPage.goto('/');

  const post = await authorPage.request.post('/api/posts', {
    data: { content: 'Ring the bell' },
    headers: { origin: baseURL! },
  });
  expect(post.status()).toBe(201);
  const { id } = await post.json();
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(authorPage.locator('html[data-realtime="connected"]')).toHaveCount(1);

  // The fan likes it from their own browser; the author's open tab hears of it through its room.
  const liked = await fanPage.request.put(`/api/posts/${id}/like`, { headers: { origin: baseURL! } });
  expect(liked.status()).toBe(200);
  const bell = authorPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 5_000 });
  await bell.click();
  const fanUsername = fan.email.split('@')[0]!.replace(/[^a-z0-9_]/g, '');
  const item = authorPage.getByRole('button', { name: `@${fanUsername} liked your post` });
  await expect(item).toBeVisible();
  await item.click();
  await expect(authorPage).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // Two more arrive; Mark all as read clears the badge in one go.
  for (const content of ['Lovely', 'Really lovely']) {
    const comment = await fanPage.request.post(`/api/posts/${id}/comments`, {
      data: { content },
      headers: { origin: baseURL! },
    });
    expect(comment.status()).toBe(201);
  }
  await authorPage.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  await authorPage.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(authorPage.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(
    authorPage.getByRole('button', { name: `@${fanUsername} commented on your post` }),
  ).toHaveCount(2);
  await authorPage.keyboard.press('Escape');

  // The fan's own bell stayed quiet.
  await fanPage.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(fanPage.getByText('No notifications yet')).toBeVisible();
  await authorContext.close();
  await fanContext.close();
});

test('a friend request appears live and is accepted from the bell', async ({ browser, baseURL }) => {
  const alice = newMember('alice');
  const bob = newMember('bob');
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  await createConfirmedMember(alicePage.request, baseURL!, alice);
  await createConfirmedMember(bobPage.request, baseURL!, bob);
  await alicePage.goto('/');
  await expect(alicePage.locator('html[data-realtime="connected"]')).toHaveCount(1);

  const aliceId = (await (await alicePage.request.get('/api/me')).json()).id as string;
  const follow = await bobPage.request.put(`/api/follows/${aliceId}`, { headers: { origin: baseURL! } });
  expect(follow.ok()).toBe(true);

  await alicePage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const bobUsername = bob.email.split('@')[0]!.replace(/[^a-z0-9_]/g, '');
  await expect(alicePage.getByText(`@${bobUsername} sent you a friend request`)).toBeVisible();
  await alicePage.getByRole('button', { name: 'Accept' }).click();
  await expect(alicePage.getByText('Friend request accepted!')).toBeVisible();
  await expect(alicePage.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(alicePage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await aliceContext.close();
  await bobContext.close();
});
