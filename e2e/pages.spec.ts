import { expect, test } from '@playwright/test';
import { mailTo } from './support/members.ts';

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  // Home is for members: a visitor ends on the sign-in screen.
  await expect(page).toHaveURL(/\/auth$/);
});

test('protected screens send a visitor to /auth', async ({ page }) => {
  for (const path of ['/', '/messages', '/comedy', '/admin', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('static pages are public, with Back and Last updated', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText(/^Last updated/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  for (const [path, title] of [
    ['/terms', 'Terms of Service'],
    ['/cookies', 'Cookie Policy'],
    ['/about', 'About Us'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test('a visitor sends a message with the Contact Us dialog', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('Choose a subject from the list.')).toBeVisible();

  const email = `visitor.${Date.now()}@example.com`;
  await dialog.getByLabel('Name').fill('Ruth Visitor');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Subject').selectOption('feedback');
  await dialog.getByLabel('Message').fill('Loving the prayer circles. Could we get a dark mode?');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await mailTo('team@splikz.test', /Feedback from Ruth Visitor/);
  expect(mail.text).toContain('Could we get a dark mode?');
  expect(mail.text).toContain(email);
});
