import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { realClip } from './support/media.ts';
import { createConfirmedMember, newMember, signIn } from './support/members.ts';

/** Length and streams of a served video, as ffprobe reads the bytes. */
async function probeServed(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'splikz-probe-'));
  const file = path.join(dir, 'served.mp4');
  writeFileSync(file, await response.body());
  const out = execFileSync('ffprobe', [
    ...[
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,width',
      '-of',
      'json',
      file,
    ],
  ]).toString();
  rmSync(dir, { recursive: true, force: true });
  const probed = JSON.parse(out) as {
    format: { duration: string };
    streams: Array<{ codec_type: string; codec_name: string; width?: number }>;
  };
  return { seconds: Number(probed.format.duration), streams: probed.streams };
}

test('a 30-second clip is cut to the 10 seconds the member picks in the trim dialog, with its sound', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const me = newMember('trimmer');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);

  const text = `Choir rehearsal ${Date.now()}`;
  await page.getByLabel('Post text').fill(text);
  await page.locator('input[type="file"]').setInputFiles(realClip(30, 'rehearsal.mp4'));
  const dialog = page.getByRole('dialog', { name: 'Trim your video' });
  await expect(dialog).toBeVisible();
  // The first 10 seconds by default.
  await expect(dialog.getByText('Start 0.0 s • End 10.0 s • Length 10.0 s')).toBeVisible();
  // The end handle past the cap drags the start along; the window then moves whole to 12-22 s.
  await dialog.getByRole('slider', { name: 'Clip end' }).fill('14');
  await expect(dialog.getByText('Start 4.0 s • End 14.0 s • Length 10.0 s')).toBeVisible();
  await dialog.getByRole('slider', { name: 'Clip position' }).fill('12');
  await expect(dialog.getByText('Start 12.0 s • End 22.0 s • Length 10.0 s')).toBeVisible();
  // The keyboard moves a handle too.
  await dialog.getByRole('slider', { name: 'Clip start' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('Start 12.1 s • End 22.0 s • Length 9.9 s')).toBeVisible();
  await page.keyboard.press('ArrowLeft');

  await dialog.getByRole('button', { name: 'Use 10.0s clip' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post shared!')).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: text });
  const video = card.locator('video');
  await expect(video).toHaveCount(1);
  const src = await video.getAttribute('src');
  const served = await probeServed(page, src!);
  expect(served.seconds).toBeGreaterThan(9.8);
  expect(served.seconds).toBeLessThanOrEqual(10.1);
  expect(served.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
  expect(served.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
  // It plays in the feed.
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0.2);
});

test('closing the trim dialog chooses nothing', async ({ page, request, baseURL }) => {
  const me = newMember('canceller');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);
  await page.locator('input[type="file"]').setInputFiles(realClip(2, 'short.mp4'));
  const dialog = page.getByRole('dialog', { name: 'Trim your video' });
  await expect(dialog.getByText('Start 0.0 s • End 2.0 s • Length 2.0 s')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove photo or video' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
});
