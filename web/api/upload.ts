import type { MediaUpload } from '@common/schemas/media.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { ApiError, errorOfAnswer, NETWORK_MESSAGE } from './client.ts';

// Same sentence as api() in client.ts gives when the server cannot be reached.

/**
 * Sends one photo or video (with a video's `poster` still, when there is one) to POST /api/media.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress. `onProgress` gets whole percents
 * (0-100) of the bytes sent.
 */
export function uploadMedia(
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
  poster?: Blob | null,
): Promise<MediaUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress?.(100);
        resolve(body as MediaUpload);
        return;
      }
      errorOfAnswer(xhr.status, body).then(reject, reject);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', i18n.t(NETWORK_MESSAGE)));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    if (poster) form.append('poster', poster, 'poster.jpg');
    xhr.send(form);
  });
}
