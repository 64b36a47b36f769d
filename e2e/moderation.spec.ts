import { execFileSync } from 'node:child_process';
import { REPORT_MESSAGES } from '@common/schemas/reports.ts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createConfirmedMember, DATA_DIR, type Member, newMember, usernameOf } from './support/members.ts';

/** Grants the admin role the way an operator does: `npm run admin -- grant <email>` on the e2e data. */
function grantAdmin(email: string) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', email], {
    env: { ...process.env, DATA_DIR, AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789' },
    stdio: 'pipe',
  });
}

interface Signed {
  member: Member;
  page: Page;
  id: string;
  username: string;
}

/** A confirmed member signed in on a page of its own browser context. */
async function signedIn(browser: Browser, baseURL: string, prefix: string, phone = false): Promise<Signed> {
  const member = newMember(prefix);
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 } } : {});
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL, member);
  const me = await (await page.request.get('/api/me')).json();
  return { member, page, id: me.id as string, username: await usernameOf(page) };
}

async function post(page: Page, baseURL: string, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { origin: baseURL } });
  expect(response.ok()).toBe(true);
  return response.json();
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a reported post is removed, its author suspended from a report, signed out, then restored', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, baseURL!, 'moderator');
  grantAdmin(admin.member.email);
  const ada = await signedIn(browser, baseURL!, 'reporter');
  const boris = await signedIn(browser, baseURL!, 'troll');
  const text = `Buy cheap followers ${Date.now().toString(36)}`;
  await post(boris.page, baseURL!, '/api/posts', { content: text });
  const adaPost = await post(ada.page, baseURL!, '/api/posts', { content: `Ada asks ${Date.now()}` });
  await post(boris.page, baseURL!, `/api/posts/${adaPost.id}/comments`, { content: 'You are all fools' });
  await boris.page.goto('/');
  await expect(boris.page.getByText(text)).toBeVisible();

  // Ada reports Boris's post from the feed. The dialog asks for a reason, and for details with 'Something else'.
  await ada.page.goto('/');
  const card = ada.page.getByRole('article').filter({ hasText: text });
  const options = card.getByRole('button', { name: 'Post options' });
  await options.click();
  await card.getByRole('button', { name: 'Report post' }).click();
  const dialog = ada.page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog.getByText(REPORT_MESSAGES.badReason)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await expect(dialog.getByLabel('Details (required)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog.getByText(REPORT_MESSAGES.detailsNeeded)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam or scam' }).check();
  await dialog.getByLabel('Details (optional)').fill('Sells fake followers');
  await expect(dialog.getByText('20/500')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(ada.page.getByText(REPORT_MESSAGES.sent, { exact: true })).toBeVisible();
  await expect(ada.page.getByText(REPORT_MESSAGES.sentDescription)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(options).toBeFocused();

  // Ada reports his comment on her post too.
  await ada.page.goto(`/post/${adaPost.id}`);
  const comment = ada.page.getByRole('listitem').filter({ hasText: 'You are all fools' });
  await comment.getByRole('button', { name: 'Report comment' }).click();
  const commentDialog = ada.page.getByRole('dialog', { name: 'Report comment' });
  await commentDialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await commentDialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(ada.page.getByText(REPORT_MESSAGES.sent, { exact: true })).toBeVisible();
  await expect(commentDialog).toBeHidden();

  // The admin finds the post's report in the queue and removes the post, after confirming.
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Reports' }).click();
  const open = admin.page.getByRole('list', { name: 'Open reports' });
  const postReport = open.getByRole('listitem').filter({ hasText: text });
  await expect(postReport).toContainText('Post');
  await expect(postReport).toContainText('Spam or scam');
  await expect(postReport).toContainText('Sells fake followers');
  await expect(postReport).toContainText(`Reported by:@${ada.username}`);
  await expect(postReport).toContainText(`Member:@${boris.username}`);
  await expect(postReport).toContainText('1 report');
  await expect(postReport.getByRole('link', { name: 'View' })).toHaveAttribute('href', /^\/post\//);
  await admin.page.screenshot({ path: test.info().outputPath('reports-1280.png') });
  await postReport.getByRole('button', { name: 'Remove content' }).click();
  const confirmRemove = admin.page.getByRole('dialog', { name: 'Remove this post?' });
  await confirmRemove.getByRole('button', { name: 'Remove' }).click();
  await expect(admin.page.getByText('Content removed')).toBeVisible();
  await expect(postReport).toHaveCount(0);

  // The post is gone for Ada.
  await ada.page.goto('/');
  await expect(ada.page.getByRole('article').first()).toBeVisible();
  await expect(ada.page.getByText(text)).toHaveCount(0);

  // The admin suspends Boris from the comment's report; his open page loses its connection at once.
  const commentReport = open.getByRole('listitem').filter({ hasText: 'You are all fools' });
  await expect(commentReport).toContainText('Harassment or bullying');
  await expect(commentReport.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `/post/${adaPost.id}`,
  );
  await expect(boris.page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await commentReport.getByRole('button', { name: 'Suspend member' }).click();
  const confirmSuspend = admin.page.getByRole('dialog', { name: `Suspend @${boris.username}?` });
  await confirmSuspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.page.getByText('Member suspended')).toBeVisible();
  await expect(admin.page.getByText(`@${boris.username} can no longer sign in.`)).toBeVisible();
  await expect(commentReport).toHaveCount(0);
  await expect(boris.page.locator('html')).toHaveAttribute('data-realtime', 'disconnected');

  // What was handled is listed under Resolved.
  await admin.page.getByRole('button', { name: 'Resolved' }).click();
  const resolved = admin.page.getByRole('list', { name: 'Resolved reports' });
  await expect(resolved.getByRole('listitem').filter({ hasText: text })).toContainText('Content removed');
  await expect(resolved.getByRole('listitem').filter({ hasText: text })).toContainText('Gone');
  await expect(resolved.getByRole('listitem').filter({ hasText: 'You are all fools' })).toContainText(
    'Member suspended',
  );

  // Boris's open tab is signed out at once (the server dropped his socket; the tab asked who is
  // signed in and went to /auth, without a reload), and signing in is refused.
  await expect(boris.page).toHaveURL(/\/auth$/);
  await boris.page.getByLabel('Email').fill(boris.member.email);
  await boris.page.getByLabel('Password').fill(boris.member.password);
  await boris.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(boris.page.getByRole('alert')).toContainText(REPORT_MESSAGES.suspended);

  // The admin restores him from Members (never offered for the admin's own row).
  await admin.page.getByRole('tab', { name: 'Members' }).click();
  const search = admin.page.getByRole('searchbox', { name: 'Search members' });
  await search.fill(admin.member.email);
  const users = admin.page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await expect(users.getByRole('button', { name: /^Suspend/ })).toHaveCount(0);
  await search.fill(boris.member.email);
  const row = users.getByRole('listitem').filter({ hasText: boris.member.email });
  await expect(row).toContainText('Suspended');
  await row.getByRole('button', { name: `Restore ${boris.member.name}` }).click();
  await expect(admin.page.getByText('Member restored')).toBeVisible();
  await expect(row.getByRole('button', { name: `Suspend ${boris.member.name}` })).toBeVisible();
  await expect(row).not.toContainText('Suspended');

  await boris.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(boris.page).toHaveURL(/\/$/);

  // Every step is in the audit log, newest first (other specs' admins may write lines in between).
  await admin.page.getByRole('tab', { name: 'Audit log' }).click();
  const lines = admin.page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: `@${boris.username}` });
  await expect(lines.nth(0)).toContainText('Member restored');
  await expect(lines.nth(1)).toContainText('Member suspended');
  await expect(lines.nth(1)).toContainText('from a report');
  await expect(lines.nth(2)).toContainText('Reported content removed');
  for (const who of [admin, ada, boris]) await who.page.context().close();
});

