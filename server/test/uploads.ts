import type { MediaUpload } from '@common/schemas/media.ts';
import type { TestClient, TestServer } from '@server/test/harness.ts';
import { makePng, makeVideo } from '@server/test/media.ts';

// Uploads for the media, profile and wall tests: a real POST /api/media, as the web client sends it.

/** Any file through POST /api/media, as the web client sends it; throws unless the server takes it. */
export async function uploadFile(
  server: TestServer,
  client: TestClient,
  data: Uint8Array,
  name: string,
  type: string,
) {
  const body = new FormData();
  body.append('file', new Blob([Uint8Array.from(data)], { type }), name);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.baseUrl}/api/media`, {
    method: 'POST',
    body,
    headers: { origin: server.baseUrl, cookie },
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as MediaUpload;
}

export async function uploadPhoto(server: TestServer, client: TestClient): Promise<MediaUpload> {
  return uploadFile(server, client, await makePng(96, 64), 'photo.png', 'image/png');
}

/** Uploads an MP4 of `seconds` (one by default). */
export async function uploadVideo(server: TestServer, client: TestClient, seconds = 1): Promise<MediaUpload> {
  return uploadFile(server, client, await makeVideo('mp4', seconds), 'clip.mp4', 'video/mp4');
}
