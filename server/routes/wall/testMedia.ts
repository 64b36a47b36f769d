import type { MediaUpload } from '@common/schemas/media.ts';
import type { TestClient, TestServer } from '@server/test/harness.ts';
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from 'mediabunny';
import sharp from 'sharp';

// Uploads for the profile and wall tests: a real POST /api/media, as the web client sends it.

async function sendFile(
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
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  return sendFile(server, client, png, 'photo.png', 'image/png');
}

/** A one-second MP4 of synthetic key frames (no encoder needed): enough for a container with a length. */
export async function uploadVideo(server: TestServer, client: TestClient): Promise<MediaUpload> {
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
  return sendFile(server, client, new Uint8Array(output.target.buffer!), 'clip.mp4', 'video/mp4');
}
