import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';

test('a member blocks another from their profile and unblocks from /settings/privacy', async ({
  browser,
  baseURL,
}) => {
  const ada = newMember('ada');
  const ben = newMember('ben');
  // Ada uses a phone-sized window: the menu, dialog and lists must work at 390 px.
  const adaContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const benContext = await browser.newContext();
  const adaPage = await adaContext.newPage();
  const benPage = await benContext.newPage();
  await createConfirmedMember(adaPage.request, baseURL!, ada);
  await createConfirmedMember(benPage.request, baseURL!, ben);
  const adaUsername = await usernameOf(adaPage);
  const benUsername = await usernameOf(benPage);
  const text = `Ada's morning prayer ${Date.now()}`;
  const created = await adaPage.request.post('/api/posts', {
    data: { content: text },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);

  const benText = `Ben's lunch ${Date.now()}`;
  const benPost = await benPage.request.post('/api/posts', {
    data: { content: benText },
    headers: { origin: baseURL! },
  });
  expect(benPost.status()).toBe(201);
  await benPage.goto('/');
  await expect(benPage.getByText(text)).toBeVisible();

  // Ada opens Ben's profile and blocks him from the menu, with the keyboard.
  await adaPage.goto(`/profile/${benUsername}`);
  const more = adaPage.getByRole('button', { name: `More options for ${ben.name}` });
  await more.focus();
  await adaPage.keyboard.press('Enter');
  const menu = adaPage.getByRole('menu', { name: `Options for ${ben.name}` });
  await expect(menu.getByRole('menuitem', { name: 'Mute' })).toBeFocused();
  await adaPage.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await adaPage.keyboard.press('Enter');
  const dialog = adaPage.getByRole('dialog', { name: `Block ${ben.name}?` });
  await expect(dialog).toContainText('You will stop following each other');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(adaPage.getByText(`You blocked ${ben.name}`)).toBeVisible();
  await expect(adaPage.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(adaPage.getByText(`You blocked @${benUsername}.`)).toBeVisible();

  // Ben no longer finds Ada's profile, and her post is gone from his feed.
  await benPage.goto(`/profile/${adaUsername}`);
  await expect(benPage.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(benPage.getByText(`No member goes by @${adaUsername}.`)).toBeVisible();
  await benPage.goto('/');
  // His own post shows, so the feed has loaded; hers does not.
  await expect(benPage.getByText(benText)).toBeVisible();
  await expect(benPage.getByText(text)).toHaveCount(0);

  // Ada unblocks him from /settings/privacy.
  await adaPage.goto('/settings/privacy');
  const blocked = adaPage.getByRole('list', { name: 'Blocked accounts' });
  await expect(blocked).toContainText(ben.name);
  await expect(adaPage.getByText('You have not muted anyone.')).toBeVisible();
  await blocked.getByRole('button', { name: `Unblock ${ben.name}` }).click();
  await expect(adaPage.getByText(`You unblocked ${ben.name}`)).toBeVisible();
  await expect(adaPage.getByText('You have not blocked anyone.')).toBeVisible();

  await benPage.reload();
  await expect(benPage.getByText(text)).toBeVisible();
  await benPage.goto(`/profile/${adaUsername}`);
  await expect(benPage.getByRole('heading', { level: 1, name: ada.name })).toBeVisible();

  await adaContext.close();
  await benContext.close();
});
