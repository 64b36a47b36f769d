import {
  BufferTarget,
  EncodedPacket,
  EncodedVideoPacketSource,
  MovOutputFormat,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import sharp from 'sharp';

// Files for the API and end-to-end tests. No imports by alias: the Playwright specs load this too.

/** A video of synthetic key frames (no encoder here): enough for the container to have a length. */
export async function makeVideo(format: 'mp4' | 'mov' | 'webm', seconds: number): Promise<Buffer> {
  const containers = { mp4: Mp4OutputFormat, mov: MovOutputFormat, webm: WebMOutputFormat };
  const output = new Output({ format: new containers[format](), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource('vp9');
  output.addVideoTrack(source, { frameRate: 10 });
  await output.start();
  for (let i = 0; i < seconds * 10; i++) {
    const packet = new EncodedPacket(new Uint8Array([0x82, 0x49, 0x83, i & 255]), 'key', i / 10, 0.1);
    const meta = { decoderConfig: { codec: 'vp09.00.10.08', codedWidth: 320, codedHeight: 240 } };
    await source.add(packet, i === 0 ? meta : undefined);
  }
  await output.finalize();
  return Buffer.from(output.target.buffer!);
}

/** A PNG of one colour. */
export function makePng(width: number, height: number, background = '#2e86de'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}
