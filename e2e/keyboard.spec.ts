import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { fakeMedia } from './support/fakeMedia.ts';
import { realClip } from './support/media.ts';
import { createConfirmedMember, newMember } from './support/members.ts';

// What a member using only the keyboard or a screen reader meets in the dialogs, the trimmer and a
// live FaithVerse circle: axe finds nothing, focus goes in and comes back, live regions speak.

test.use({ launchOptions: fakeMedia });
// Independent tests, side by side on the two workers.
test.describe.configure({ mode: 'parallel' });

async function violations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${label}: ${v.id} (${v.impact}) ${n.target.join(' ')} — ${v.help}`),
  );
}

async function memberPage(browser: Browser, baseURL: string, prefix: string, phone = false) {
  const member = newMember(prefix);
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await createConfirmedMember(page.request, baseURL, member);
  const me = await (await page.request.get('/api/me')).json();
  return { page, context, id: me.id as string, username: me.profile.username as string };
}

/**
 * Opens a dialog from `opener` with Enter (through `then`, when the opener is a menu), checks that
 * focus moved into it and axe finds nothing, closes it with Escape and checks focus is back.
 */
async function dialogByKeyboard(
  page: Page,
  found: string[],
  label: string,
  opener: Locator,
  name: string | RegExp,
  then?: () => Promise<void>,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await then?.();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  found.push(...(await violations(page, label)));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

for (const phone of [false, true]) {
  const size = phone ? 'phone' : 'desktop';
  test(`dialogs open and close by keyboard, give focus back, and axe finds nothing in them, on ${size}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    const me = await memberPage(browser, baseURL!, 'keys', phone);
    const other = await memberPage(browser, baseURL!, 'keysother');
    const text = `Keyboard post ${Date.now().toString(36)}`;
    const posted = await other.page.request.post('/api/posts', {
      data: { content: text },
      headers: { origin: baseURL! },
    });
    expect(posted.status()).toBe(201);
    const { id } = await posted.json();
    const { page } = me;

    // Report, from the post's menu: Enter opens the menu on its first item, Enter again the dialog.
    await page.goto(`/post/${id}`);
    const options = page.getByRole('button', { name: 'Post options' });
    await dialogByKeyboard(page, found, `${size} report`, options, 'Report post', async () => {
      await expect(page.getByRole('button', { name: 'Report post' })).toBeFocused();
      await page.keyboard.press('Enter');
    });

    // Report a member, from their profile's menu (a menu: arrow keys move, Enter picks).
    await page.goto(`/profile/${other.username}`);
    const safety = page.getByRole('button', { name: /^More options for/ });
    await dialogByKeyboard(page, found, `${size} report member`, safety, /^Report/, async () => {
      const report = page.getByRole('menuitem', { name: /^Report/ });
      await expect(page.getByRole('menu')).toBeVisible();
      for (let i = 0; i < 3 && !(await report.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(report).toBeFocused();
      await page.keyboard.press('Enter');
    });

    // Contact us, from the footer.
    await page.goto('/about');
    await dialogByKeyboard(
      page,
      found,
      `${size} contact`,
      page.getByRole('button', { name: 'Contact Us' }),
      /Contact/,
    );

    // Delete account, in the privacy center: Escape cancels, nothing is deleted.
    await page.goto('/settings/privacy-center');
    await dialogByKeyboard(
      page,
      found,
      `${size} delete account`,
      page.getByRole('button', { name: 'Delete account' }),
      /Delete/,
    );
    expect((await page.request.get('/api/me')).status()).toBe(200);

    // The trimmer: a 12-second clip chosen in the home composer.
    await page.goto('/');
    const picker = page.getByLabel('Photo/Video');
    await picker.focus();
    await picker.setInputFiles(realClip(12, 'long.mp4'));
    const trim = page.getByRole('dialog', { name: 'Trim your video' });
    await expect(trim.getByText('Start 0.0 s • End 10.0 s • Length 10.0 s')).toBeVisible();
    found.push(...(await violations(page, `${size} trim`)));
    // Its sliders move by arrow keys.
    const end = trim.getByRole('slider', { name: 'Clip end' });
    await end.focus();
    await page.keyboard.press('ArrowRight');
    await expect(trim.getByText(/Start 0\.\d s • End 10\.\d s/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(trim).toBeHidden();
    await expect(picker).toBeFocused();

    await me.context.close();
    await other.context.close();
    expect(found).toEqual([]);
  });
}

test('a live circle room, host and guest, on desktop and phone: axe finds nothing and its chat speaks', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const found: string[] = [];
  const host = await memberPage(browser, baseURL!, 'axehost');
  const guest = await memberPage(browser, baseURL!, 'axeguest', true);
  const title = `Keyboard circle ${Date.now().toString(36)}`;
  const created = await host.page.request.post('/api/circles', {
    data: { title, faith: 'Christianity', topic: 'Psalms', join_by_blessing: false },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const circleId = (await created.json()).circle.id as string;

  await host.page.goto(`/faithverse/c/${circleId}`);
  // Going live by keyboard.
  await host.page.getByRole('button', { name: 'Go live' }).focus();
  await host.page.keyboard.press('Enter');
  await expect(host.page.getByTestId('local-video')).toBeVisible();
  await expect(host.page.getByRole('button', { name: 'Camera' })).toHaveAttribute('aria-pressed', 'true');

  await guest.page.goto(`/faithverse/c/${circleId}`);
  await expect(guest.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(guest.page.getByTestId('remote-video')).toHaveCount(1, { timeout: 20_000 });
  await expect(host.page.getByText(/Sending to 1 viewer/)).toBeVisible();

  // The guest writes by keyboard; the host's chat is a live region, so a screen reader hears it.
  const box = guest.page.getByRole('textbox', { name: 'Chat message' });
  await box.fill('Amen from the keyboard');
  await box.press('Enter');
  const hostChat = host.page.getByRole('list', { name: 'Chat messages' });
  await expect(hostChat).toHaveAttribute('aria-live', 'polite');
  await expect(hostChat.getByText('Amen from the keyboard')).toBeVisible();

  found.push(...(await violations(host.page, 'desktop host, live')));
  found.push(...(await violations(guest.page, 'phone guest, watching')));
  await host.page.setViewportSize({ width: 390, height: 844 });
  found.push(...(await violations(host.page, 'phone host, live')));
  expect(found).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test('toasts and new messages are announced through live regions', async ({ browser, baseURL }) => {
  const me = await memberPage(browser, baseURL!, 'hearer');
  const friend = await memberPage(browser, baseURL!, 'speaker');
  const origin = { origin: baseURL! };
  expect((await friend.page.request.put(`/api/follows/${me.id}`, { headers: origin })).ok()).toBe(true);
  expect(
    (await me.page.request.post(`/api/friend-requests/${friend.id}/accept`, { headers: origin })).ok(),
  ).toBe(true);

  // A toast (after saving a setting) appears inside the toaster's polite live region.
  await me.page.goto('/settings/privacy-checkup');
  await me.page.getByRole('radio', { name: 'Everyone' }).check();
  const toaster = me.page.locator('section[aria-live="polite"]');
  await expect(toaster.getByText('Privacy settings updated')).toBeVisible();

  // A message that arrives while the chat is open is read out by its live region.
  await me.page.goto(`/messages?to=${friend.username}`);
  await expect(me.page.getByRole('textbox').last()).toBeVisible();
  const sent = await friend.page.request.post(`/api/conversations/with/${me.id}/messages`, {
    data: { content: 'Are you there?', client_id: crypto.randomUUID() },
    headers: origin,
  });
  expect(sent.status()).toBe(201);
  await expect(me.page.locator('[aria-live="polite"].sr-only')).toContainText('New message: Are you there?');
  await me.context.close();
  await friend.context.close();
});

test('Tab moves through /auth and the home screen with a visible focus on every stop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000); // 22 s alone; over a minute beside another test on a slow machine
  const me = await memberPage(browser, baseURL!, 'tabber');
  const visitor = await (await browser.newContext()).newPage();
  /** Where each Tab lands, and whether it shows a focus indicator (outline or ring). */
  const stops = async (page: Page, count: number) => {
    const found: Array<{ name: string; visible: boolean }> = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Tab');
      found.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return { name: '(body)', visible: false };
          const style = getComputedStyle(el);
          const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
          const ring = style.boxShadow !== 'none';
          // A file input sits inside its label, which shows the focus for it.
          const label = el.closest('label');
          const labelOutline = label ? getComputedStyle(label).outlineStyle !== 'none' : false;
          const name = `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`;
          return { name, visible: outline || ring || labelOutline };
        }),
      );
    }
    return found;
  };
  await visitor.goto('/auth');
  await expect(visitor.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const auth = await stops(visitor, 8);
  expect(auth.filter((s) => !s.visible)).toEqual([]);
  expect(auth.map((s) => s.name).join(' | ')).toContain('Sign In');

  await me.page.goto('/');
  await expect(me.page.getByRole('heading', { level: 1 })).toBeVisible();
  const home = await stops(me.page, 14);
  expect(home.filter((s) => !s.visible)).toEqual([]);
  await me.context.close();
  await visitor.context().close();
});
