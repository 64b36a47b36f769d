import { expect, test } from '@playwright/test';
import { photo } from './support/media.ts';
import { createConfirmedMember, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test('a post behind a content warning, a photo with alt text, and the reminder to add it', async ({
  browser,
  baseURL,
}) => {
  const [ann, ben] = [newMember('warner'), newMember('warned')];
  const [writer, reader] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(writer!.request, baseURL!, ann);
  await createConfirmedMember(reader!.request, baseURL!, ben);
  const stamp = Date.now().toString(36);
  const text = `The twist in the last episode ${stamp}`;
  const warning = `Finale spoilers ${stamp}`;
  const alt = `A cake shaped like a castle ${stamp}`;

  // Ann writes a post with a warning and a described photo.
  await writer!.goto('/');
  const composer = writer!.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill(text);
  const warningButton = composer.getByRole('button', { name: 'Content warning' });
  await warningButton.click();
  await expect(warningButton).toHaveAttribute('aria-pressed', 'true');
  await expect(composer.getByRole('textbox', { name: 'Content warning' })).toBeFocused();
  await writer!.keyboard.type(warning);
  await composer.locator('input[type="file"]').setInputFiles(await photo('castle.png'));
  await composer.getByRole('textbox', { name: 'Alt text' }).fill(alt);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(writer!.getByText('Post shared!')).toBeVisible();

  // Ben, on a phone, sees the warning alone until he opens it.
  await reader!.setViewportSize(PHONE);
  await reader!.goto('/');
  const card = reader!.getByRole('article').filter({ hasText: warning });
  await expect(card).toBeVisible();
  await expect(card.getByText(text)).toHaveCount(0);
  await expect(card.getByRole('img')).toHaveCount(0);
  const more = card.getByRole('button', { name: 'Show more' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(card.getByText(text)).toBeVisible();
  await expect(card.getByRole('img', { name: alt })).toBeVisible();
  await card.getByRole('button', { name: 'Show alt text' }).click();
  await expect(card.getByText(alt, { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Show less' }).click();
  await expect(card.getByText(text)).toHaveCount(0);

  // 'Always show posts with content warnings' opens them without a tap.
  await reader!.goto('/settings/media');
  const always = reader!.getByRole('switch', { name: 'Always show posts with content warnings' });
  await expect(always).toHaveAttribute('aria-checked', 'false');
  await always.click();
  await expect(always).toHaveAttribute('aria-checked', 'true');
  await reader!.goto('/');
  const open = reader!.getByRole('article').filter({ hasText: warning });
  await expect(open.getByText(text)).toBeVisible();
  await expect(open.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // A photo without alt text: the reminder asks once; 'Add alt text' goes to the field.
  const second = `Supper tonight ${stamp}`;
  await composer.getByRole('textbox', { name: 'Post text' }).fill(second);
  await composer.locator('input[type="file"]').setInputFiles(await photo('supper.png', '#f97316'));
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const reminder = writer!.getByRole('dialog', { name: 'Add alt text?' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Add alt text' }).click();
  await expect(reminder).toHaveCount(0);
  await expect(composer.getByRole('textbox', { name: 'Alt text' })).toBeFocused();
  // Asked once: posting again goes straight through, still without alt text.
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(writer!.getByText('Post shared!').last()).toBeVisible();
  const posted = writer!.getByRole('article').filter({ hasText: second });
  await expect(posted.getByRole('img', { name: `Photo shared by ${ann.name}` })).toBeVisible();
  await expect(posted.getByRole('button', { name: 'Show alt text' })).toHaveCount(0);

  // The author adds alt text later, in edit.
  await posted.getByRole('button', { name: 'Post options' }).click();
  await writer!.getByRole('button', { name: 'Edit', exact: true }).click();
  await posted.getByRole('textbox', { name: 'Alt text' }).fill(`Soup and bread ${stamp}`);
  await posted.getByRole('button', { name: 'Save' }).click();
  await expect(writer!.getByText('Post updated')).toBeVisible();
  await expect(posted.getByRole('img', { name: `Soup and bread ${stamp}` })).toBeVisible();

  await writer!.context().close();
  await reader!.context().close();
});
