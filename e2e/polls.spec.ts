import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { createConfirmedMember, DATA_DIR, newMember } from './support/members.ts';

const PHONE = { width: 390, height: 844 };

test('a poll is written in the composer, voted on once from a phone, and shows its results', async ({
  browser,
  baseURL,
}) => {
  const [ann, ben] = [newMember('pollster'), newMember('pollvoter')];
  const [writer, voter] = await Promise.all([0, 1].map(async () => (await browser.newContext()).newPage()));
  await createConfirmedMember(writer!.request, baseURL!, ann);
  await createConfirmedMember(voter!.request, baseURL!, ben);
  const question = `Supper club ${Date.now().toString(36)}: which night?`;

  await writer!.goto('/');
  const composer = writer!.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill(question);
  const pollButton = composer.getByRole('button', { name: 'Poll' });
  await pollButton.click();
  await expect(pollButton).toHaveAttribute('aria-pressed', 'true');
  // The first option has focus; a photo cannot go with a poll.
  await expect(composer.getByRole('textbox', { name: 'Option 1', exact: true })).toBeFocused();
  await expect(composer.getByRole('button', { name: 'Photo/Video' })).toBeDisabled();
  await writer!.keyboard.type('Friday');
  await composer.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Saturday');
  await composer.getByRole('button', { name: 'Add option' }).click();
  await expect(composer.getByRole('textbox', { name: 'Option 3', exact: true })).toBeFocused();
  await writer!.keyboard.type('Sunday');
  await composer.getByRole('button', { name: 'Add option' }).click();
  await composer.getByRole('textbox', { name: 'Option 4', exact: true }).fill('Monday');
  // Four is the most: no more 'Add option'; the fourth can be taken away again.
  await expect(composer.getByRole('button', { name: 'Add option' })).toHaveCount(0);
  await composer.getByRole('button', { name: 'Remove option 4' }).click();
  await expect(composer.getByRole('textbox', { name: 'Option 4', exact: true })).toHaveCount(0);
  await composer.getByLabel('Poll length').selectOption({ label: '1 hour' });
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(writer!.getByText('Post shared!')).toBeVisible();

  await voter!.setViewportSize(PHONE);
  await voter!.goto('/');
  const card = voter!.getByRole('article').filter({ hasText: question });
  const vote = card.getByRole('button', { name: 'Vote' });
  await expect(vote).toBeDisabled();
  await card.getByRole('radio', { name: 'Saturday' }).check();
  await vote.click();
  const results = card.getByRole('list', { name: 'Poll results' });
  await expect(results.getByRole('listitem').filter({ hasText: 'Saturday' })).toContainText('100%');
  await expect(results.getByRole('listitem').filter({ hasText: 'Friday' })).toContainText('0%');
  await expect(card.getByText(/^1 vote ·/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Vote' })).toHaveCount(0);
  // After a reload too: the vote is the member's.
  await voter!.reload();
  await expect(
    voter!.getByRole('article').filter({ hasText: question }).getByRole('list', { name: 'Poll results' }),
  ).toBeVisible();

  // At its end the author sees the final results without voting.
  const postId = (await (await writer!.request.get('/api/posts')).json()).posts.find(
    (p: { content: string }) => p.content === question,
  ).id as string;
  const db = new Database(path.join(DATA_DIR, 'splikz.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const past = new Date(Date.now() - 1000).toISOString();
    const row = db.prepare('select poll from posts where id = ?').get(postId) as { poll: string };
    const poll = { ...JSON.parse(row.poll), expires_at: past };
    db.prepare('update posts set poll = ? where id = ?').run(JSON.stringify(poll), postId);
    db.prepare('update polls set ends_at = ? where post_id = ?').run(past, postId);
  } finally {
    db.close();
  }
  await writer!.goto(`/post/${postId}`);
  const ended = writer!.getByRole('article').filter({ hasText: question });
  await expect(ended.getByText('Final results')).toBeVisible();
  await expect(ended.getByRole('list', { name: 'Poll results' })).toContainText('Saturday');

  await writer!.context().close();
  await voter!.context().close();
});
