import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';

async function memberPage(browser: Browser, baseURL: string, prefix: string) {
  const member = newMember(prefix);
  const context = await browser.newContext();
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL, member);
  return { member, context, page, username: await usernameOf(page) };
}

/** A host call made the way the room's buttons make it (the room screen is tested in circles.spec). */
async function hostCall(page: Page, baseURL: string, id: string, action: 'live' | 'heartbeat' | 'end') {
  const response = await page.request.post(`/api/circles/${id}/${action}`, {
    data: action === 'live' ? { source_type: 'camera' } : {},
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

/** What each list shows once loaded: its cards, or its empty text. */
const LISTS = {
  '/faithverse': (page: Page) =>
    page.getByRole('list', { name: 'Active circles' }).or(page.getByText('No active circles')),
  '/faithverse/home': (page: Page) =>
    page.getByRole('list', { name: 'Live now' }).or(page.getByText('Nothing live right now.')),
  '/': (page: Page) => {
    const column = page.getByRole('region', { name: 'Live FaithVerse Circles' });
    return column.getByRole('list').or(column.getByText('Nothing live right now.'));
  },
};

/** The screen has joined the live room and loaded its list: what comes next arrives live. */
async function openLive(page: Page, path: keyof typeof LISTS) {
  await page.goto(path);
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1);
  await expect(LISTS[path](page)).toBeVisible();
  // A marker that a reload would wipe: every later check happens without one.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** The card (article) whose link is the circle's title. */
const cardOf = (page: Page, title: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });

test('a circle started from the form shows live in every list and leaves them when it ends', async ({
  browser,
  baseURL,
}) => {
  // Two members, five pages and three live updates: roomy on a loaded machine.
  test.setTimeout(120_000);
  const host = await memberPage(browser, baseURL!, 'host');
  const viewer = await memberPage(browser, baseURL!, 'viewer');
  const title = `Evening Psalms ${host.username.slice(-6)}`;

  // The viewer keeps /faithverse open the whole time.
  await openLive(viewer.page, '/faithverse');
  await expect(
    viewer.page.getByRole('heading', { level: 1, name: 'Join circles of faith, connect, and grow together' }),
  ).toBeVisible();
  await expect(viewer.page.getByRole('link', { name: 'Start a Circle' })).toHaveAttribute(
    'href',
    '/faithverse/new',
  );

  // The host opens the form: the spec's defaults are shown.
  const form = host.page;
  await form.goto('/faithverse');
  await form.getByRole('link', { name: 'Start a Circle' }).click();
  await expect(form).toHaveURL(/\/faithverse\/new$/);
  await expect(form.getByRole('heading', { level: 1, name: 'Start a Circle' })).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue('');
  await expect(form.getByLabel('Faith', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Public')).toBeChecked();
  await expect(form.getByLabel('Go live now')).toBeChecked();
  await expect(form.getByLabel('Camera')).toBeChecked();
  await expect(form.getByLabel('Duration')).toHaveValue('30');
  for (const name of ['Allow 10s Preview', 'Join by blessing', 'Show store', 'Allow donations']) {
    await expect(form.getByRole('switch', { name })).toBeChecked();
  }
  await expect(form.getByText('You approve each guest before they join.')).toBeVisible();

  // Nothing filled in: the messages sit by their fields and nothing reaches the server.
  const creates: string[] = [];
  form.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/circles') {
      creates.push(request.url());
    }
  });
  await form.getByLabel('Title').fill('   ');
  await form.getByRole('button', { name: 'Start a Circle' }).click();
  await expect(form.getByText('Give your circle a title.')).toBeVisible();
  await expect(form.getByText('Choose the faith of your circle.')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Title')).toBeFocused();
  await expect(form).toHaveURL(/\/faithverse\/new$/);
  expect(creates).toEqual([]);

  // Filled in: created, with the spec's toast, and the host lands in the room.
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Faith', { exact: true }).selectOption('Christianity');
  await form.getByLabel('Topic').fill('Psalm 23');
  await form.getByRole('button', { name: 'Start a Circle' }).click();
  await expect(form.getByText('Circle created!')).toBeVisible();
  await expect(form.getByText('Your faith circle is now live')).toBeVisible();
  await expect(form).toHaveURL(/\/faithverse\/c\/[0-9a-f-]+$/);
  expect(creates).toHaveLength(1);
  const id = new URL(form.url()).pathname.split('/').pop()!;

  // Not listed until the host sends something; then the viewer's open list shows it at once.
  await expect(cardOf(viewer.page, title)).toHaveCount(0);
  await hostCall(host.page, baseURL!, id, 'live');
  const card = cardOf(viewer.page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(card.getByText('Christianity', { exact: true })).toBeVisible();
  await expect(card.getByText('Psalm 23', { exact: true })).toBeVisible();
  await expect(card.getByText(`@${host.username}`)).toBeVisible();
  await expect(card.getByText('1/10')).toBeVisible();
  await expect(card.getByText('1 of 10 members')).toBeAttached();
  // Join by blessing is on: the viewer would have to ask; the host sees their own circle.
  await expect(card.getByText('Request to Join')).toBeVisible();
  expect(await notReloaded(viewer.page)).toBe(true);
  const hostList = await host.context.newPage();
  await hostList.goto('/faithverse');
  await expect(cardOf(hostList, title).getByText('Your circle')).toBeVisible();
  await expect(cardOf(hostList, title).getByText('Request to Join')).toHaveCount(0);
  await hostList.close();

  // /faithverse/home, the second list, in another tab of the viewer.
  await hostCall(host.page, baseURL!, id, 'heartbeat');
  const home = await viewer.context.newPage();
  await openLive(home, '/faithverse/home');
  await expect(home.getByRole('heading', { level: 1, name: 'FaithVerse • Live Circles' })).toBeVisible();
  await expect(home.getByRole('heading', { level: 2, name: 'Live now' })).toBeVisible();
  await expect(home.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(home.getByRole('link', { name: 'Start a Circle' })).toHaveAttribute('href', '/faithverse/new');
  const liveCard = cardOf(home, title);
  await expect(liveCard.getByText('Topic: Psalm 23')).toBeVisible();
  await expect(liveCard.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(liveCard.getByRole('link', { name: host.member.name })).toHaveAttribute(
    'href',
    `/profile/${host.username}`,
  );
  // Anywhere on the card but the host opens the circle.
  const box = (await liveCard.boundingBox())!;
  await liveCard.click({ position: { x: box.width - 12, y: box.height - 8 } });
  await expect(home).toHaveURL(new RegExp(`/faithverse/c/${id}$`));

  // Home's left column lists it too, and opens it.
  await openLive(home, '/');
  const column = home.getByRole('region', { name: 'Live FaithVerse Circles' });
  const item = column.getByRole('link', { name: new RegExp(title) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`@${host.username}`);
  await expect(item).toContainText('Christianity');
  await expect(item).toHaveAttribute('href', `/faithverse/c/${id}`);
  await expect(column.getByRole('link', { name: 'Explore FaithVerse' })).toHaveAttribute(
    'href',
    '/faithverse',
  );

  // The host ends it: it leaves both open lists without a reload.
  await hostCall(host.page, baseURL!, id, 'end');
  await expect(cardOf(viewer.page, title)).toHaveCount(0);
  await expect(item).toHaveCount(0);
  expect(await notReloaded(viewer.page)).toBe(true);
  expect(await notReloaded(home)).toBe(true);

  await host.context.close();
  await viewer.context.close();
});

test('the server has the last word: its refusal is the toast, and the form waits while it answers', async ({
  browser,
  baseURL,
}) => {
  const member = await memberPage(browser, baseURL!, 'starter');
  const { page } = member;
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/circles', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await answered;
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down. Try again in a minute.' } }),
    });
  });
  await page.goto('/faithverse/new');
  await page.getByLabel('Title').fill('Quiet hour');
  await page.getByLabel('Faith', { exact: true }).selectOption('Buddhism');
  await page.getByLabel('Schedule for later').check();
  await page.getByRole('switch', { name: 'Join by blessing' }).uncheck();
  await page.getByRole('button', { name: 'Start a Circle' }).click();
  await expect(page.getByRole('button', { name: 'Starting...' })).toBeDisabled();
  answer();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByText('Slow down. Try again in a minute.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a Circle' })).toBeEnabled();
  await expect(page).toHaveURL(/\/faithverse\/new$/);
  // What was chosen is still there to try again.
  await expect(page.getByLabel('Title')).toHaveValue('Quiet hour');
  await expect(page.getByRole('switch', { name: 'Join by blessing' })).not.toBeChecked();
  await member.context.close();
});

test('with nothing live, each list says so', async ({ browser, baseURL }) => {
  const member = await memberPage(browser, baseURL!, 'quiet');
  const { page } = member;
  // Other spec files run circles on the same server: this page sees an empty list on load.
  await page.route('**/api/circles/live', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await openLive(page, '/faithverse');
  await expect(page.getByText('No active circles')).toBeVisible();
  await openLive(page, '/faithverse/home');
  await expect(page.getByText('Nothing live right now.')).toBeVisible();
  await openLive(page, '/');
  await expect(
    page.getByRole('region', { name: 'Live FaithVerse Circles' }).getByText('Nothing live right now.'),
  ).toBeVisible();
  await member.context.close();
});
