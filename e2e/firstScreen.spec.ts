import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember } from './support/members.ts';

/**
 * The first screen renders once, with what it shows (web/main.tsx): from index.html's logo straight to
 * the feed, never a spinner or an empty state in between, with its data in the page itself.
 */
for (const [path, category] of [
  ['/', 'general'],
  ['/prayer', 'prayer'],
] as const) {
  test(`${path} goes from the logo straight to its posts: no spinner, no empty state, carried by the page`, async ({
    browser,
    baseURL,
  }) => {
    const member = newMember('firstscreen');
    const tag = `${path === '/' ? 'home' : 'prayer'} ${Date.now().toString(36)}`;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await createConfirmedMember(page.request, baseURL!, member);
    for (let i = 0; i < 3; i += 1) {
      const posted = await page.request.post('/api/posts', {
        data: {
          content: `First screen post ${i} ${tag}`,
          category,
          ...(category === 'prayer' ? { prayer_type: 'praise' } : {}),
        },
        headers: { origin: baseURL! },
      });
      expect(posted.status()).toBe(201);
    }

    // Every state the page passes through, as the DOM changes, from the first byte on.
    await context.addInitScript(() => {
      const states: string[] = [];
      (window as unknown as { states: string[] }).states = states;
      const record = () => {
        const root = document.getElementById('root');
        if (!root) return;
        // The app's full-screen spinner (session, a screen's code) or the feed's own; the side cards
        // (Trending Now, live circles) load on their own and may show theirs.
        const spinner = [...root.querySelectorAll('[role="status"]')].some(
          (status) =>
            status.parentElement?.classList.contains('min-h-screen') ||
            status.textContent === 'Loading posts...',
        );
        const state = spinner
          ? 'spinner'
          : root.querySelector('article')
            ? 'posts'
            : /No posts yet|No prayer requests yet/.test(root.textContent ?? '')
              ? 'empty'
              : root.querySelector('main')
                ? 'screen without posts'
                : 'logo';
        if (states.at(-1) !== state) states.push(state);
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true });
    });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET') return;
      if (url.pathname.startsWith('/api/')) apiRequests.push(`${url.pathname}${url.search}`);
    });

    await page.goto(path);
    await expect(page.getByText(`First screen post 2 ${tag}`)).toBeVisible();
    const states = await page.evaluate(() => (window as unknown as { states: string[] }).states);
    expect(states.slice(0, 2)).toEqual(['logo', 'posts']);
    expect(states).not.toContain('spinner');
    expect(states).not.toContain('empty');
    // The member, the feed's first page and the preferences came in the page itself
    // (server/http/firstScreen.ts): the browser never asked for them, and ran index.html's script.
    const feed = category === 'general' ? '/api/posts?limit=20' : `/api/posts?limit=20&category=${category}`;
    for (const carried of ['/api/me', feed, '/api/settings/preferences']) {
      expect(apiRequests.filter((r) => r === carried)).toEqual([]);
    }
    expect(blocked).toEqual([]);
    await context.close();
  });
}

test("a phone lays out the feed's first posts at once and the rest as they come near, their menus whole", async ({
  browser,
  baseURL,
}) => {
  const member = newMember('offscreen');
  const tag = Date.now().toString(36);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL!, member);
  // The oldest far down, under eleven newer ones of ten lines each (the browser renders what is within
  // about two screens' heights).
  for (let i = 0; i < 12; i += 1) {
    const lines = i === 0 ? '' : Array.from({ length: 9 }, (_, line) => `\nline ${line + 2}`).join('');
    // The oldest a prayer request: its author's menu has three items.
    const kind = i === 0 ? { category: 'prayer', prayer_type: 'petition' } : { category: 'general' };
    const posted = await page.request.post('/api/posts', {
      data: { content: `Offscreen post ${i} ${tag}${lines}`, ...kind },
      headers: { origin: baseURL! },
    });
    expect(posted.status()).toBe(201);
  }
  await page.goto('/');
  const items = page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
  await expect(page.getByText(`Offscreen post 11 ${tag}`)).toBeVisible();
  expect(await items.count()).toBeGreaterThanOrEqual(12);

  // The first three render as any element; the later ones skip their rendering while far away.
  const skipping = () =>
    items.evaluateAll((lis) => lis.map((li) => getComputedStyle(li).contentVisibility === 'auto'));
  const first = await skipping();
  expect(first.slice(0, 3)).toEqual([false, false, false]);
  expect(first.slice(3).every(Boolean)).toBe(true);
  const oldest = page.getByRole('article').filter({ hasText: `Offscreen post 0 ${tag}` });
  const rendered = () =>
    oldest.evaluate((article) => article.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered()).toBe(false);

  // Scrolled to, it renders, and its menu works.
  await oldest.scrollIntoViewIfNeeded();
  await expect.poll(rendered).toBe(true);
  await expect(oldest.getByText(`Offscreen post 0 ${tag}`)).toBeVisible();
  await oldest.getByRole('button', { name: 'Post options' }).click();
  const remove = page
    .getByRole('menuitem', { name: 'Delete' })
    .or(oldest.getByRole('button', { name: 'Delete' }))
    .first();
  await expect(remove).toBeInViewport();
  // While its menu is open the post is not contained, so a menu longer than the rest of the post
  // (a recipe's author has four items) is not clipped at its edge.
  const containment = () =>
    oldest.evaluate((article) => getComputedStyle(article.parentElement!).contentVisibility);
  expect(await containment()).toBe('visible');
  await remove.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(page.getByText(`Offscreen post 0 ${tag}`)).toHaveCount(0);
  await context.close();
});
