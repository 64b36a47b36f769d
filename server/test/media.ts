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
export async function makeVideo(
  format: 'mp4' | 'mov' | 'webm',
  seconds: number,
  options: { indexLast?: boolean } = {},
): Promise<Buffer> {
  const containers = { mp4: Mp4OutputFormat, mov: MovOutputFormat, webm: WebMOutputFormat };
  const container =
    format === 'webm'
      ? new WebMOutputFormat()
      : new containers[format]({ fastStart: options.indexLast ? false : 'in-memory' });
  const output = new Output({ format: container, target: new BufferTarget() });
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

/**
 * The MP4 or MOV with a phone's location in it: a `udta` box holding `©xyz` (ISO 6709, as iPhones and
 * Android cameras write it) added to the end of its `moov`, which must be the file's last box
 * (`makeVideo(format, seconds, { indexLast: true })`), so no sample offset moves.
 */
export function withLocation(video: Buffer, iso6709 = '+48.8584+002.2945/'): Buffer {
  let offset = 0;
  let moov = -1;
  while (offset < video.length) {
    const size = video.readUInt32BE(offset);
    if (video.toString('latin1', offset + 4, offset + 8) === 'moov') moov = offset;
    if (size < 8) throw new Error('unexpected box size');
    offset += size;
  }
  if (moov < 0 || moov + video.readUInt32BE(moov) !== video.length) throw new Error('moov must come last');
  const text = Buffer.from(iso6709, 'latin1');
  const xyz = Buffer.alloc(8 + 4 + text.length);
  xyz.writeUInt32BE(xyz.length, 0);
  xyz.write('\u00a9xyz', 4, 'latin1');
  xyz.writeUInt16BE(text.length, 8);
  xyz.writeUInt16BE(0x15c7, 10); // language: undetermined
  text.copy(xyz, 12);
  const udta = Buffer.concat([Buffer.alloc(8), xyz]);
  udta.writeUInt32BE(udta.length, 0);
  udta.write('udta', 4, 'latin1');
  const out = Buffer.concat([video, udta]);
  out.writeUInt32BE(video.readUInt32BE(moov) + udta.length, moov);
  return out;
}
