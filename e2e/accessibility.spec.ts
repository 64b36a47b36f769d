import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedMember, DATA_DIR, newMember, usernameOf } from './support/members.ts';

// Three tests (signed out; signed in on desktop; on a phone), side by side on the two workers.
test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** What axe finds on the page as it stands, one line per rule and element. */
async function violations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${label}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`,
    ),
  );
}

/** Waits until the page's fonts and images have loaded, so axe reads the colours and names a member sees. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images below the fold may never start: wait for those on screen, at most 3 s.
    const loading = [...document.images].filter(
      (image) => !image.complete && image.getBoundingClientRect().top < window.innerHeight,
    );
    const loaded = Promise.all(
      loading.map(
        (image) =>
          new Promise((done) => {
            image.addEventListener('load', done, { once: true });
            image.addEventListener('error', done, { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((done) => setTimeout(done, 3000))]);
  });
}

/** Opens a screen and waits for the text that says it has loaded, and for its fonts and images. */
async function open(page: Page, path: string, ready: (page: Page) => ReturnType<Page['getByRole']>) {
  await page.goto(path);
  await expect(ready(page).filter({ visible: true }).first()).toBeVisible();
  await settle(page);
}

test('axe finds no violations on any signed-out screen, on desktop and phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    const screens: Array<[string, (p: Page) => ReturnType<Page['getByRole']>]> = [
      ['/auth', (p) => p.getByRole('button', { name: 'Sign In', exact: true })],
      ['/auth?mode=signup', (p) => p.getByRole('button', { name: 'Sign Up', exact: true })],
      ['/auth?mode=forgot', (p) => p.getByRole('heading')],
      ['/privacy', (p) => p.getByRole('heading', { level: 1 })],
      ['/terms', (p) => p.getByRole('heading', { level: 1 })],
      ['/cookies', (p) => p.getByRole('heading', { level: 1 })],
      ['/about', (p) => p.getByRole('heading', { level: 1 })],
      ['/no-such-page', (p) => p.getByRole('heading', { name: '404' })],
    ];
    for (const [path, ready] of screens) {
      await open(page, path, ready);
      found.push(...(await violations(page, `${size.name} ${path}`)));
    }
    await context.close();
  }

  expect(found).toEqual([]);
});

// Signed in, one test per size (they run side by side): a member with a post, a prayer request, a
// friend who wrote to them, and the admin role.
for (const size of SIZES) {
  test(`axe finds no violations on any signed-in screen, the bell and the drawer, on ${size.name}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const found: string[] = [];
    const member = newMember('axe');
    const friend = newMember('axefriend');
    const context = await browser.newContext();
    const page = await context.newPage();
    const friendPage = await (await browser.newContext()).newPage();
    await createConfirmedMember(page.request, baseURL!, member);
    await createConfirmedMember(friendPage.request, baseURL!, friend);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', member.email], {
      env: { ...process.env, DATA_DIR, AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789' },
      stdio: 'pipe',
    });
    const origin = { origin: baseURL! };
    const me = await (await page.request.get('/api/me')).json();
    const friendMe = await (await friendPage.request.get('/api/me')).json();
    const post = await (
      await page.request.post('/api/posts', { data: { content: 'Axe reads this post' }, headers: origin })
    ).json();
    await page.request.post('/api/posts', {
      data: { content: 'Pray for the axe run', category: 'prayer', prayer_type: 'praise' },
      headers: origin,
    });
    await page.request.post(`/api/posts/${post.id}/comments`, {
      data: { content: 'A comment' },
      headers: origin,
    });
    expect((await friendPage.request.put(`/api/follows/${me.id}`, { headers: origin })).ok()).toBe(true);
    expect(
      (await page.request.post(`/api/friend-requests/${friendMe.id}/accept`, { headers: origin })).ok(),
    ).toBe(true);
    await friendPage.request.post(`/api/conversations/with/${me.id}/messages`, {
      data: { content: 'Hello there', client_id: crypto.randomUUID() },
      headers: origin,
    });
    const username = await usernameOf(page);

    const screens: Array<[string, (p: Page) => ReturnType<Page['getByRole']>]> = [
      ['/', (p) => p.getByText('Axe reads this post')],
      ['/prayer', (p) => p.getByText('Pray for the axe run')],
      ['/food', (p) => p.getByRole('heading', { level: 1 })],
      ['/comedy', (p) => p.getByRole('heading', { level: 1 })],
      [`/post/${post.id}`, (p) => p.getByText('Axe reads this post')],
      [`/profile/${username}`, (p) => p.getByText('Axe reads this post')],
      ['/messages', (p) => p.getByRole('heading', { level: 1 })],
      [`/messages?to=${friendMe.profile.username}`, (p) => p.getByText('Hello there')],
      ['/spotlight', (p) => p.getByRole('heading', { level: 1 })],
      ['/faithverse', (p) => p.getByRole('heading', { level: 1 })],
      ['/faithverse/home', (p) => p.getByRole('heading', { level: 1 })],
      ['/faithverse/new', (p) => p.getByRole('heading', { level: 1 })],
      ['/settings', (p) => p.getByRole('heading', { level: 1 })],
      ['/settings/notifications', (p) => p.getByRole('switch').first()],
      ['/settings/language', (p) => p.getByRole('radio').first()],
      ['/settings/media', (p) => p.getByRole('switch').first()],
      ['/settings/privacy', (p) => p.getByRole('heading', { level: 1 })],
      ['/settings/privacy-checkup', (p) => p.getByRole('heading', { level: 1 })],
      ['/settings/privacy-center', (p) => p.getByRole('heading', { level: 1 })],
      ['/settings/profile-details', (p) => p.getByRole('heading', { level: 1 })],
      [
        '/settings/security',
        (p) => p.getByRole('region', { name: "Where you're signed in" }).getByRole('listitem').first(),
      ],
      ['/admin', (p) => p.getByRole('tab').first()],
    ];
    await page.setViewportSize(size.viewport);
    for (const [path, ready] of screens) {
      await open(page, path, ready);
      found.push(...(await violations(page, `${size.name} ${path}`)));
    }
    // The open notification bell and the phone's drawer are screens of their own.
    await open(page, '/', (p) => p.getByText('Axe reads this post'));
    if (size.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await violations(page, `${size.name} drawer`)));
      await page.keyboard.press('Escape');
    } else {
      await page
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click();
      found.push(...(await violations(page, `${size.name} bell`)));
    }
    expect(found).toEqual([]);
  });
}
