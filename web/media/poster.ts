/** Widest poster we make; the server scales it to the feed width and checks its shape. */
const MAX_WIDTH = 1080;
const GIVE_UP_MS = 8000;

function when(el: HTMLVideoElement, event: 'loadeddata' | 'seeked', signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      el.removeEventListener(event, done);
      el.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => reject(new Error('The video could not be read.'));
    el.addEventListener(event, done, { once: true });
    el.addEventListener('error', failed, { once: true });
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * A JPEG still of the clip's first moments, drawn by the browser's own player (no WebCodecs needed,
 * so the fallback path has one too). Null when this browser cannot draw it: a poster is a nicety, the
 * video is posted without one.
 */
export async function makePoster(video: Blob): Promise<Blob | null> {
  const url = URL.createObjectURL(video);
  const el = document.createElement('video');
  const timeout = AbortSignal.timeout(GIVE_UP_MS);
  el.muted = true;
  el.playsInline = true;
  el.preload = 'auto';
  try {
    el.src = url;
    await when(el, 'loadeddata', timeout);
    // A tenth of a second in: some encoders start with a black frame.
    el.currentTime = Math.min(0.1, el.duration / 2 || 0);
    await when(el, 'seeked', timeout);
    const width = Math.min(el.videoWidth, MAX_WIDTH);
    const height = Math.round((el.videoHeight * width) / el.videoWidth);
    if (!width || !height) return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(el, 0, 0, width, height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  } catch {
    return null;
  } finally {
    el.removeAttribute('src');
    el.load();
    URL.revokeObjectURL(url);
  }
}
