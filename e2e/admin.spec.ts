import { execFileSync } from 'node:child_process';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createConfirmedMember, DATA_DIR, type Member, mailTo, newMember } from './support/members.ts';

/** Grants the admin role the way an operator does: `npm run admin -- grant <email>` on the e2e data. */
function grantAdmin(email: string) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', email], {
    env: { ...process.env, DATA_DIR, AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789' },
    stdio: 'pipe',
  });
}

/** A confirmed member signed in on a page of its own browser context. */
async function memberPage(browser: Browser, baseURL: string, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL, member);
  return page;
}

test('an admin deletes a member after the dialog, and that member can no longer sign in', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = newMember('admin');
  await createConfirmedMember(page.request, baseURL!, admin);
  grantAdmin(admin.email);
  const victim = newMember('leaving');
  const victimPage = await memberPage(browser, baseURL!, victim);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText(/^Total Users: \d+$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill(victim.email);
  const users = page.getByRole('list', { name: 'Users' });
  const row = users.getByRole('listitem').filter({ hasText: victim.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(victim.name);
  await expect(row).toContainText('Joined:');
  await page.screenshot({ path: test.info().outputPath('admin-members-1280.png') });

  // Cancel first: nothing happens.
  await row.getByRole('button', { name: `Delete ${victim.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User Account' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete this user account? This action cannot be undone. All user data, posts, and activity will be permanently deleted.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Delete ${victim.name}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('User account has been successfully deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The deleted member's open session is gone, and signing in again fails.
  await victimPage.goto('/');
  await expect(victimPage).toHaveURL(/\/auth$/);
  await victimPage.getByLabel('Email').fill(victim.email);
  await victimPage.getByLabel('Password').fill(victim.password);
  await victimPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(victimPage.getByRole('alert')).toContainText('Invalid email or password');

  // The audit log says who did it.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first()).toContainText(
    'Member deleted',
  );
  await victimPage.context().close();
});

test('a member opening /admin is told Access Denied and lands on /', async ({ page, baseURL }) => {
  await createConfirmedMember(page.request, baseURL!, newMember('curious'));
  await page.goto('/admin');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have admin privileges")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('an admin adds a comedy show and a member finds it under Find Shows', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = newMember('showrunner');
  await createConfirmedMember(page.request, baseURL!, admin);
  grantAdmin(admin.email);
  const title = `Open Mic ${Date.now().toString(36)}`;

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Shows' }).click();
  await page.getByRole('button', { name: 'Add show' }).click();
  const form = page.getByRole('form', { name: 'Add a show' });
  // Refused first: a link that is not http(s).
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Venue').fill('The Basement');
  await form.getByLabel('City').fill('Springfield');
  await form.getByLabel('Date and time').fill('2027-03-14T20:00');
  await form.getByLabel('Link (optional)').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add show' }).click();
  await expect(form.getByText('The link must start with http:// or https://.')).toBeVisible();
  await form.getByLabel('Link (optional)').fill('https://tickets.example.com/open-mic');
  await form.getByRole('button', { name: 'Add show' }).click();
  await expect(page.getByText('Show added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Comedy shows' })).toContainText(title);
  await page.screenshot({ path: test.info().outputPath('admin-shows-1280.png') });

  const member = await memberPage(browser, baseURL!, newMember('laugher'));
  await member.goto('/comedy');
  await member.getByLabel('Show date').fill('2027-03-14');
  await member.getByRole('button', { name: 'Find Shows' }).click();
  const found = member
    .getByRole('list', { name: 'Comedy shows' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(found).toContainText('The Basement, Springfield');
  await expect(found.getByRole('link', { name: `Tickets for ${title}` })).toHaveAttribute(
    'href',
    'https://tickets.example.com/open-mic',
  );
  await member.context().close();
});

test('the admin screen reads well on a phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = newMember('phoneadmin');
  await createConfirmedMember(page.request, baseURL!, admin);
  grantAdmin(admin.email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Users' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('admin-members-390.png'), fullPage: true });
  for (const tab of ['Messages', 'Shows', 'Audit log']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
  }
  // Keyboard: arrow keys move between the tabs.
  await page.getByRole('tab', { name: 'Audit log' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
});

test('an admin writes an update, and members with Updates on get it by email with an unsubscribe link', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = newMember('announcer');
  await createConfirmedMember(page.request, baseURL!, admin);
  grantAdmin(admin.email);
  const reader = newMember('updatereader');
  const readerPage = await memberPage(browser, baseURL!, reader);
  const saved = await readerPage.request.patch('/api/settings/preferences', {
    data: { email_updates: true },
    headers: { origin: baseURL! },
  });
  expect(saved.ok()).toBe(true);
  const subject = `Christmas services near you ${Date.now().toString(36)}`;

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Updates' }).click();
  // Refused first: an empty message says why, and nothing is sent.
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('button', { name: 'Send update' }).click();
  await expect(page.getByText('Write the message.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Find a Christmas Eve service under Prayer → Find churches near me.');
  await page.getByRole('button', { name: 'Send update' }).click();
  await expect(page.getByText('Update sent to members with Updates on')).toBeVisible();
  const sent = page.getByRole('listitem').filter({ hasText: subject });
  await expect(sent).toContainText(/Emailed to \d+ members?/);

  const mail = await mailTo(reader.email, new RegExp(subject));
  expect(mail.text).toContain('Find a Christmas Eve service');
  expect(mail.links.some((link) => link.includes('/unsubscribe?'))).toBe(true);
  await readerPage.context().close();
});
