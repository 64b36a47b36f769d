import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { waitForOutboxMail } from '../../server/test/outbox.ts';

export const DATA_DIR = `.e2e-data/${process.env.E2E_PORT ?? 4173}`;

let counter = 0;

/** The @username of the member the page's browser context is signed in as. */
export async function usernameOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  return (await me.json()).profile.username;
}

export function newMember(prefix = 'member') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
  return {
    name: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester${tag.slice(-4)}`,
    email: `${prefix}.${tag}@example.com`,
    password: 'secret123',
  };
}

export type Member = ReturnType<typeof newMember>;

/** The newest mail to an address in the e2e server's outbox. */
export function mailTo(email: string, subject: RegExp) {
  return waitForOutboxMail(DATA_DIR, email, subject);
}

/** Creates a confirmed member over HTTP (no browser), for tests about something else. */
export async function createConfirmedMember(request: APIRequestContext, baseURL: string, member: Member) {
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { ...member, callbackURL: '/auth/callback' },
    headers: { origin: baseURL },
  });
  expect(signUp.status()).toBe(200);
  const mail = await mailTo(member.email, /Confirm/);
  const confirm = await request.get(mail.links[0]!, { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
}

/** Signs in through the /auth form the way a person would. */
export async function signIn(page: Page, member: Member) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}
