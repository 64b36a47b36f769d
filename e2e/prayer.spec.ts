import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

// Prayer requests from asked to answered (issue 27): an urgent anonymous request in a group, prayed
// for and listed by a member of the group, an update and the answer seen live, the bell, and what a
// member outside the group (or anyone but its author, for 'Only me') never sees.

const PHONE = { width: 390, height: 844 };

function postIdOf(page: Page): string {
  const match = /\/post\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  return match![1]!;
}

test('an urgent anonymous request in a group: prayed for, listed, updated and answered live, hidden from others', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = { origin: baseURL! };
  const [ada, ben, cy] = [newMember('prayerasker'), newMember('prayerfriend'), newMember('prayeroutsider')];
  const [asker, friend, outsider] = await Promise.all(
    [0, 1, 2].map(async () => (await browser.newContext()).newPage()),
  );
  await createConfirmedMember(asker!.request, baseURL!, ada);
  await createConfirmedMember(friend!.request, baseURL!, ben);
  await createConfirmedMember(outsider!.request, baseURL!, cy);
  const tag = Date.now().toString(36);
  const groupName = `Night Watch ${tag}`;
  const group = await asker!.request.post('/api/groups', {
    data: { name: groupName, category: 'faith', privacy: 'public' },
    headers: origin,
  });
  expect(group.status()).toBe(201);
  const slug = (await group.json()).slug as string;
  const joined = await friend!.request.post(`/api/groups/${slug}/join`, { headers: origin });
  expect(joined.ok()).toBe(true);

  // Ada asks from the group's Prayer tab: the group is the only audience there; anonymous and urgent.
  await asker!.goto(`/groups/${slug}`);
  await asker!.getByRole('tab', { name: 'Prayer' }).click();
  const composer = asker!.getByRole('region', { name: 'Share a Prayer' });
  const text = `Please pray for my mother’s surgery tomorrow ${tag}`;
  await composer.getByRole('textbox', { name: 'Post text' }).fill(text);
  await expect(composer.getByText(`Members of ${groupName}`)).toBeVisible();
  await expect(composer.getByLabel('Expires')).toHaveValue('30');
  await composer.getByLabel('Post anonymously').check();
  await composer.getByLabel('Urgent').check();
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const mine = asker!.getByRole('article').filter({ hasText: text });
  await expect(mine).toBeVisible();
  // Her own card shows her name, with a note that others see 'A member'.
  await expect(mine.getByRole('link', { name: ada.name })).toBeVisible();
  await expect(mine.getByText('Anonymous', { exact: true })).toBeVisible();
  await expect(mine.getByText('Urgent', { exact: true })).toBeVisible();

  // Ben sees it in the group from 'A member', with no name, photo or profile link, marked 'Urgent'.
  await friend!.goto(`/groups/${slug}`);
  await friend!.getByRole('tab', { name: 'Prayer' }).click();
  const card = friend!.getByRole('article', { name: 'Post by A member' }).filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByText('Urgent', { exact: true })).toBeVisible();
  await expect(card).not.toContainText(ada.name);
  await expect(card.getByRole('link', { name: /^@/ })).toHaveCount(0);
  await expect(card.getByRole('img')).toHaveCount(0);
  // He prays, and puts it on his prayer list.
  const prayed = card.getByRole('button', { name: 'I prayed' });
  await prayed.click();
  await expect(prayed).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 prayer', { exact: true })).toBeAttached();
  await card.getByRole('button', { name: 'Pray for this' }).click();
  await expect(card.getByText('On your prayer list')).toBeVisible();

  // His list holds it, prayed for; it opens the request's page, where he stays.
  await friend!.goto('/prayer/list');
  await expect(friend!.getByRole('heading', { name: 'My prayer list', level: 1 })).toBeVisible();
  const listed = friend!.getByRole('list', { name: 'My prayer list' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('A member');
  await expect(listed.getByRole('button', { name: 'I prayed' })).toHaveAttribute('aria-pressed', 'true');
  await listed.getByRole('link', { name: text }).click();
  await expect(friend!).toHaveURL(/\/post\/[^/]+$/);
  const postId = postIdOf(friend!);
  await expect(friend!.locator('html[data-realtime="connected"]')).toHaveCount(1);
  const page = friend!.getByRole('article').filter({ hasText: text });
  await expect(page).toBeVisible();

  // Ada shares an update: it shows on Ben's open page without a reload.
  const update = `Surgery moved to 9 am ${tag}`;
  await mine.getByRole('button', { name: 'Add an update' }).click();
  await mine.getByLabel('Your update').fill(update);
  await mine.getByRole('button', { name: 'Post update' }).click();
  await expect(asker!.getByText('Update shared')).toBeVisible();
  await expect(mine.getByRole('button', { name: '1 update' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Updates on this request' })).toContainText(update);

  // She marks it answered with a testimony: Ben's page shows it at once, and his bell says so.
  const testimony = `The surgery went well, thank you all ${tag}`;
  await mine.getByRole('button', { name: 'Mark as answered' }).click();
  const dialog = asker!.getByRole('dialog', { name: 'Mark as answered' });
  await dialog.getByLabel('Testimony').fill(testimony);
  await dialog.getByRole('button', { name: 'Mark as answered' }).click();
  await expect(dialog).toBeHidden();
  await expect(mine.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Testimony' })).toContainText(testimony);
  await friend!.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(
    friend!.getByRole('region', { name: 'Notifications' }).getByText('A prayer you prayed for was answered'),
  ).toBeVisible();
  await friend!.keyboard.press('Escape');
  // The Answered tab of the prayer wall holds it for him.
  await friend!.goto('/prayer?tab=answered');
  await expect(friend!.getByRole('tab', { name: 'Answered' })).toHaveAttribute('aria-selected', 'true');
  await expect(friend!.getByRole('article').filter({ hasText: text })).toBeVisible();

  // Cy, outside the group, sees nothing of it: not on the prayer wall, not at its address.
  await outsider!.goto('/prayer');
  await expect(outsider!.getByRole('heading', { name: 'Prayer Wall', level: 1 })).toBeVisible();
  await expect(
    outsider!.getByRole('list', { name: 'Prayers' }).or(outsider!.getByText('No prayers shared yet.')),
  ).toBeVisible();
  await expect(outsider!.getByText(text)).toHaveCount(0);
  await outsider!.goto(`/post/${postId}`);
  await expect(outsider!.getByText('Post not found')).toBeVisible();
  await expect(outsider!.getByText(text)).toHaveCount(0);

  // Ada's 'Only me' request is in her journal and nowhere Ben can see.
  const secret = `A private request only I see ${tag}`;
  await asker!.goto('/prayer');
  const wall = asker!.getByRole('region', { name: 'Share a Prayer' });
  await wall.getByRole('textbox', { name: 'Post text' }).fill(secret);
  await wall.getByLabel('Who can see this').selectOption({ label: 'Only me' });
  await wall.getByRole('button', { name: 'Post', exact: true }).click();
  const secretCard = asker!.getByRole('article').filter({ hasText: secret });
  await expect(secretCard.getByText('Only me', { exact: true })).toBeVisible();
  await secretCard.getByRole('link', { name: /ago|just now/ }).click();
  const secretId = postIdOf(asker!);
  await asker!.goto('/prayer/list?tab=journal');
  const journal = asker!.getByRole('list', { name: 'My journal' });
  await expect(journal.getByRole('article').filter({ hasText: secret })).toBeVisible();
  await expect(journal.getByRole('article').filter({ hasText: text })).toContainText('Answered');

  await friend!.goto('/prayer');
  await expect(friend!.getByRole('heading', { name: 'Prayer Wall', level: 1 })).toBeVisible();
  await expect(
    friend!.getByRole('list', { name: 'Prayers' }).or(friend!.getByText('No prayers shared yet.')),
  ).toBeVisible();
  await expect(friend!.getByText(secret)).toHaveCount(0);
  await friend!.goto(`/post/${secretId}`);
  await expect(friend!.getByText('Post not found')).toBeVisible();

  // The prayer list on a phone: nothing cut off, no accessibility violations.
  await friend!.setViewportSize(PHONE);
  await friend!.goto('/prayer/list');
  await expect(friend!.getByRole('switch', { name: 'Remind me daily' })).toBeVisible();
  const overflow = await friend!.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page: friend! }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("'Remind me daily' saves a time in the browser's zone", async ({ page, baseURL }) => {
  const member = newMember('prayerreminder');
  await createConfirmedMember(page.request, baseURL!, member);
  await page.goto('/prayer/list');
  await expect(
    page.getByText("Your prayer list is empty. Tap 'Pray for this' on a request to add it."),
  ).toBeVisible();
  const reminder = page.getByRole('switch', { name: 'Remind me daily' });
  await expect(reminder).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByLabel('Time')).toHaveValue('08:00');
  await reminder.click();
  await expect(reminder).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText(/^Reminder set for 8:00\sAM every day\.$/)).toBeVisible();
  await page.getByLabel('Time').fill('21:30');
  await expect(page.getByText(/^Reminder set for 9:30\sPM every day\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Remind me daily' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Time')).toHaveValue('21:30');
  const list = await (await page.request.get('/api/prayer/list')).json();
  expect(list.reminder.time).toBe('21:30');
  expect(list.reminder.time_zone).toBe(
    await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  await page.getByRole('switch', { name: 'Remind me daily' }).click();
  await expect(page.getByRole('switch', { name: 'Remind me daily' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByText(/Reminder set for/)).toHaveCount(0);
});

test('a member hides one anonymous request from their prayer feed, and Undo brings it back', async ({
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL! };
  const [ada, ben] = [newMember('hideasker'), newMember('hidereader')];
  const [asker, reader] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(asker!.request, baseURL!, ada);
  await createConfirmedMember(reader!.request, baseURL!, ben);
  const text = `Anonymous, and hidden by one reader ${Date.now().toString(36)}`;
  const made = await asker!.request.post('/api/posts', {
    data: { content: text, category: 'prayer', prayer_type: 'intercession', anonymous: true },
    headers: origin,
  });
  expect(made.status()).toBe(201);

  await reader!.setViewportSize(PHONE);
  await reader!.goto('/prayer');
  const card = reader!.getByRole('article').filter({ hasText: text });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Post options' }).click();
  await reader!.getByRole('button', { name: 'Hide this request' }).click();
  await expect(reader!.getByText('Request hidden from your feeds')).toBeVisible();
  await expect(card).toHaveCount(0);
  // Still there for everyone else, and for the reader by its link.
  const id = (await made.json()).id as string;
  const feed = await (await reader!.request.get('/api/posts?category=prayer')).json();
  expect(feed.posts.map((p: { id: string }) => p.id)).not.toContain(id);
  expect((await reader!.request.get(`/api/posts/${id}`)).status()).toBe(200);
  await asker!.goto('/prayer');
  await expect(asker!.getByRole('article').filter({ hasText: text })).toBeVisible();

  // Undo, from a fresh hide: the request comes back to the feed.
  await reader!.request.delete(`/api/posts/${id}/hidden`, { headers: origin });
  await reader!.reload();
  const again = reader!.getByRole('article').filter({ hasText: text });
  await again.getByRole('button', { name: 'Post options' }).click();
  await reader!.getByRole('button', { name: 'Hide this request' }).click();
  await expect(again).toHaveCount(0);
  await reader!.getByRole('button', { name: 'Undo' }).click();
  await expect(reader!.getByRole('article').filter({ hasText: text })).toBeVisible();
  await asker!.context().close();
  await reader!.context().close();
});
