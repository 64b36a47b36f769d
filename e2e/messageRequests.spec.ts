import { type Browser, expect, type Page, test } from '@playwright/test';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';

/** A signed-in member in their own browser context. */
async function memberPage(
  browser: Browser,
  baseURL: string,
  prefix: string,
  viewport?: { width: number; height: number },
) {
  const member = newMember(prefix);
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL, member);
  const username = await usernameOf(page);
  const id = (await (await page.request.get('/api/me')).json()).id as string;
  return { member, context, page, username, id };
}
type Signed = Awaited<ReturnType<typeof memberPage>>;

/** A message written over the API, as from another device. */
async function write(from: Signed, to: Signed, content: string, baseURL: string) {
  const sent = await from.page.request.post(`/api/conversations/with/${to.id}/messages`, {
    data: { content, client_id: crypto.randomUUID() },
    headers: { origin: baseURL },
  });
  expect(sent.status()).toBe(201);
}

const chatWith = (page: Page, other: Signed) =>
  page.getByRole('list', { name: `Messages with ${other.member.name}` });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a stranger’s message waits in Message requests: accepted, deleted, or let in by Everyone', async ({
  browser,
  baseURL,
}) => {
  // Three members and the whole story in one run: longer than the default minute on a busy machine.
  test.setTimeout(150_000);
  const ben = await memberPage(browser, baseURL!, 'ben');
  const cat = await memberPage(browser, baseURL!, 'cat');
  const dan = await memberPage(browser, baseURL!, 'dan');

  // Privacy Checkup shows Ben's real setting: Friends, the default.
  await ben.page.goto('/settings/privacy-checkup');
  await expect(ben.page.getByText('Who can see your posts: Public')).toBeVisible();
  await expect(ben.page.getByRole('radio', { name: 'Friends' })).toBeChecked();
  await expect(ben.page.getByRole('radio', { name: 'Everyone' })).not.toBeChecked();

  await ben.page.goto('/messages');
  await expect(ben.page.getByText('No conversations yet')).toBeVisible();
  await expect(ben.page.locator('html[data-realtime="connected"]')).toHaveCount(1);

  // Cat writes from Ben's profile; for Cat it is an ordinary conversation.
  await cat.page.goto(`/messages?to=${ben.username}`);
  const catBox = cat.page.getByRole('textbox', { name: `Message ${ben.member.name}` });
  await catBox.fill('Hello Ben, we met at church');
  await catBox.press('Enter');
  const catBubble = chatWith(cat.page, ben).getByRole('listitem').filter({ hasText: 'we met at church' });
  await expect(catBubble).toContainText('Delivered');

  // Ben: not in the inbox, no badge, but 'Message requests 1' appears live.
  const requestsLink = ben.page.getByRole('link', { name: 'Message requests 1' });
  await expect(requestsLink).toBeVisible();
  await expect(ben.page.getByText('No conversations yet')).toBeVisible();
  await expect(nav(ben.page).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await requestsLink.click();
  await expect(ben.page).toHaveURL(/\/messages\?box=requests$/);
  const request = ben.page
    .getByRole('list', { name: 'Message requests' })
    .getByRole('link', { name: `${cat.member.name}, 1 unread` });
  await request.click();
  await expect(chatWith(ben.page, cat).getByRole('listitem')).toContainText(['we met at church']);
  await expect(ben.page.getByText(`${cat.member.name} wants to message you.`)).toBeVisible();
  // Seen, but Cat cannot tell until Ben accepts: Ben's page sends no read receipt for a request (its
  // chat would send one after a short debounce; waiting two of them for a request that must not come).
  const readSent = await ben.page
    .waitForRequest(/\/read$/, { timeout: 1_000 })
    .then(() => true)
    .catch(() => false);
  expect(readSent).toBe(false);
  await expect(catBubble).toContainText('Delivered');

  await ben.page.getByRole('button', { name: 'Accept' }).click();
  await expect(ben.page.getByText('Request accepted')).toBeVisible();
  await expect(ben.page).toHaveURL(new RegExp(`/messages\\?to=${cat.username}$`));
  await expect(ben.page.getByRole('list', { name: 'Conversations' })).toContainText(cat.member.name);
  await expect(ben.page.getByRole('link', { name: 'Message requests', exact: true })).toBeVisible();
  await expect(ben.page.getByText(`${cat.member.name} wants to message you.`)).toHaveCount(0);
  await expect(catBubble).toContainText('Read');

  // Dan writes while Ben looks at his requests; Ben deletes it. Dan still sees his message, unread.
  await ben.page.goto('/messages?box=requests');
  await expect(ben.page.getByText('No message requests')).toBeVisible();
  await expect(ben.page.locator('html[data-realtime="connected"]')).toHaveCount(1);
  await write(dan, ben, 'Buy cheap followers', baseURL!);
  await ben.page.getByRole('link', { name: `${dan.member.name}, 1 unread` }).click();
  await ben.page.getByRole('button', { name: 'Delete' }).click();
  await expect(ben.page.getByText('Request deleted')).toBeVisible();
  await expect(ben.page).toHaveURL(/\/messages\?box=requests$/);
  await expect(ben.page.getByText('No message requests')).toBeVisible();
  await dan.page.goto(`/messages?to=${ben.username}`);
  await expect(
    chatWith(dan.page, ben).getByRole('listitem').filter({ hasText: 'Buy cheap followers' }),
  ).toContainText('Delivered');

  // Everyone: saved at once with a toast, kept after a reload; Dan's next message reaches the inbox.
  await ben.page.goto('/settings/privacy-checkup');
  await ben.page.getByRole('radio', { name: 'Everyone' }).check();
  await expect(ben.page.getByText('Privacy settings updated')).toBeVisible();
  await ben.page.reload();
  await expect(ben.page.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await expect(ben.page.getByText('Who can message you: Everyone')).toBeVisible();
  await write(dan, ben, 'Sorry, a real question', baseURL!);
  await ben.page.goto('/messages');
  await expect(ben.page.getByRole('link', { name: `${dan.member.name}, 1 unread` })).toBeVisible();
  await expect(nav(ben.page).getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();

  for (const m of [ben, cat, dan]) await m.context.close();
});

test('on a phone the requests list and a request take turns, with Accept and Delete in reach', async ({
  browser,
  baseURL,
}) => {
  const phone = { width: 390, height: 844 };
  const ben = await memberPage(browser, baseURL!, 'phoneben', phone);
  const cat = await memberPage(browser, baseURL!, 'phonecat');
  await write(cat, ben, 'Lunch after the service?', baseURL!);

  await ben.page.goto('/messages');
  await ben.page.getByRole('link', { name: 'Message requests 1' }).click();
  await expect(ben.page.getByRole('heading', { name: 'Message requests' })).toBeVisible();
  const item = ben.page.getByRole('link', { name: `${cat.member.name}, 1 unread` });
  await expect(item).toBeInViewport();
  await item.click();
  await expect(chatWith(ben.page, cat)).toContainText('Lunch after the service?');
  // The requests list gives way to the request (the page keeps a screen-reader-only 'Messages' heading).
  await expect(ben.page.getByRole('heading', { name: 'Message requests' })).toBeHidden();
  for (const name of ['Accept', 'Delete']) {
    await expect(ben.page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  }
  const overflow = await ben.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // An unwanted message is reported to the moderators from the message itself.
  await ben.page.getByRole('button', { name: `Report message from ${cat.member.name}` }).click();
  const report = ben.page.getByRole('dialog', { name: 'Report message' });
  await report.getByLabel('Spam or scam').check();
  await report.getByRole('button', { name: 'Submit report' }).click();
  await expect(ben.page.getByText('Report sent')).toBeVisible();
  await expect(report).toBeHidden();
  await expect(ben.page.getByRole('button', { name: /^Report message from/ })).toBeFocused();

  await ben.page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(ben.page).toHaveURL(/\/messages\?box=requests$/);
  await expect(item).toBeVisible();
  await ben.page.getByRole('link', { name: 'Back to inbox' }).click();
  await expect(ben.page).toHaveURL(/\/messages$/);
  await expect(ben.page.getByText('No conversations yet')).toBeVisible();

  await ben.context.close();
  await cat.context.close();
});
