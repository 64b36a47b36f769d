import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { createConfirmedMember, DATA_DIR, mailTo, newMember } from './support/members.ts';

/** Sends today's digests the way an operator does: `npm run admin -- send-digests` on the e2e data. */
function sendDigests(baseURL: string) {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'send-digests'], {
    env: {
      ...process.env,
      DATA_DIR,
      PUBLIC_URL: baseURL,
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    },
    encoding: 'utf8',
  });
}

test('a member who turns on New posts gets a digest, and its link unsubscribes them without signing in', async ({
  browser,
  baseURL,
}) => {
  const author = newMember('digestauthor');
  const reader = newMember('digestreader');
  const authorPage = await (await browser.newContext()).newPage();
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await createConfirmedMember(authorPage.request, baseURL!, author);
  await createConfirmedMember(readerPage.request, baseURL!, reader);
  const authorId = (await (await authorPage.request.get('/api/me')).json()).id;
  expect(
    (await readerPage.request.put(`/api/follows/${authorId}`, { headers: { origin: baseURL! } })).ok(),
  ).toBe(true);

  // The reader turns the email on in Settings, the way a person does.
  await readerPage.goto('/settings/notifications');
  const emailNewPosts = readerPage.getByRole('switch', { name: 'Email Notifications New posts' });
  await expect(emailNewPosts).toHaveAttribute('aria-checked', 'false');
  await emailNewPosts.click();
  await expect(emailNewPosts).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(
      async () => (await (await readerPage.request.get('/api/settings/preferences')).json()).email_new_posts,
    )
    .toBe(true);

  const text = `Harvest supper on Saturday ${Date.now().toString(36)}`;
  const posted = await authorPage.request.post('/api/posts', {
    data: { content: text },
    headers: { origin: baseURL! },
  });
  expect(posted.status()).toBe(201);
  expect(sendDigests(baseURL!)).toMatch(/digest emails? sent/);

  const mail = await mailTo(reader.email, /new posts? from people you follow/);
  expect(mail.text).toContain(text);
  const unsubscribe = mail.links.find((link) => link.includes('/unsubscribe?'))!;
  expect(unsubscribe).toBeTruthy();

  // Opened in a browser with no session, the link asks once, and one press turns the email off.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(unsubscribe);
  await expect(stranger.getByText('Stop getting the daily New posts email?')).toBeVisible();
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stranger.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();

  await readerPage.reload();
  await expect(emailNewPosts).toHaveAttribute('aria-checked', 'false');
  await readerContext.close();
});
