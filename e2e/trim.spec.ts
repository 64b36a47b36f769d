import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import { englishOnly } from '../scripts/i18n/esbuildEnglishOnly.ts';

// The trimmer is not wired to any screen yet: this bundles web/media/trimVideo.ts on its own and
// runs it in a page of the app's origin (a secure context, as WebCodecs needs).

interface TrimResult {
  ok: boolean;
  message?: string;
  name?: string;
  type?: string;
  base64?: string;
  progress: number[];
  ms: number;
}

test.describe.configure({ timeout: 180_000 });

test('trims a 10 s window out of a 1080p clip into a fast-start H.264 MP4 without tags', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'splikz-trim-'));
  try {
    const source = join(dir, 'holiday.mp4');
    // 30 s, 1920x1080, H.264 + AAC tone, with a location tag that must not survive the trim.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1920x1080:rate=30:duration=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000:duration=30',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-metadata',
      'location=+48.8584+002.2945/',
      '-shortest',
      source,
    ]);
    const sourceBytes = readFileSync(source);

    const bundle = await build({
      entryPoints: ['web/media/trimVideo.ts'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      plugins: [englishOnly],
    });
    const code = bundle.outputFiles[0]?.text ?? '';
    await page.route('**/__trim-test.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: code }),
    );
    await page.route('**/__trim-input.mp4', (route) =>
      route.fulfill({ status: 200, contentType: 'video/mp4', body: sourceBytes }),
    );
    await page.goto('/auth');

    const run = (start: number, end: number, maxSeconds: number) =>
      page.evaluate(
        async ({ start, end, maxSeconds }): Promise<TrimResult> => {
          const mod = await import(/* @vite-ignore */ `${location.origin}/__trim-test.js`);
          const blob = await (await fetch('/__trim-input.mp4')).blob();
          const file = new File([blob], 'holiday.mp4', { type: 'video/mp4' });
          const progress: number[] = [];
          const t0 = performance.now();
          try {
            const out: File = await mod.trimVideo(
              file,
              { start, end },
              { maxSeconds, onProgress: (p: number) => progress.push(p) },
            );
            const ms = performance.now() - t0;
            const bytes = new Uint8Array(await out.arrayBuffer());
            let binary = '';
            for (let i = 0; i < bytes.length; i += 0x8000) {
              binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
            }
            return { ok: true, name: out.name, type: out.type, base64: btoa(binary), progress, ms };
          } catch (error) {
            return { ok: false, message: (error as Error).message, progress, ms: performance.now() - t0 };
          }
        },
        { start, end, maxSeconds },
      );

    expect(
      await page.evaluate(async () => {
        const mod = await import(/* @vite-ignore */ `${location.origin}/__trim-test.js`);
        return mod.canTrimInThisBrowser() as boolean;
      }),
    ).toBe(true);

    // 11 s is refused with a sentence a person understands; so is a 3 s limit for profile videos.
    const tooLong = await run(5, 16, 10);
    expect(tooLong.ok).toBe(false);
    expect(tooLong.message).toBe('The clip is too long: choose at most 10 s (this one is 11 s).');
    expect((await run(0, 4, 3)).message).toContain('at most 3 s');
    expect((await run(3, 3.05, 10)).message).toContain('too short');
    expect((await run(8, 5, 10)).message).toContain('end after it starts');

    // Cancelling mid-way rejects with an AbortError.
    const cancelled = await page.evaluate(async () => {
      const mod = await import(/* @vite-ignore */ `${location.origin}/__trim-test.js`);
      const blob = await (await fetch('/__trim-input.mp4')).blob();
      const file = new File([blob], 'holiday.mp4', { type: 'video/mp4' });
      const controller = new AbortController();
      try {
        await mod.trimVideo(
          file,
          { start: 0, end: 10 },
          {
            maxSeconds: 10,
            signal: controller.signal,
            onProgress: (p: number) => p >= 20 && controller.abort(),
          },
        );
        return 'finished';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(cancelled).toBe('AbortError');

    const result = await run(12, 22, 10);
    expect(result.message).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.name).toBe('holiday-clip.mp4');
    expect(result.type).toBe('video/mp4');
    console.log(
      `trim of 10 s out of 30 s 1080p: ${Math.round(result.ms)} ms, progress ${result.progress.join(',')}`,
    );

    // Progress: 5..99, increasing, never 100.
    expect(result.progress.length).toBeGreaterThan(2);
    expect(result.progress[0]).toBe(5);
    for (const [i, p] of result.progress.entries()) {
      expect(p).toBeGreaterThanOrEqual(5);
      expect(p).toBeLessThanOrEqual(99);
      if (i > 0) expect(p).toBeGreaterThan(result.progress[i - 1] ?? 0);
    }

    const outBytes = Buffer.from(result.base64 ?? '', 'base64');
    const outPath = join(dir, 'clip.mp4');
    writeFileSync(outPath, outBytes);
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_type,codec_name,width,height,bit_rate:format_tags',
        '-of',
        'json',
        outPath,
      ]).toString(),
    ) as {
      format: { duration: string; tags?: Record<string, string> };
      streams: {
        codec_type: string;
        codec_name: string;
        width?: number;
        height?: number;
        bit_rate?: string;
      }[];
    };
    console.log(`probe: ${JSON.stringify(probe)}`);
    const duration = Number(probe.format.duration);
    expect(duration).toBeGreaterThanOrEqual(9.9);
    expect(duration).toBeLessThanOrEqual(10.1);
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(video?.codec_name).toBe('h264');
    expect(video?.width).toBe(1080);
    expect(video?.height).toBe(608);
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    expect(['aac', 'opus']).toContain(audio?.codec_name);
    expect(Object.keys(probe.format.tags ?? {}).map((k) => k.toLowerCase())).not.toContain('location');
    expect(JSON.stringify(probe.format.tags ?? {})).not.toContain('48.8584');
    expect(outBytes.includes(Buffer.from('48.8584'))).toBe(false);

    // Fast start: the moov box comes before mdat at the top level.
    const topLevel: string[] = [];
    for (let offset = 0; offset + 8 <= outBytes.length; ) {
      let size = outBytes.readUInt32BE(offset);
      const type = outBytes.toString('latin1', offset + 4, offset + 8);
      if (size === 1) size = Number(outBytes.readBigUInt64BE(offset + 8));
      if (size === 0) size = outBytes.length - offset;
      topLevel.push(type);
      if (size < 8) break;
      offset += size;
    }
    expect(topLevel).toContain('moov');
    expect(topLevel).toContain('mdat');
    expect(topLevel.indexOf('moov')).toBeLessThan(topLevel.indexOf('mdat'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
