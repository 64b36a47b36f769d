import { type Browser, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { createConfirmedMember, type Member, newMember, usernameOf } from './support/members.ts';

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
  // Following the confirmation link signs the context in, as it does for a person.
  await createConfirmedMember(page.request, baseURL, member);
  // These chats are about the inbox: everyone may write to it (requests: messageRequests.spec.ts).
  await page.request.patch('/api/settings/privacy', {
    data: { who_can_message: 'everyone' },
    headers: { origin: baseURL },
  });
  return { member, context, page, username: await usernameOf(page) };
}

/** The open chat's messages, and one of them by its text. */
const chatWith = (page: Page, other: Member) =>
  page.getByRole('list', { name: `Messages with ${other.name}` });
const bubble = (page: Page, other: Member, text: string) =>
  chatWith(page, other).getByRole('listitem').filter({ hasText: text });

async function openMessages(page: Page, path = '/messages') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
}

test('two members chat live: delivered, read, and caught up once after a lost connection', async ({
  browser,
  baseURL,
}) => {
  const alice = await memberPage(browser, baseURL!, 'alice');
  const bob = await memberPage(browser, baseURL!, 'bob');

  // Bob's realtime connection goes through a switch the test can turn off, like a train in a tunnel.
  let bobOffline = false;
  let bobSocket: WebSocketRoute | undefined;
  await bob.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (bobOffline) return void ws.close();
    bobSocket = ws;
    ws.connectToServer();
  });
  await bob.page.route('**/socket.io/**', (route) => (bobOffline ? route.abort() : route.continue()));

  await openMessages(bob.page);
  await expect(bob.page.getByText('No conversations yet')).toBeVisible();
  await expect(bob.page.getByText('Select a conversation to start messaging')).toBeVisible();
  await expect(bob.page.locator('html[data-realtime="connected"]')).toHaveCount(1);

  // Alice starts the conversation from Bob's profile.
  await alice.page.goto(`/profile/${bob.username}`);
  await alice.page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/messages\\?to=${bob.username}$`));
  await expect(alice.page.getByText('No messages yet. Say hello!')).toBeVisible();
  await expect(alice.page.locator('html[data-realtime="connected"]')).toHaveCount(1);
  const aliceBox = alice.page.getByRole('textbox', { name: `Message ${bob.member.name}` });
  await expect(alice.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await aliceBox.fill('Hello B');
  await aliceBox.press('Enter');
  await expect(aliceBox).toHaveValue('');
  await expect(bubble(alice.page, bob.member, 'Hello B')).toContainText('Delivered');

  // Bob sees it arrive in his list, unread, and in the header badge.
  const bobItem = bob.page.getByRole('link', { name: `${alice.member.name}, 1 unread` });
  await expect(bobItem).toBeVisible();
  await expect(bob.page.getByRole('listitem').filter({ has: bobItem })).toContainText('Hello B');
  await expect(bob.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await bobItem.click();
  await expect(bob.page).toHaveURL(new RegExp(`/messages\\?to=${alice.username}$`));
  await expect(bubble(bob.page, alice.member, 'Hello B')).toBeVisible();
  await expect(bob.page.getByRole('link', { name: alice.member.name, exact: true })).toBeVisible();
  await expect(bob.page.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // Bob opened it: Alice sees 'Read' without reloading. Bob replies; Alice sees it live.
  await expect(bubble(alice.page, bob.member, 'Hello B')).toContainText('Read');
  const bobBox = bob.page.getByRole('textbox', { name: `Message ${alice.member.name}` });
  await bobBox.fill('Hi A');
  await bob.page.getByRole('button', { name: 'Send message' }).click();
  await expect(bubble(alice.page, bob.member, 'Hi A')).toBeVisible();
  await expect(bubble(bob.page, alice.member, 'Hi A')).toContainText('Read');

  // Bob loses his connection; Alice writes meanwhile.
  bobOffline = true;
  await bobSocket!.close();
  await expect(bob.page.locator('html[data-realtime="disconnected"]')).toHaveCount(1);
  await aliceBox.fill('Are you there?');
  await aliceBox.press('Enter');
  await expect(bubble(alice.page, bob.member, 'Are you there?')).toContainText('Delivered');
  // Delivered means the server stored it and told Bob's rooms; his closed socket hears nothing.
  await expect(bob.page.locator('html[data-realtime="disconnected"]')).toHaveCount(1);
  await expect(bubble(bob.page, alice.member, 'Are you there?')).toHaveCount(0);

  // Back online: Bob's tab catches up, shows the message exactly once, and reads it.
  const catchUp = bob.page.waitForResponse(/\/messages\?after=/);
  bobOffline = false;
  await catchUp;
  await expect(bob.page.locator('html[data-realtime="connected"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(bubble(bob.page, alice.member, 'Are you there?')).toHaveCount(1);
  await expect(chatWith(bob.page, alice.member).getByRole('listitem')).toHaveCount(3);
  await expect(bubble(alice.page, bob.member, 'Are you there?')).toContainText('Read');
  // The read receipt came back to Bob's own tab too (it went out after the catch-up): still once.
  await expect(bubble(bob.page, alice.member, 'Are you there?')).toHaveCount(1);
  await expect(chatWith(bob.page, alice.member).getByRole('listitem')).toHaveCount(3);

  await alice.context.close();
  await bob.context.close();
});

test('a message that could not be sent stays, marked Failed, and Retry sends it once', async ({
  browser,
  baseURL,
}) => {
  const alice = await memberPage(browser, baseURL!, 'sender');
  const bob = await memberPage(browser, baseURL!, 'reader');
  // Bob is elsewhere; the Messages link in his header still counts what arrives.
  await bob.page.goto('/');
  await expect(bob.page.locator('html[data-realtime="connected"]')).toHaveCount(1);
  await openMessages(alice.page, `/messages?to=${bob.username}`);
  const box = alice.page.getByRole('textbox', { name: `Message ${bob.member.name}` });
  await expect(alice.page.getByText('No messages yet. Say hello!')).toBeVisible();

  // Shift+Enter makes a new line; blank messages are not sent.
  await box.fill('   ');
  await box.press('Enter');
  await expect(alice.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(alice.page.getByText('No messages yet. Say hello!')).toBeVisible();

  const blocked = '**/api/conversations/with/*/messages';
  await alice.page.route(blocked, (route) =>
    route.request().method() === 'POST' ? route.abort('connectionfailed') : route.continue(),
  );
  await box.fill('First line');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await box.press('Enter');
  const text = 'First line\nsecond line';
  const message = bubble(alice.page, bob.member, 'second line');
  await expect(message).toContainText('Failed');
  await expect(alice.page.getByText('Message not sent')).toBeVisible();
  expect(await message.locator('p').first().innerText()).toContain(text);

  await alice.page.unroute(blocked);
  await message.getByRole('button', { name: 'Retry' }).click();
  await expect(message).toContainText('Delivered');
  await expect(message).not.toContainText('Failed');
  await expect(chatWith(alice.page, bob.member).getByRole('listitem')).toHaveCount(1);
  await expect(bob.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();

  // Alice leaves Messages and Bob reads it meanwhile: her cached chat learns it when she is back.
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  await nav(alice.page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Messages' })).toHaveCount(0);
  await nav(bob.page).getByRole('link', { name: 'Messages, 1 unread' }).click();
  await bob.page.getByRole('link', { name: `${alice.member.name}, 1 unread` }).click();
  await expect(bubble(bob.page, alice.member, 'second line')).toBeVisible();
  await expect(nav(bob.page).getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await nav(alice.page).getByRole('link', { name: 'Messages', exact: true }).click();
  await alice.page.getByRole('link', { name: bob.member.name, exact: true }).click();
  await expect(message).toContainText('Read');

  // The server stored it once.
  const bobId = (await (await alice.page.request.get(`/api/profiles/by-username/${bob.username}`)).json()).id;
  const stored = await alice.page.request.get(`/api/conversations/with/${bobId}/messages`);
  const page = await stored.json();
  expect(page.messages.map((m: { content: string }) => m.content)).toEqual([text]);

  await alice.context.close();
  await bob.context.close();
});

test('on a small screen the list and the chat take turns, with a way back', async ({ browser, baseURL }) => {
  const phone = { width: 390, height: 800 };
  const alice = await memberPage(browser, baseURL!, 'phoner', phone);
  const bob = await memberPage(browser, baseURL!, 'friend');
  const sent = await bob.page.request.get(`/api/profiles/by-username/${alice.username}`);
  const aliceId = (await sent.json()).id;
  const post = await bob.page.request.post(`/api/conversations/with/${aliceId}/messages`, {
    data: { content: 'Lunch tomorrow?', client_id: crypto.randomUUID() },
    headers: { origin: baseURL! },
  });
  expect(post.status()).toBe(201);

  // The menu's Messages link counts the unread conversation and leads to the list.
  await alice.page.goto('/');
  await alice.page.getByRole('button', { name: 'Open menu' }).click();
  await alice.page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Messages, 1 unread' })
    .click();
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const item = alice.page.getByRole('link', { name: `${bob.member.name}, 1 unread` });
  await expect(item).toBeVisible();
  await expect(alice.page.getByText('Select a conversation to start messaging')).toBeHidden();
  await item.click();
  await expect(bubble(alice.page, bob.member, 'Lunch tomorrow?')).toBeVisible();
  // The list gives way to the chat (the page keeps a screen-reader-only 'Messages' heading).
  await expect(alice.page.getByRole('link', { name: bob.member.name, exact: true })).toBeHidden();
  await alice.page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(alice.page).toHaveURL(/\/messages$/);
  await expect(alice.page.getByRole('link', { name: bob.member.name, exact: true })).toBeVisible();
  await expect(chatWith(alice.page, bob.member)).toBeHidden();

  // An unknown username says so.
  await alice.page.goto('/messages?to=nobody_here_at_all');
  await expect(
    alice.page.getByText('There is no member with this username.', { exact: false }),
  ).toBeVisible();

  await alice.context.close();
  await bob.context.close();
});

test('a long conversation opens at the newest message and loads older ones above without jumping', async ({
  browser,
  baseURL,
}) => {
  const alice = await memberPage(browser, baseURL!, 'talker');
  const bob = await memberPage(browser, baseURL!, 'listener');
  const idOf = async (page: Page, username: string) =>
    (await (await page.request.get(`/api/profiles/by-username/${username}`)).json()).id as string;
  const aliceId = await idOf(bob.page, alice.username);
  const bobId = await idOf(alice.page, bob.username);
  // 60 messages, two pages of 30; each member sends half (the send limit is per sender).
  for (let n = 1; n <= 60; n++) {
    const [from, to] = n % 2 ? [alice.page, bobId] : [bob.page, aliceId];
    const post = await from.request.post(`/api/conversations/with/${to}/messages`, {
      data: { content: `Message ${String(n).padStart(2, '0')}`, client_id: crypto.randomUUID() },
      headers: { origin: baseURL! },
    });
    expect(post.status()).toBe(201);
  }

  await openMessages(alice.page, `/messages?to=${bob.username}`);
  const chat = chatWith(alice.page, bob.member);
  await expect(bubble(alice.page, bob.member, 'Message 60')).toBeInViewport();
  await expect(chat.getByRole('listitem')).toHaveCount(30);
  await expect(bubble(alice.page, bob.member, 'Message 01')).toHaveCount(0);

  // Scrolling to the top brings the older page; what was on screen stays where it was.
  const oldest = bubble(alice.page, bob.member, 'Message 31');
  const topBefore = await oldest.evaluate((item) => {
    item.closest('ol')!.parentElement!.scrollTop = 0;
    return item.getBoundingClientRect().top;
  });
  await expect(chat.getByRole('listitem')).toHaveCount(60);
  await expect(oldest).toBeInViewport();
  const topAfter = await oldest.evaluate((item) => item.getBoundingClientRect().top);
  expect(Math.abs(topAfter - topBefore)).toBeLessThan(40);
  await expect(bubble(alice.page, bob.member, 'Message 01')).not.toBeInViewport();

  await alice.context.close();
  await bob.context.close();
});
