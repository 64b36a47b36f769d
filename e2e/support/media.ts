import { makePng, makeVideo } from '../../server/test/media.ts';

// Files for the browser's file inputs, as Playwright's setInputFiles takes them.

export async function photo(name = 'photo.png', background = '#0ea5e9') {
  return { name, mimeType: 'image/png', buffer: await makePng(1200, 800, background) };
}

/** An MP4 of synthetic frames: enough for the server's duration check and a video tile. */
export async function clip(seconds = 1, name = 'clip.mp4') {
  return { name, mimeType: 'video/mp4', buffer: await makeVideo('mp4', seconds) };
}