test('the report dialog works with the keyboard on a phone, and shows what the server refuses', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const cleo = await signedIn(browser, baseURL!, 'phonereporter', true);
  const dan = await signedIn(browser, baseURL!, 'phoneauthor');
  const text = `Dan's rant ${Date.now().toString(36)}`;
  const danPost = await post(dan.page, baseURL!, '/api/posts', { content: text });

  // Keyboard only: the menu, the dialog, Escape, and focus back where it was.
  await cleo.page.goto('/');
  const card = cleo.page.getByRole('article').filter({ hasText: text });
  const options = card.getByRole('button', { name: 'Post options' });
  await options.focus();
  await cleo.page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Report post' })).toBeFocused();
  await cleo.page.keyboard.press('Enter');
  const dialog = cleo.page.getByRole('dialog', { name: 'Report post' });
  await expect(dialog).toBeVisible();
  expect(await noHorizontalScroll(cleo.page)).toBeLessThanOrEqual(0);
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await cleo.page.screenshot({ path: test.info().outputPath('report-dialog-390.png') });
  await cleo.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(options).toBeFocused();

  // Dan deletes the post while Cleo's dialog is open: the server's sentence shows in the dialog.
  await cleo.page.keyboard.press('Enter');
  await cleo.page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam or scam' }).focus();
  await cleo.page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Spam or scam' })).toBeChecked();
  await cleo.page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Harassment or bullying' })).toBeChecked();
  const removed = await dan.page.request.delete(`/api/posts/${danPost.id}`, {
    headers: { origin: baseURL! },
  });
  expect(removed.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Submit report' }).press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(REPORT_MESSAGES.notFound);
  await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(options).toBeFocused();
  for (const who of [cleo, dan]) await who.page.context().close();
});

