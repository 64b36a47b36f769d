import { expect, test } from '@playwright/test';
import { createConfirmedMember, mailTo, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test('changing the password on a phone signs out the other browser; the old password then fails', async ({
  browser,
  baseURL,
}) => {
  const member = newMember('keeper');
  const [phone, laptop] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(phone!.request, baseURL!, member);
  const signIn = await laptop!.request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  await laptop!.goto('/');
  await expect(laptop!.getByRole('region', { name: 'Create a post' })).toBeVisible();

  await phone!.setViewportSize(PHONE);
  await phone!.goto('/settings');
  await phone!.getByRole('link', { name: /Password and security/ }).click();
  await expect(phone!).toHaveURL(/\/settings\/security$/);
  await expect(phone!.getByRole('heading', { name: 'Password and security', level: 1 })).toBeVisible();
  const save = phone!.getByRole('button', { name: 'Save new password' });
  // A wrong current password changes nothing and says so.
  await phone!.getByLabel('Current password').fill('not-the-password');
  await phone!.getByLabel('New password').fill('a-new-secret');
  await save.click();
  await expect(phone!.getByRole('alert')).toContainText(
    'Your current password is not right. Nothing was changed.',
  );
  // The right one, by keyboard.
  await phone!.getByLabel('Current password').fill(member.password);
  await phone!.getByLabel('New password').press('Enter');
  await expect(phone!.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
  await expect(phone!.getByLabel('Current password')).toHaveValue('');
  await mailTo(member.email, /Your Splikz password was changed/);

  // The laptop is signed out at once: its next page is the sign-in screen.
  await laptop!.reload();
  await expect(laptop!).toHaveURL(/\/auth/);
  await laptop!.getByLabel('Email').fill(member.email);
  await laptop!.getByLabel('Password').fill(member.password);
  await laptop!.getByRole('button', { name: 'Sign In' }).click();
  await expect(laptop!.getByRole('alert')).toContainText('Invalid email or password');
  await laptop!.getByLabel('Password').fill('a-new-secret');
  await laptop!.getByRole('button', { name: 'Sign In' }).click();
  await expect(laptop!).toHaveURL(/\/$/);
  // The phone stayed signed in.
  await phone!.goto('/');
  await expect(phone!.getByRole('region', { name: 'Create a post' })).toBeVisible();
});
