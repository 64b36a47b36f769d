import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { usernameFromEmail } from '../../common/username.ts';
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

const passwordHashes = new Map<string, Promise<string>>();

/**
 * Writes a confirmed member (user, profile with a username from the email, password account) straight
 * into the e2e server's SQLite database, the way server/test/members.ts does for the API tests. The
 * write takes SQLite's write lock first and waits for the server's (busy_timeout).
 */
export async function writeMember(member: Member): Promise<void> {
  let passwordHash = passwordHashes.get(member.password);
  if (!passwordHash) {
    passwordHash = hash(member.password);
    passwordHashes.set(member.password, passwordHash);
  }
  const password = await passwordHash;
  const db = new Database(path.join(DATA_DIR, 'splikz.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const id = uuidv7();
    const now = new Date().toISOString();
    const email = member.email.toLowerCase();
    db.transaction(() => {
      const base = usernameFromEmail(email);
      const taken = db.prepare('select 1 from profiles where username = ?');
      let username = base;
      for (let n = 1; taken.get(username); n += 1) username = `${base.slice(0, 25)}${n}`;
      db.prepare(
        `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (?, ?, ?, 1, ?, ?)`,
      ).run(id, member.name, email, now, now);
      db.prepare('insert into profiles (id, username, full_name) values (?, ?, ?)').run(
        id,
        username,
        member.name,
      );
      db.prepare(
        `insert into account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
         values (?, ?, 'credential', ?, ?, ?, ?)`,
      ).run(uuidv7(), id, id, password, now, now);
    }).immediate();
  } finally {
    db.close();
  }
}

/**
 * Creates a confirmed member and signs `request`'s context in (a page's `request` shares its cookies),
 * for tests about something else: written into the e2e server's database, then signed in over HTTP.
 * The real sign-up and confirmation are auth.spec.ts's. Another server (startOwnServer) has its own.
 */
export async function createConfirmedMember(request: APIRequestContext, baseURL: string, member: Member) {
  await writeMember(member);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
    headers: { origin: baseURL },
  });
  expect(signIn.status()).toBe(200);
}

/** Signs in through the /auth form the way a person would. */
export async function signIn(page: Page, member: Member) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}
