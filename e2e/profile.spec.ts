import { expect, type Page, test } from '@playwright/test';
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import sharp from 'sharp';
import { createConfirmedMember, newMember, signIn } from './support/members.ts';

async function usernameOf(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  return (await me.json()).profile.username;
}

async function photo(name = 'cover.png') {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A one-second MP4 of synthetic frames: enough for the server's duration check and a video tile. */
async function clip() {
  const output = new Output({ format: new Mp4OutputFormat(), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource('vp9');
  output.addVideoTrack(source, { frameRate: 10 });
  await output.start();
  for (let i = 0; i < 10; i++) {
    const packet = new EncodedPacket(new Uint8Array([0x82, 0x49, 0x83, i]), 'key', i / 10, 0.1);
    const meta = { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 240 } };
    await source.add(packet, i === 0 ? meta : undefined);
  }
  await output.finalize();
  return { name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from(output.target.buffer!) };
}

test('a visitor follows and writes on a wall; the owner approves the post onto it', async ({
  browser,
  baseURL,
}) => {
  const owner = newMember('owner');
  const visitor = newMember('visitor');
  const ownerContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const visitorPage = await visitorContext.newPage();
  // Following the confirmation link signs each browser context in, as it does for a person.
  await createConfirmedMember(ownerPage.request, baseURL!, owner);
  await createConfirmedMember(visitorPage.request, baseURL!, visitor);
  const ownerUsername = await usernameOf(ownerPage);

  // The visitor opens the owner's profile and follows.
  await visitorPage.goto(`/profile/${ownerUsername}`);
  await expect(visitorPage.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
  await expect(visitorPage.getByText(`@${ownerUsername}`, { exact: true })).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute(
    'href',
    `/messages?to=${ownerUsername}`,
  );
  await visitorPage.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(visitorPage.getByText('Friend request sent!')).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(visitorPage.getByRole('button', { name: '1 Followers' })).toBeVisible();

  // ...and writes on the wall, which waits for the owner.
  const text = `Congratulations on the new job! ${Date.now()}`;
  const submit = visitorPage.getByRole('button', { name: 'Submit for Approval' });
  await expect(submit).toBeDisabled();
  await visitorPage.getByPlaceholder(`Write on ${owner.name}'s profile...`).fill(text);
  await submit.click();
  await expect(visitorPage.getByText('Submitted for approval')).toBeVisible();
  const wall = (page: Page) => page.getByRole('list', { name: `Posts on ${owner.name}'s profile` });
  await expect(visitorPage.getByText('No posts yet')).toBeVisible();
  await expect(visitorPage.getByRole('region', { name: /Waiting for .* approval/ })).toContainText(text);

  // The owner finds it under Pending Approvals and approves it.
  await ownerPage.goto(`/profile/${ownerUsername}`);
  await expect(ownerPage.getByRole('link', { name: 'Settings' })).toBeVisible();
  const pending = ownerPage.getByRole('region', { name: /Pending Approvals/ });
  await expect(pending).toContainText(text);
  await expect(pending).toContainText(visitor.name);
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(ownerPage.getByText('Post approved')).toBeVisible();
  await expect(pending).toHaveCount(0);
  const approved = wall(ownerPage).getByRole('article').filter({ hasText: text });
  await expect(approved).toBeVisible();
  await expect(approved).toContainText(visitor.name);

  // Everyone sees it on the wall now.
  await visitorPage.reload();
  await expect(wall(visitorPage).getByRole('article').filter({ hasText: text })).toBeVisible();
  await ownerContext.close();
  await visitorContext.close();
});

test('the owner sets a cover and About details; tabs work from the keyboard', async ({
  page,
  request,
  baseURL,
}) => {
  const me = newMember('coverer');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();

  // No cover yet: saving without a file says so.
  await page.getByRole('button', { name: 'Edit cover photo' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit cover photo' });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select a file first')).toBeVisible();
  // A file that is neither an image nor a video is refused.
  await editor
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Please upload an image or video file')).toBeVisible();

  await editor.locator('input[type="file"]').setInputFiles(await photo());
  const slider = editor.getByRole('slider', { name: /Vertical position/ });
  await slider.fill('20');
  await slider.press('ArrowRight');
  await expect(slider).toHaveValue('21');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cover photo updated!')).toBeVisible();
  const cover = page.getByRole('img', { name: `Cover of ${me.name}` });
  await expect(cover).toBeVisible();
  await expect(cover).toHaveCSS('object-position', '50% 21%');

  // Tabs: arrow keys move between them; empty tabs say so.
  const postsTab = page.getByRole('tab', { name: 'Posts' });
  await expect(postsTab).toHaveAttribute('aria-selected', 'true');
  await postsTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No photos yet')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('No videos yet')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('Hobbies').fill('Gardening and choir');
  await page.getByLabel('Website').fill('not a link');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('The website must be a link starting with http:// or https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://example.org/me');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Profile details updated!')).toBeVisible();
  await expect(page.getByText('Gardening and choir')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://example.org/me' })).toBeVisible();

  // A post on your own wall is published at once and its photo fills the Photos tab.
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(page.getByText('No posts yet')).toBeVisible();
  await page.getByPlaceholder("What's on your mind?").fill('My garden today');
  await page.locator('form input[type="file"]').setInputFiles(await photo('garden.png'));
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post shared!')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'My garden today' })).toBeVisible();
  await page.getByRole('tab', { name: 'Photos' }).click();
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(1);

  // A video far down the wall: choosing it on the Videos tab scrolls the Posts tab to it.
  await page.getByRole('tab', { name: 'Posts' }).click();
  await page.getByPlaceholder("What's on your mind?").fill('Choir practice clip');
  await page.locator('form input[type="file"]').setInputFiles(await clip());
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Choir practice clip' })).toBeVisible();
  for (let i = 0; i < 6; i += 1) {
    const res = await page.request.post('/api/posts', {
      data: { content: `Filler post ${i} with enough words to take some room on the wall` },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(201);
  }
  await page.reload();
  await page.getByRole('tab', { name: 'Videos' }).click();
  await page.getByRole('button', { name: /^Video shared by .*: show it in Posts$/ }).click();
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  const target = page.getByRole('article').filter({ hasText: 'Choir practice clip' });
  await expect(target).toBeInViewport();
  await expect(target).toBeFocused();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the profile fits the screen, and an unknown member is "User not found"', async ({
    page,
    request,
    baseURL,
  }) => {
    const me = newMember('phone');
    await createConfirmedMember(request, baseURL!, me);
    await signIn(page, me);
    const username = await usernameOf(page);
    await page.goto(`/profile/${username}`);
    await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'About' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: '0 Followers' }).click();
    await expect(page.getByRole('dialog', { name: 'Followers' })).toContainText('No followers yet');
    await page.keyboard.press('Escape');

    await page.goto('/profile/nobody_by_this_name_here');
    await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