test('a member and their circle are reported; the queue fits a phone; an admin suspends from Members', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, baseURL!, 'phonemod', true);
  grantAdmin(admin.member.email);
  const cleo = await signedIn(browser, baseURL!, 'profilereporter');
  const dan = await signedIn(browser, baseURL!, 'circlehost');

  // Cleo reports Dan from his profile's menu, and a circle he hosts from its room.
  await cleo.page.goto(`/profile/${dan.username}`);
  await cleo.page.getByRole('button', { name: `More options for ${dan.member.name}` }).click();
  await cleo.page.getByRole('menuitem', { name: 'Report' }).click();
  const memberDialog = cleo.page.getByRole('dialog', { name: `Report ${dan.member.name}` });
  await memberDialog.getByRole('radio', { name: 'Pretending to be someone else' }).check();
  await memberDialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(cleo.page.getByText(REPORT_MESSAGES.sent, { exact: true })).toBeVisible();

  const { circle } = await post(dan.page, baseURL!, '/api/circles', {
    title: `Dan's circle ${Date.now().toString(36)}`,
    faith: 'Christianity',
  });
  await cleo.page.goto(`/faithverse/c/${circle.id}`);
  await cleo.page.getByRole('button', { name: 'Report circle' }).click();
  const circleDialog = cleo.page.getByRole('dialog', { name: 'Report circle' });
  await circleDialog.getByRole('radio', { name: 'Hate speech' }).check();
  await circleDialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(cleo.page.getByText(REPORT_MESSAGES.sent, { exact: true })).toBeVisible();
  // The host is offered no such button in their own room.
  await dan.page.goto(`/faithverse/c/${circle.id}`);
  await expect(dan.page.getByRole('button', { name: 'End Circle' })).toBeVisible();
  await expect(dan.page.getByRole('button', { name: 'Report circle' })).toHaveCount(0);

  // The admin's queue fits a phone; a member's report offers no 'Remove content'.
  await admin.page.goto('/admin');
  await admin.page.getByRole('tab', { name: 'Reports' }).click();
  const open = admin.page.getByRole('list', { name: 'Open reports' });
  const memberReport = open.getByRole('listitem').filter({ hasText: 'Pretending to be someone else' });
  await expect(memberReport).toContainText('Member');
  await expect(memberReport.getByRole('button', { name: 'Remove content' })).toHaveCount(0);
  const circleReport = open.getByRole('listitem').filter({ hasText: 'Hate speech' });
  await expect(circleReport.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `/faithverse/c/${circle.id}`,
  );
  expect(await noHorizontalScroll(admin.page)).toBeLessThanOrEqual(0);
  await admin.page.screenshot({ path: test.info().outputPath('reports-390.png'), fullPage: true });

  // Dismissing closes the report; suspending from Members asks first and closes the other one.
  await memberReport.getByRole('button', { name: 'Dismiss' }).click();
  await expect(admin.page.getByText('Report dismissed')).toBeVisible();
  await expect(memberReport).toHaveCount(0);
  await admin.page.getByRole('tab', { name: 'Members' }).click();
  await admin.page.getByRole('searchbox', { name: 'Search members' }).fill(dan.member.email);
  const row = admin.page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Suspend ${dan.member.name}` }).click();
  const confirm = admin.page.getByRole('dialog', { name: `Suspend @${dan.username}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).not.toContainText('Suspended');
  await row.getByRole('button', { name: `Suspend ${dan.member.name}` }).click();
  await confirm.getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.page.getByText('1 open report closed.')).toBeVisible();
  await expect(row).toContainText('Suspended');
  expect(await noHorizontalScroll(admin.page)).toBeLessThanOrEqual(0);
  expect((await dan.page.request.get('/api/me')).status()).toBe(401);
  for (const who of [admin, cleo, dan]) await who.page.context().close();
});
