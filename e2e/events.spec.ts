import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

// Events (issue 26): a weekly Bible study with a capacity of 2 in a group, from creation to
// cancellation, with two members answering (one brings a guest and waits), the waiting one moved up
// and told live, the .ics file, and the event page on a phone.

const PHONE = { width: 390, height: 844 };

/** A local date `days` from today as the datetime-local input wants it. */
function localDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function eventIdOf(page: Page): string {
  const match = /\/events\/([^/?#]+)$/.exec(new URL(page.url()).pathname);
  expect(match).not.toBeNull();
  return match![1]!;
}

test('a weekly study with a capacity of 2: go, wait, move up, download, cancel', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [hana, ivo, jo] = [newMember('eventhost'), newMember('eventgoer'), newMember('eventwaiter')];
  const [host, goer, waiter] = await Promise.all(
    [0, 1, 2].map(async () => (await browser.newContext({ acceptDownloads: true })).newPage()),
  );
  await createConfirmedMember(host!.request, baseURL!, hana);
  await createConfirmedMember(goer!.request, baseURL!, ivo);
  await createConfirmedMember(waiter!.request, baseURL!, jo);
  const tag = Date.now().toString(36);
  const group = await host!.request.post('/api/groups', {
    data: { name: `Romans Study ${tag}`, category: 'faith', privacy: 'public' },
    headers: { origin: baseURL! },
  });
  expect(group.status()).toBe(201);
  const groupSlug = (await group.json()).slug as string;

  // Her group's page offers an event of the group's.
  await host!.goto(`/groups/${groupSlug}`);
  await expect(host!.getByRole('link', { name: 'Create an Event' })).toHaveAttribute(
    'href',
    `/events/new?group=${groupSlug}`,
  );

  // Hana creates a weekly study in her group from /events.
  await host!.goto('/events');
  await expect(host!.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await host!.getByRole('link', { name: 'Create an Event' }).click();
  await expect(host!).toHaveURL(/\/events\/new$/);
  const title = `Bible study ${tag}`;
  await host!.getByLabel('Title').fill(title);
  await host!.getByLabel('Description').fill('Romans 8, with tea.');
  await host!.getByLabel('Starts').fill(`${localDay(2)}T19:00`);
  await host!.getByLabel('Ends').fill(`${localDay(2)}T20:30`);
  await host!.getByLabel('Repeats').selectOption({ label: 'Weekly' });
  await host!.getByLabel('Until').fill(localDay(30));
  await host!.getByLabel('Category').selectOption({ label: 'Faith' });
  await host!.getByLabel('Venue').fill('Grace Church, room 4');
  await host!.getByLabel('Capacity').fill('2');
  await host!.getByLabel('Group', { exact: true }).selectOption({ label: `Romans Study ${tag}` });
  await host!.getByRole('button', { name: 'Create Event' }).click();
  await expect(host!.getByText('Event created!')).toBeVisible();
  await expect(host!.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(host!.getByText(/Weekly until/)).toBeVisible();
  await expect(host!.getByText('2 spots left')).toBeVisible();
  await expect(host!.getByRole('link', { name: `Romans Study ${tag}` })).toHaveAttribute(
    'href',
    `/groups/${groupSlug}`,
  );
  const eventId = eventIdOf(host!);

  // Ivo goes alone: one spot left.
  await goer!.goto(`/events/${eventId}`);
  await goer!.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(goer!.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(goer!.getByText('1 spot left')).toBeVisible();

  // Jo brings a guest: two seats do not fit in one, so Jo waits, first in line.
  await waiter!.goto(`/events/${eventId}`);
  await waiter!.getByLabel('+ guests').selectOption('1');
  await waiter!.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(waiter!.getByRole('button', { name: 'On the waitlist (#1)' })).toBeVisible();

  // Ivo cannot come after all: Jo and the guest move up, and Jo is told while the page is open.
  await goer!.getByRole('button', { name: 'Not going' }).click();
  await expect(goer!.getByRole('button', { name: 'Not going' })).toHaveAttribute('aria-pressed', 'true');
  await waiter!.getByRole('button', { name: /^Notifications, 1 unread$/ }).click();
  await expect(
    waiter!
      .getByRole('region', { name: 'Notifications' })
      .getByText(`A spot opened: you're going to ${title}`),
  ).toBeVisible();
  await waiter!.keyboard.press('Escape');
  await expect(waiter!.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(waiter!.getByText('0 spots left')).toBeVisible();

  // 'Add to calendar' downloads the study as an .ics with its weekly rule.
  const [download] = await Promise.all([
    waiter!.waitForEvent('download'),
    waiter!.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:Bible study ${tag}`);
  expect(ics).toMatch(/RRULE:FREQ=WEEKLY;UNTIL=/);

  // Hana cancels with a reason: Jo is told.
  await host!.reload();
  await host!.getByRole('button', { name: 'Cancel event' }).click();
  const dialog = host!.getByRole('dialog', { name: 'Cancel event' });
  await dialog.getByLabel('Reason').fill('The church is closed for repairs');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(host!.getByText('Event cancelled')).toBeVisible();
  await expect(host!.getByText('The church is closed for repairs')).toBeVisible();
  // Jo's open page shows it at once, and the bell holds both lines, unread.
  await expect(waiter!.getByText('The church is closed for repairs')).toBeVisible();
  await waiter!.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  await expect(
    waiter!
      .getByRole('region', { name: 'Notifications' })
      .getByText(`${title} was cancelled: The church is closed for repairs`),
  ).toBeVisible();

  // The event page on a phone: everything reachable, nothing cut off, no accessibility violations.
  await waiter!.setViewportSize(PHONE);
  await waiter!.goto(`/events/${eventId}`);
  await expect(waiter!.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const overflow = await waiter!.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page: waiter! }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("an open mic added from the Comedy Zone, found with 'Find Shows'", async ({ page, baseURL }) => {
  const comic = newMember('eventcomic');
  await createConfirmedMember(page.request, baseURL!, comic);
  const title = `Open mic ${Date.now().toString(36)}`;
  await page.goto('/comedy');
  await page.getByRole('link', { name: 'Add your show' }).click();
  await expect(page).toHaveURL(/\/events\/new\?category=comedy$/);
  await expect(page.getByLabel('Category')).toHaveValue('comedy');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Starts').fill(`${localDay(3)}T20:00`);
  await page.getByLabel('Ends').fill(`${localDay(3)}T22:00`);
  await page.getByLabel('Venue').fill('The Basement Bar');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created!')).toBeVisible();

  await page.goto('/comedy');
  await page.getByLabel('Show date').fill(localDay(3));
  await page.getByRole('button', { name: 'Find Shows' }).click();
  const shows = page.getByRole('list', { name: 'Comedy shows' });
  await expect(shows.getByRole('link', { name: title })).toBeVisible();
  await expect(shows).toContainText('The Basement Bar');
  await shows.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  // The day before holds no such show.
  await page.goto('/comedy');
  await page.getByLabel('Show date').fill(localDay(2));
  await page.getByRole('button', { name: 'Find Shows' }).click();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
