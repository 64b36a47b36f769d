import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { photo } from './support/media.ts';
import { createConfirmedMember, type Member, newMember, writeMember } from './support/members.ts';

// Debian's own Mastodon clients, which no one here wrote (issue 53): toot 0.34 and Mastodon.py
// (python3-mastodon), installed by .ci/run. Each registers an app, is authorized in Chromium the way
// a member would, and then reads, posts with a photo, replies, likes, shares and follows.

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const DRIVER = path.join(import.meta.dirname, 'support', 'mastodonpy.py');

/** A real PNG on disk, as a command-line client uploads it. */
async function photoFile(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, (await photo(name)).buffer);
  return file;
}

/** The member signs in on the authorize screen, authorizes, and reads the out-of-band code. */
async function authorizeOutOfBand(browser: Browser, url: string, member: Member): Promise<string> {
  const page: Page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  const code = await page.getByLabel('Authorization code').inputValue();
  await page.context().close();
  return code;
}

/** Lines a child prints, as they come. */
function lines(child: ChildProcessWithoutNullStreams) {
  let buffer = '';
  const seen: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split(/\r?\n/);
    buffer = parts.pop() ?? '';
    seen.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  return async (match: (line: string) => boolean, ms = 30_000): Promise<string> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = seen.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no such line in: ${seen.join('\n')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
}

async function memberWithPost(browser: Browser, baseURL: string) {
  const ben = newMember('debianben');
  const page = await (await browser.newContext()).newPage();
  await createConfirmedMember(page.request, baseURL, ben);
  const made = await page.request.post('/api/posts', {
    data: { content: `Ben's loaf for the Debian clients ${Date.now()}` },
    headers: { origin: baseURL },
  });
  expect(made.status()).toBe(201);
  const post = (await made.json()) as { id: string; author: { id: string; username: string } };
  return { page, post };
}

test('toot logs in through the browser, reads, posts a photo, replies, likes, shares and follows', async ({
  browser,
  baseURL,
}) => {
  const ann = newMember('tootann');
  await writeMember(ann);
  const { post } = await memberWithPost(browser, baseURL!);
  const home = mkdtempSync(path.join(tmpdir(), 'toot-'));
  const env = { ...process.env, XDG_CONFIG_HOME: home, HOME: home, BROWSER: '/bin/true', NO_COLOR: '1' };
  const instance = new URL(baseURL!).host;
  try {
    const login = spawn('toot', ['login', '--instance', instance, '--disable-https', '--no-color'], { env });
    const next = lines(login);
    const urlLine = await next((line) => line.includes('/oauth/authorize'));
    const url = urlLine.slice(urlLine.indexOf('http')).trim();
    // 'Open link in default browser? [Y/n]': no, the test's Chromium opens it; then the code.
    login.stdin.write('n\n');
    login.stdin.write(`${await authorizeOutOfBand(browser, url, ann)}\n`);
    await next((line) => line.includes('Successfully logged in'));
    const toot = (...args: string[]) => run('toot', [...args, '--no-color'], { env });

    expect((await toot('whoami')).stdout).toContain(ann.name);
    expect((await toot('timeline', '--once', '--count', '20')).stdout).toContain(
      "Ben's loaf for the Debian clients",
    );
    const file = await photoFile(home, 'toot.png');
    const posted = await toot(
      'post',
      'A photo from toot',
      '--media',
      file,
      '--description',
      'Bread on a board',
    );
    expect(posted.stdout).toMatch(/Toot posted/);
    expect((await toot('post', 'Replying from toot', '--reply-to', post.id)).stdout).toMatch(/Toot posted/);
    expect((await toot('favourite', post.id)).stdout).toMatch(/favourited/i);
    expect((await toot('reblog', post.id)).stdout).toMatch(/reblogged/i);
    expect((await toot('follow', post.author.username)).stdout).toMatch(/following/i);
    await toot('notifications');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('Mastodon.py registers, is authorized, posts a photo, replies, likes, shares, follows and hears a new post on its stream', async ({
  browser,
  baseURL,
}) => {
  const carl = newMember('mastodonpy');
  await writeMember(carl);
  const { page: benPage, post } = await memberWithPost(browser, baseURL!);
  const registered = JSON.parse((await run(PYTHON, [DRIVER, 'register', baseURL!])).stdout) as {
    client_id: string;
    client_secret: string;
    url: string;
  };
  const code = await authorizeOutOfBand(browser, registered.url, carl);
  const dir = mkdtempSync(path.join(tmpdir(), 'mastodonpy-'));
  const file = await photoFile(dir, 'mastodonpy.png');
  const driver = spawn(PYTHON, [
    DRIVER,
    'run',
    baseURL!,
    registered.client_id,
    registered.client_secret,
    code,
    post.id,
    post.author.id,
    file,
  ]);
  let errors = '';
  driver.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const next = lines(driver);
  try {
    const step = JSON.parse(
      await next((line) => line.includes('"step"')).catch((e) => {
        throw new Error(`${e.message}\n${errors}`);
      }),
    );
    expect(step).toMatchObject({
      media_description: 'A loaf, from Mastodon.py',
      reply_to: post.id,
      favourited: true,
      reblogs: 1,
      following: true,
    });
    expect(step.home).toContain(post.id);
    // A new post of Ben's reaches Mastodon.py's user stream (Carl now follows him).
    const fresh = await benPage.request.post('/api/posts', {
      data: { content: 'Straight to the stream' },
      headers: { origin: baseURL! },
    });
    const streamed = JSON.parse(await next((line) => line.includes('"streamed"')));
    expect(streamed.streamed).toBe(((await fresh.json()) as { id: string }).id);
  } finally {
    driver.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
