import { expect, test } from '@playwright/test';
import { createConfirmedMember, mailTo, newMember } from './support/members.ts';

test('sign up, confirm from the email, sign in, find another member, sign out', async ({
  page,
  request,
  baseURL,
}) => {
  const other = newMember('grace');
  await createConfirmedMember(request, baseURL!, other);
  const me = newMember('joy');

  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full Name').fill(me.name);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/mode=login.*notice=confirm|notice=confirm.*mode=login/);
  await expect(page.getByText('Check your email')).toBeVisible();

  // Signing in before confirming is refused with a message that says what to do.
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('confirm your email');

  const mail = await mailTo(me.email, /Confirm your Splikz account/);
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('link', { name: 'Splikz', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Welcome, Joy/ })).toBeVisible();
  // /auth/callback replaced itself in history: Back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/auth\/callback/);

  await page.goto('/');
  const search = page.getByPlaceholder('Search by username or name...');
  await search.fill(`  ${other.name.split(' ')[1]!.toLowerCase()}  `);
  const result = page.getByRole('option', { name: new RegExp(other.name) });
  await expect(result).toBeVisible();
  await result.click();
  const username = other.email.split('@')[0]!.replace(/[^a-z0-9_]/g, '');
  await expect(page).toHaveURL(new RegExp(`/profile/${username}$`));
  await expect(search).toHaveValue('');

  await search.fill('zz-nobody-has-this-name');
  await expect(page.getByText('No users found')).toBeVisible();
  await expect(page.getByText('Try searching by username or name')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a weak password is refused with the spec message', async ({ page }) => {
  const me = newMember('weak');
  await page.goto('/auth?mode=signup');
  await page.getByLabel('Full Name').fill(me.name);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Weak password — Please use at least 6 characters.')).toBeVisible();
  await expect(page).toHaveURL(/mode=signup/);
});

test('forgot password and set a new one from the emailed link', async ({ page, request, baseURL }) => {
  const me = newMember('reset');
  await createConfirmedMember(request, baseURL!, me);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email required').first()).toBeVisible();

  await page.getByLabel('Email').fill(me.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/we sent a link to reset/)).toBeVisible();

  const mail = await mailTo(me.email, /Reset your Splikz password/);
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/mode=reset.*token=/);
  await page.getByLabel('New Password').fill('brand-new-1');
  await page.getByLabel('Confirm Password').fill('brand-new-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("Passwords don't match").first()).toBeVisible();

  await page.getByLabel('Confirm Password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/mode=login/);

  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await page.getByLabel('Password').fill('brand-new-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});
