import { expect, type Page, test } from '@playwright/test';
import { photo } from './support/media.ts';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';

const saved = (page: Page, path: string) =>
  page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PATCH' && r.ok());

test('the full name and a media preference are saved and survive a reload', async ({ page, baseURL }) => {
  const me = newMember('settler');
  // Following the confirmation link signs the browser context in, as it does for a person.
  await createConfirmedMember(page.request, baseURL!, me);
  const username = await usernameOf(page);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings & Privacy' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
    'href',
    `/profile/${username}`,
  );
  const fullName = page.getByLabel('Full Name', { exact: true });
  await expect(fullName).toHaveValue(me.name);

  // Nothing changed yet.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No changes to save')).toBeVisible();

  // The username is lower-cased and stripped as it is typed.
  const usernameField = page.getByLabel('Username', { exact: true });
  await usernameField.fill('');
  await usernameField.pressSequentially('Jo Ann!');
  await expect(usernameField).toHaveValue('joann');
  await usernameField.fill(username);

  await fullName.fill('Renamed Person');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Renamed Person');

  // Preferences: a switch saved on change, restored on the next visit.
  await page.getByRole('link', { name: /^Media/ }).click();
  await expect(page).toHaveURL(/\/settings\/media$/);
  await expect(page.getByRole('switch', { name: 'Autoplay videos' })).toHaveAttribute('aria-checked', 'true');
  const dataSaver = page.getByRole('switch', { name: 'Data saver' });
  await expect(dataSaver).toHaveAttribute('aria-checked', 'false');
  const save = saved(page, '/api/settings/preferences');
  await dataSaver.focus();
  await page.keyboard.press('Space');
  await save;
  await expect(dataSaver).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Data saver' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('switch', { name: 'High quality images' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Notification switches are named with their group: two are called 'New posts'.
  await page.goto('/settings/notifications');
  await expect(page.getByRole('switch', { name: 'Push Notifications New posts' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('switch', { name: 'Email Notifications New posts' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('deleting the account needs the password, signs out and ends the account', async ({ page, baseURL }) => {
  const me = newMember('leaver');
  await createConfirmedMember(page.request, baseURL!, me);

  await page.goto('/settings/privacy-center');
  await page.getByRole('button', { name: 'Review your data' }).click();
  await expect(page.getByText(me.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download your data' })).toHaveAttribute(
    'href',
    '/api/settings/data?download=1',
  );

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');

  await dialog.getByLabel('Password').fill(me.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);

  // The account is gone: signing in again fails.
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
});

test('media settings apply: a photo opened full size is the original only with High quality images on', async ({
  page,
  baseURL,
}) => {
  const me = newMember('viewer');
  await createConfirmedMember(page.request, baseURL!, me);
  const upload = await page.request.post('/api/media', {
    headers: { origin: baseURL! },
    multipart: { file: await photo('lake.png') },
  });
  expect(upload.status()).toBe(201);
  const media = await upload.json();
  const created = await page.request.post('/api/posts', {
    headers: { origin: baseURL! },
    data: { content: 'Lake at dawn', media_id: media.id },
  });
  expect(created.status()).toBe(201);
  const post = await created.json();

  const fullSize = async () => {
    await page.goto(`/post/${post.id}`);
    await page.getByRole('button', { name: 'View photo full size' }).click();
    return page.getByRole('dialog').getByRole('img');
  };
  await expect(await fullSize()).toHaveAttribute('src', media.url);

  await page.goto('/settings/media');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/preferences') && r.request().method() === 'PATCH' && r.ok(),
  );
  await page.getByRole('switch', { name: 'High quality images' }).click();
  await saved;
  await expect(await fullSize()).toHaveAttribute('src', media.feed_url);
});
