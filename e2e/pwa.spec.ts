import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

test.use({ serviceWorkers: 'allow' });

test('the app installs, and its shell opens offline with a notice that goes when the network is back', async ({
  page,
  context,
  baseURL,
}) => {
  // The manifest names the app and its icons, which exist.
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Splikz', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons as Array<{ src: string }>) {
    const res = await page.request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // The service worker takes over the page, and Chromium finds nothing missing to install the app.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test browser's contexts are incognito, where Chromium never installs apps: that is the only objection allowed.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

  // A member's screens open with no network: the saved shell, the words, and a notice saying why.
  const member = newMember('offline');
  await createConfirmedMember(page.request, baseURL!, member);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  const notice = page.getByText(
    'You are offline. Splikz shows what it has saved and reconnects when you are back online.',
  );
  await expect(notice).toBeVisible();
  await expect(page.getByText('Could not reach Splikz. Check your connection and try again.')).toBeVisible();
  await page.goto('/prayer');
  await expect(notice).toBeVisible();

  // Back online, the notice goes and Try again brings the screen.
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a new version waits for the member: it asks to reload, and Reload brings the new version', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // A deploy: the server now has a new service worker (the same one with a line more). The browser
  // fetches the worker's script itself, which Playwright cannot route, so dist/ changes until the end.
  const restore = deployNextVersion();
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const ready = page.getByText('A new version of Splikz is ready.');
    await expect(ready).toBeVisible();
    // The open screen keeps running the old version until the member says so.
    const waiting = () =>
      page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(await waiting()).toBe(true);

    // Reload reloads: the page then runs the new version's files.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click({ noWaitAfter: true });
    await reloaded;
    await expect(ready).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true }).first()).toBeVisible();
    // The new version controls the page now, and none waits any more.
    await expect.poll(waiting).toBe(false);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  } finally {
    restore();
  }
});

/** Writes dist/sw.js (and its compressed copies) as a new build would; returns what puts it back. */
function deployNextVersion(): () => void {
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join('dist', name));
  const saved = files.map((file) => readFileSync(file));
  const next = Buffer.concat([saved[0]!, Buffer.from('\n// the next version\n')]);
  writeFileSync(files[0]!, next);
  writeFileSync(files[1]!, brotliCompressSync(next));
  writeFileSync(files[2]!, gzipSync(next));
  return () => {
    for (const [i, file] of files.entries()) writeFileSync(file, saved[i]!);
  };
}
