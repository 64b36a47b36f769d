import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { realClip } from './support/media.ts';
import { createConfirmedMember, DATA_DIR, newMember, signIn } from './support/members.ts';

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
  // The dialog's title (its name) says what it is doing now.
  const working = page.getByRole('dialog', { name: 'Trimming video...' });
  await expect(working.getByText('Creating 10.0s clip')).toBeVisible();
  await expect(working.getByRole('progressbar', { name: 'Trimming progress' })).toBeVisible();
  // Cut, then sent with its poster; the dialog closes once the server has it.
  await expect(page.getByText('10.0s video uploaded!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
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
  // The feed shows the clip's poster before it plays: a WebP still the server re-encoded.
  const poster = await video.getAttribute('poster');
  expect(poster).toMatch(/-poster\.webp$/);
  const still = await page.request.get(poster!);
  expect(still.status()).toBe(200);
  expect(still.headers()['content-type']).toBe('image/webp');
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

/** Picks `clip` in the home composer and waits for the trim dialog to have read it. */
async function pickInComposer(page: Page, clip: ReturnType<typeof realClip>, seconds: number) {
  await page.locator('input[type="file"]').setInputFiles(clip);
  const dialog = page.getByRole('dialog', { name: 'Trim your video' });
  const end = Math.min(seconds, 10).toFixed(1);
  await expect(dialog.getByText(`Start 0.0 s • End ${end} s • Length ${end} s`)).toBeVisible();
  return dialog;
}

/** Posts what the composer holds and returns the served video's length, as ffprobe reads it. */
async function postAndProbe(page: Page, text: string) {
  await page.getByLabel('Post text').fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post shared!')).toBeVisible();
  const src = await page.getByRole('article').filter({ hasText: text }).locator('video').getAttribute('src');
  return probeServed(page, src!);
}

test('without WebCodecs, a short clip goes up as it is and a long one is refused with what to do', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A browser without WebCodecs: the trimmer cannot cut.
  await page.addInitScript(() => {
    delete (globalThis as { VideoEncoder?: unknown }).VideoEncoder;
  });
  const me = newMember('nocodecs');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);

  let dialog = await pickInComposer(page, realClip(30, 'long.mp4'), 30);
  await dialog.getByRole('button', { name: 'Use 10.0s clip' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This browser cannot trim videos. Trim the clip to 10 seconds or less on your device first, or use a recent Chrome, Edge or Firefox.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  dialog = await pickInComposer(page, realClip(4, 'short.mp4'), 4);
  await dialog.getByRole('button', { name: 'Use 4.0s clip' }).click();
  await expect(page.getByText('4.0s video uploaded!')).toBeVisible({ timeout: 30_000 });
  const served = await postAndProbe(page, `Uncut clip ${Date.now()}`);
  expect(served.seconds).toBeGreaterThan(3.9);
  expect(served.seconds).toBeLessThan(4.1);
});

test('when the browser fails to encode, a short clip goes up as it is', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // WebCodecs is there but its encoder fails, as on a device whose encoder is broken.
  await page.addInitScript(() => {
    VideoEncoder.prototype.configure = () => {
      throw new DOMException('Encoder unavailable', 'NotSupportedError');
    };
  });
  const me = newMember('badencoder');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);

  let dialog = await pickInComposer(page, realClip(12, 'twelve.mp4'), 12);
  await dialog.getByRole('button', { name: 'Use 10.0s clip' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This browser cannot trim videos.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await pickInComposer(page, realClip(5, 'five.mp4'), 5);
  await dialog.getByRole('button', { name: 'Use 5.0s clip' }).click();
  await expect(page.getByText('5.0s video uploaded!')).toBeVisible({ timeout: 30_000 });
  const served = await postAndProbe(page, `Fallback clip ${Date.now()}`);
  expect(served.seconds).toBeGreaterThan(4.9);
  expect(served.seconds).toBeLessThan(5.1);
});

test('a cover video is cut to 10 seconds in the trim dialog', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const me = newMember('covervideo');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await page.getByRole('button', { name: 'Edit cover photo' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit cover photo' });
  await editor.locator('input[type="file"]').setInputFiles(realClip(14, 'sunset.mp4'));
  const trim = page.getByRole('dialog', { name: 'Trim your video' });
  await expect(trim.getByText('Start 0.0 s • End 10.0 s • Length 10.0 s')).toBeVisible();
  await trim.getByRole('slider', { name: 'Clip end' }).fill('14');
  await expect(trim.getByText('Start 4.0 s • End 14.0 s • Length 10.0 s')).toBeVisible();
  await trim.getByRole('button', { name: 'Use 10.0s clip' }).click();
  await expect(page.getByText('10.0s video uploaded!')).toBeVisible({ timeout: 60_000 });
  await expect(trim).toBeHidden();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Cover photo updated!')).toBeVisible();
  const cover = page.getByLabel(`Cover video of ${me.name}`);
  const served = await probeServed(page, (await cover.getAttribute('src'))!);
  expect(served.seconds).toBeGreaterThan(9.8);
  expect(served.seconds).toBeLessThanOrEqual(10.1);
});

test('cancelling while the clip is cut or sent keeps nothing, here or on the server', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const me = newMember('quitter');
  await createConfirmedMember(request, baseURL!, me);
  await signIn(page, me);
  const id = (await (await page.request.get('/api/me')).json()).id as string;
  // Keys name uploads, not members (issue 49): this member's files are those of their uploads' rows,
  // and any file in the folder that no row owns at all (what a cancelled upload must not leave behind).
  const folder = path.join(DATA_DIR, 'media', 'm');
  const stored = () => {
    const files = existsSync(folder) ? readdirSync(folder) : [];
    const db = new Database(path.join(DATA_DIR, 'splikz.db'), { readonly: true, fileMustExist: true });
    try {
      const owner = db.prepare('select user_id from media_objects where id = ?');
      return files.filter((file) => {
        const uploadId = /^([0-9a-f-]{36})[.-]/.exec(file)?.[1];
        if (!uploadId) return false; // another member's upload being written (`.<uuid>.partial`)
        const row = owner.get(uploadId) as { user_id: string } | undefined;
        return row === undefined || row.user_id === id;
      });
    } finally {
      db.close();
    }
  };
  const nothingChosen = async () => {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove photo or video' })).toHaveCount(0);
  };

  // While cutting.
  let dialog = await pickInComposer(page, realClip(30, 'long.mp4'), 30);
  await dialog.getByRole('button', { name: 'Use 10.0s clip' }).click();
  const cutting = page.getByRole('dialog', { name: 'Trimming video...' });
  await expect(cutting).toBeVisible();
  await cutting.getByRole('button', { name: 'Cancel' }).click();
  await nothingChosen();

  // While sending: the upload is held until the member has cancelled.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/media', async (route) => {
    await held;
    await route.continue().catch(() => undefined); // the page has aborted it
  });
  dialog = await pickInComposer(page, realClip(3, 'short.mp4'), 3);
  await dialog.getByRole('button', { name: 'Use 3.0s clip' }).click();
  const sending = page.getByRole('dialog', { name: 'Uploading video...' });
  await expect(sending.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await sending.getByRole('button', { name: 'Cancel' }).click();
  release();
  await nothingChosen();
  await expect(page.getByText('3.0s video uploaded!')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'wait' });
  expect(stored()).toEqual([]);
  // The same clip sent through is stored there, with its poster.
  dialog = await pickInComposer(page, realClip(3, 'short.mp4'), 3);
  await dialog.getByRole('button', { name: 'Use 3.0s clip' }).click();
  await expect(page.getByText('3.0s video uploaded!')).toBeVisible({ timeout: 30_000 });
  expect(stored().sort()).toEqual([expect.stringMatching(/-poster\.webp$/), expect.stringMatching(/\.mp4$/)]);
});
