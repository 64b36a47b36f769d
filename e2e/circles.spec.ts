import { type Browser, expect, type Page, test } from '@playwright/test';
import { fakeMedia } from './support/fakeMedia.ts';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';
import { expectStreamArrives } from './support/remoteMedia.ts';

// Real WebRTC between pages of one Chromium: fake camera and microphone, sound that may play
// without a click, and connections over the loopback interface.
test.use({
  launchOptions: {
    ...fakeMedia,
    args: [...fakeMedia.args, '--autoplay-policy=no-user-gesture-required'],
  },
});

async function memberPage(browser: Browser, baseURL: string, prefix: string) {
  const member = newMember(prefix);
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL, member);
  const me = await (await page.request.get('/api/me')).json();
  return { member, context, page, id: me.id as string, username: await usernameOf(page) };
}

async function createCircle(page: Page, baseURL: string, data: Record<string, unknown>) {
  const response = await page.request.post('/api/circles', { data, headers: { origin: baseURL } });
  expect(response.status()).toBe(201);
  return (await response.json()).circle.id as string;
}

test('a host goes live: followers are told, guests watch, hear and chat, and the end sends them back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const host = await memberPage(browser, baseURL!, 'host');
  const follower = await memberPage(browser, baseURL!, 'follower');
  const finder = await memberPage(browser, baseURL!, 'finder');
  const watcher = await memberPage(browser, baseURL!, 'watcher');
  const follow = await follower.page.request.put(`/api/follows/${host.id}`, {
    headers: { origin: baseURL! },
  });
  expect(follow.status()).toBe(200);

  const title = `Evening prayer ${Date.now().toString(36)}`;

  // A member watching the live list sees the circle arrive and leave without reloading.
  await watcher.page.goto('/faithverse');
  await follower.page.goto('/');

  // The host starts a circle that lets guests in at once.
  await host.page.goto('/faithverse/new');
  await host.page.getByLabel('Title').fill(title);
  await host.page.getByLabel('Faith', { exact: true }).selectOption('Christianity');
  await host.page.getByLabel('Topic').fill('Psalms');
  await host.page.getByRole('switch', { name: /Join by blessing/ }).uncheck();
  await host.page.getByRole('button', { name: 'Start a Circle' }).click();
  await expect(host.page.getByText('Circle created!')).toBeVisible();
  await expect(host.page).toHaveURL(/\/faithverse\/c\/[0-9a-f-]+$/);
  const circleId = host.page.url().split('/').at(-1)!;
  await expect(host.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(host.page.getByText('Start your camera, screen or microphone to go live.')).toBeVisible();
  await host.page.getByRole('button', { name: 'Go live' }).click();
  await expect(host.page.getByTestId('local-video')).toBeVisible();
  await expect(host.page.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');

  await expect(watcher.page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  // The follower's bell: 'is now live on FaithVerse', which opens the room.
  await follower.page.getByRole('button', { name: /Notifications, 1 unread/ }).click();
  await follower.page.getByRole('button', { name: /is now live on FaithVerse/ }).click();
  await expect(follower.page).toHaveURL(new RegExp(`/faithverse/c/${circleId}$`));
  await expect(follower.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A second member finds it in the live list of /faithverse/home.
  await finder.page.goto('/faithverse/home');
  await finder.page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(finder.page).toHaveURL(new RegExp(`/faithverse/c/${circleId}$`));

  await expectStreamArrives(follower.page);
  await expectStreamArrives(finder.page);
  await expect(host.page.getByText('Sending to 2 viewers')).toBeVisible();
  await expect(
    host.page.getByRole('list', { name: 'Participants', exact: true }).getByRole('listitem'),
  ).toHaveCount(3);

  // Chat both ways, live; an empty message is not sent.
  const hostChat = host.page.getByRole('list', { name: 'Chat messages' });
  const followerChat = follower.page.getByRole('list', { name: 'Chat messages' });
  await follower.page.getByRole('textbox', { name: 'Chat message' }).fill('   ');
  await expect(follower.page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await follower.page.getByRole('textbox', { name: 'Chat message' }).fill('  Peace be with you  ');
  await follower.page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
  await expect(hostChat.getByText('Peace be with you')).toBeVisible();
  await expect(
    finder.page.getByRole('list', { name: 'Chat messages' }).getByText('Peace be with you'),
  ).toBeVisible();
  await host.page.getByRole('textbox', { name: 'Chat message' }).fill('And also with you');
  await host.page.getByRole('button', { name: 'Send' }).click();
  await expect(followerChat.getByText('And also with you')).toBeVisible();
  await expect(host.page.getByRole('textbox', { name: 'Chat message' })).toHaveValue('');

  // The host ends it: the host goes back at once, guests after 'Circle Ended'.
  await host.page.getByRole('button', { name: 'End Circle' }).click();
  await expect(host.page.getByText('Circle ended')).toBeVisible();
  await expect(host.page).toHaveURL(/\/faithverse$/);
  await expect(follower.page.getByText('Circle Ended')).toBeVisible();
  await expect(follower.page.getByText('The host has ended this circle. Redirecting...')).toBeVisible();
  await expect(follower.page).toHaveURL(/\/faithverse$/, { timeout: 10_000 });
  await expect(finder.page).toHaveURL(/\/faithverse$/, { timeout: 10_000 });
  await expect(watcher.page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

  for (const member of [host, follower, finder, watcher]) await member.context.close();
});

test('a private circle: a member asks, the host approves, and the member is let in to watch and chat', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const host = await memberPage(browser, baseURL!, 'prhost');
  const asker = await memberPage(browser, baseURL!, 'asker');
  const title = `Quiet circle ${Date.now().toString(36)}`;
  const circleId = await createCircle(host.page, baseURL!, {
    title,
    faith: 'Judaism',
    visibility: 'private',
    allow_preview: false,
  });

  await host.page.goto(`/faithverse/c/${circleId}`);
  await host.page.getByRole('button', { name: 'Go live' }).click();
  await expect(host.page.getByTestId('local-video')).toBeVisible();

  // Never listed, even live.
  const live = await (await asker.page.request.get('/api/circles/live')).json();
  expect(live.map((c: { id: string }) => c.id)).not.toContain(circleId);

  await asker.page.goto(`/faithverse/c/${circleId}`);
  await expect(asker.page.getByText('This circle is private. Ask the host to let you in.')).toBeVisible();
  await expect(asker.page.getByTestId('remote-video')).toHaveCount(0);
  await expect(asker.page.getByText('Join the circle to read and write in its chat.')).toBeVisible();
  await asker.page.getByRole('button', { name: 'Request to Join' }).click();
  await expect(asker.page.getByText('Request sent.', { exact: false })).toBeVisible();

  await host.page.getByRole('button', { name: `Approve ${asker.member.name}` }).click();
  await expect(asker.page.getByText('You are in! Welcome to the circle.')).toBeVisible();
  await expectStreamArrives(asker.page);
  await asker.page.getByRole('textbox', { name: 'Chat message' }).fill('Thank you for letting me in');
  await asker.page.getByRole('textbox', { name: 'Chat message' }).press('Enter');
  await expect(
    host.page.getByRole('list', { name: 'Chat messages' }).getByText('Thank you for letting me in'),
  ).toBeVisible();

  for (const member of [host, asker]) await member.context.close();
});

test('a circle that does not exist sends the member back to /faithverse', async ({ browser, baseURL }) => {
  const member = await memberPage(browser, baseURL!, 'lost');
  await member.page.goto('/faithverse/c/0193f1e2-0000-7000-8000-000000000000');
  await expect(member.page.getByText('Circle not found')).toBeVisible();
  await expect(member.page).toHaveURL(/\/faithverse$/);
  await member.context.close();
});
