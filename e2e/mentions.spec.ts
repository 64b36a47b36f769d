import { expect, test } from '@playwright/test';
import { createConfirmedMember, newMember, usernameOf } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test('typing @ offers members to mention; the mention links to them and rings their bell live', async ({
  browser,
  baseURL,
}) => {
  const [ann, ben] = [newMember('mentioner'), newMember('mentioned')];
  const [writer, friend] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(writer!.request, baseURL!, ann);
  await createConfirmedMember(friend!.request, baseURL!, ben);
  const [annName, benName] = [await usernameOf(writer!), await usernameOf(friend!)];
  const benId = (await (await friend!.request.get('/api/me')).json()).id as string;
  await friend!.setViewportSize(PHONE);
  await friend!.goto('/');
  await expect(friend!.locator('html[data-realtime="connected"]')).toHaveCount(1);

  await writer!.goto('/');
  const text = writer!.getByRole('textbox', { name: 'Post text' });
  await text.click();
  await text.pressSequentially(`Supper with @${benName.slice(0, -2)}`);
  const list = writer!.getByRole('listbox', { name: 'Members to mention' });
  const option = list.getByRole('option').filter({ hasText: `@${benName}` });
  await expect(option).toBeVisible();
  await expect(text).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // Enter picks the member: the name goes in whole, with a space after, and the list closes.
  await text.press('Enter');
  await expect(text).toHaveValue(`Supper with @${benName} `);
  await expect(list).toHaveCount(0);
  await text.pressSequentially('tonight');
  // Escape closes the list without picking.
  await text.pressSequentially(` and @${annName.slice(0, -1)}`);
  await expect(writer!.getByRole('listbox', { name: 'Members to mention' })).toBeVisible();
  await text.press('Escape');
  await expect(writer!.getByRole('listbox', { name: 'Members to mention' })).toHaveCount(0);
  await expect(text).toHaveValue(`Supper with @${benName} tonight and @${annName.slice(0, -1)}`);
  await text.fill(`Supper with @${benName} tonight`);
  await writer!.getByRole('button', { name: 'Post', exact: true }).click();

  const card = writer!.getByRole('article').filter({ hasText: 'Supper with' }).first();
  const mention = card.getByRole('link', { name: `@${benName}` });
  await expect(mention).toHaveAttribute('href', `/members/${benId}`);

  // The friend's open tab hears of it at once, on a phone.
  const bell = friend!.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 10_000 });
  await bell.click();
  const line = friend!.getByRole('button', { name: `@${annName} mentioned you` });
  await expect(line).toBeVisible();
  await line.click();
  await expect(friend!).toHaveURL(/\/post\/[0-9a-f-]+$/);

  // A reply mentioning back, from the comment box: Tab picks.
  const comment = friend!.getByRole('combobox', { name: 'Write a comment' });
  await comment.click();
  await comment.pressSequentially(`Count me in @${annName.slice(0, -2)}`);
  await expect(
    friend!.getByRole('listbox', { name: 'Members to mention' }).getByRole('option', { name: `@${annName}` }),
  ).toBeVisible();
  await comment.press('Tab');
  await expect(comment).toHaveValue(`Count me in @${annName} `);
  await expect(comment).toBeFocused();
  await comment.press('Enter');
  const reply = friend!.getByRole('listitem').filter({ hasText: 'Count me in' });
  await expect(reply.getByRole('link', { name: `@${annName}` })).toBeVisible();

  // The link follows the member's id to their profile.
  await mention.click();
  await expect(writer!).toHaveURL(new RegExp(`/profile/${benName}$`));
  await expect(writer!.getByRole('heading', { level: 1 })).toContainText(ben.name);

  await writer!.context().close();
  await friend!.context().close();
});
