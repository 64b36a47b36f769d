import { expect, type Page } from '@playwright/test';

// What a circle's page receives over WebRTC, read in the page: frames decoded by a video element and
// the loudness of its sound (the fake microphone beeps).

/** Frames the page's video (the host's stream by default) has decoded so far. */
export const decodedFrames = (page: Page, testId = 'remote-video') =>
  page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(`video[data-testid="${id}"]`);
    return video ? video.getVideoPlaybackQuality().totalVideoFrames : 0;
  }, testId);

/** The loudest sample of the video's stream's sound over half a second; 0 without sound. */
export const remoteLoudness = (page: Page, testId = 'remote-video') =>
  page.evaluate(async (id) => {
    const video = document.querySelector<HTMLVideoElement>(`video[data-testid="${id}"]`);
    const stream = video?.srcObject as MediaStream | null;
    if (!stream || stream.getAudioTracks().length === 0) return 0;
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    for (let i = 0; i < 10; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      analyser.getFloatTimeDomainData(samples);
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    }
    await audio.close();
    return peak;
  }, testId);

/** The host's stream plays on the page: a video element, frames decoded and sound heard. */
export async function expectStreamArrives(page: Page, testId = 'remote-video') {
  await expect(page.getByTestId(testId)).toHaveCount(1, { timeout: 20_000 });
  await expect.poll(() => decodedFrames(page, testId), { timeout: 20_000 }).toBeGreaterThan(5);
  await expect.poll(() => remoteLoudness(page, testId), { timeout: 15_000 }).toBeGreaterThan(0.01);
}
