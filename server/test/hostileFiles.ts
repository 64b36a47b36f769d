import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Hostile files for routes/media/hostileUploads.test.ts, made at test time (sharp, ffmpeg, raw bytes),
// never downloaded: where a photo or clip was taken in every place a format keeps it, scripts and
// archives hidden in or after images, other formats under image names, headers that promise billions
// of pixels or samples, and files cut short.

/** ISO 6709, as phones write it. */
export const LOCATION = '+48.8584+002.2945/';
/** Written into every text field a file can carry, so that a leak is one byte search away. */
export const GPS_TEXT = 'HOSTILE-GPS-48.8584N-2.2945E';
export const SCRIPT = `<script>alert(document.domain)</script>${GPS_TEXT}`;
export const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>\n`;
export const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>\n`;

/** Bytes that no served file may hold: places, markup, scripts, archives, location boxes. */
export const FORBIDDEN: Array<string | Buffer> = [
  LOCATION,
  '48.8584',
  GPS_TEXT,
  'ISO6709',
  '<script',
  '<svg',
  '<html',
  '<?php',
  'Photoshop 3.0',
  'PK\u0003\u0004',
  'loci',
  Buffer.from('\u00a9xyz', 'latin1'),
];

export const GPS_EXIF = {
  IFD0: { ImageDescription: GPS_TEXT, Make: 'HostilePhone' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 3024/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 17/1 4020/100',
    GPSMapDatum: GPS_TEXT,
  },
};

export const GPS_XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""' +
  ' xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.504N"' +
  ` exif:GPSLongitude="2,17.67E" exif:UserComment="${GPS_TEXT}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

export const ascii = (text: string) => Buffer.from(text, 'latin1');

// ---- Images ----

export const solid = (width: number, height: number, background = '#8e44ad') =>
  sharp({ create: { width, height, channels: 3, background } });
export const jpeg = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer();
export const png = (width = 64, height = 48) => solid(width, height).png().toBuffer();

/** A JPEG segment (APPn, COM) right after the start-of-image marker. */
export function jpegWithSegment(image: Buffer, marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), header, payload, image.subarray(2)]);
}

/** IPTC in a Photoshop APP13 segment, naming the city the photo was taken in. */
export function iptcSegment(): Buffer {
  const city = ascii(`Paris ${GPS_TEXT}`);
  const dataset = Buffer.concat([Buffer.from([0x1c, 0x02, 0x5a, 0, city.length]), city]);
  const resource = Buffer.concat([ascii('8BIM'), Buffer.from([0x04, 0x04, 0, 0, 0, 0, 0, 0])]);
  resource.writeUInt32BE(dataset.length, 8);
  return Buffer.concat([ascii('Photoshop 3.0\0'), resource, dataset]);
}

/** The JPEG with its frame header (SOFn) claiming another size. */
export function jpegClaimingSize(image: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(image);
  for (let offset = 2; offset + 9 < out.length; offset += 2 + out.readUInt16BE(offset + 2)) {
    if (out[offset + 1]! >= 0xc0 && out[offset + 1]! <= 0xc2) {
      out.writeUInt16BE(height, offset + 5);
      out.writeUInt16BE(width, offset + 7);
      return out;
    }
  }
  throw new Error('no frame header');
}

/** A progressive JPEG whose last scan comes `times` more: a decoder passes over the whole image for each. */
export async function jpegOfRepeatedScans(times: number): Promise<Buffer> {
  const image = await solid(512, 512).jpeg({ progressive: true }).toBuffer();
  const lastScan = image.lastIndexOf(Buffer.from([0xff, 0xda]));
  const scan = image.subarray(lastScan, image.length - 2); // up to the end-of-image marker
  return Buffer.concat([
    image.subarray(0, -2),
    ...Array.from({ length: times }, () => scan),
    image.subarray(-2),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** The PNG with a chunk added just before IEND (its last 12 bytes). */
export const pngWithChunk = (image: Buffer, type: string, data: Buffer) =>
  Buffer.concat([image.subarray(0, -12), pngChunk(type, data), image.subarray(-12)]);

/**
 * A greyscale PNG of `width` x `height` whose data inflates to `rows` rows of zeros: one row claims the
 * size in a few bytes; every row is a real decompression bomb (1 bit a pixel, ~1/1000 compressed).
 */
export function pngOfSize(width: number, height: number, rows = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  const raw = Buffer.alloc(rows * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** GIF sub-blocks: runs of at most 255 bytes, each after its length, then a zero. */
function subBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const slice = data.subarray(i, i + 255);
    blocks.push(Buffer.from([slice.length]), slice);
  }
  return Buffer.concat([...blocks, Buffer.from([0])]);
}

/** The GIF with an extension block (0xfe comment, 0xff application) before its first image. */
export function gifWithExtension(image: Buffer, label: number, data: Buffer, appId = ''): Buffer {
  const flags = image[10]!;
  const start = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0); // after the global colour table
  const app = appId ? Buffer.concat([Buffer.from([appId.length]), ascii(appId)]) : Buffer.alloc(0);
  const header = Buffer.concat([Buffer.from([0x21, label]), app]);
  return Buffer.concat([image.subarray(0, start), header, subBlocks(data), image.subarray(start)]);
}

/** The GIF with its logical screen claiming another size. */
export function gifClaimingScreen(image: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(image);
  out.writeUInt16LE(width, 6);
  out.writeUInt16LE(height, 8);
  return out;
}

/** A GIF of `frames` frames of `width` x `height`, each two LZW codes long: tiny, whatever it claims. */
export function gifFrames(width: number, height: number, frames: number): Buffer {
  const head = Buffer.concat([ascii('GIF89a'), Buffer.alloc(7), Buffer.from([0, 0, 0, 255, 255, 255])]);
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  head[10] = 0x80; // a global table of two colours
  const frame = Buffer.alloc(22);
  frame.set([0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c]); // 0.1 s, then the image at 0, 0
  frame.writeUInt16LE(width, 13);
  frame.writeUInt16LE(height, 15);
  frame.set([0, 2, 1, 0x2c, 0], 17); // LZW minimum code size 2: clear (4), end (5)
  return Buffer.concat([head, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** A ZIP of one stored file: what a JAR, or the tail of a polyglot, looks like. */
export function zipOf(name: string, content: string): Buffer {
  const [file, data] = [ascii(name), ascii(content)];
  const header = (signature: number, length: number, at: number) => {
    const out = Buffer.alloc(length);
    out.writeUInt32LE(signature, 0);
    out.writeUInt32LE(crc32(data), at); // then the sizes, then the name's length
    out.writeUInt32LE(data.length, at + 4);
    out.writeUInt32LE(data.length, at + 8);
    out.writeUInt16LE(file.length, at + 12);
    return out;
  };
  const local = header(0x04034b50, 30, 14);
  const central = header(0x02014b50, 46, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.set([1, 0, 1, 0], 8);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(local.length + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

// ---- ISO base media (MP4, MOV) and WebM ----

export function box(type: string, ...payload: Buffer[]): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.reduce((sum, p) => sum + p.length, 0), 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, ...payload]);
}

/** `©xyz`: the location iPhones and Android cameras write into `udta`. */
export function xyzBox(iso6709 = LOCATION): Buffer {
  const head = Buffer.from([0, iso6709.length, 0x15, 0xc7]); // length, language 'und'
  return box('\u00a9xyz', head, ascii(iso6709));
}

/** Adobe's XMP box: `uuid` BE7ACFCB-97A9-42E8-9C71-999491E3AFAC. */
export const xmpUuidBox = () =>
  box('uuid', Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), ascii(GPS_XMP));

/** Offsets of the first box along `route` (['moov', 'trak', 'mdia']) and of each of its parents. */
export function findBox(file: Buffer, route: string[]): number[] {
  const offsets: number[] = [];
  let [start, end] = [0, file.length];
  for (const type of route) {
    let offset = start;
    while (offset + 8 <= end && file.toString('latin1', offset + 4, offset + 8) !== type) {
      offset += Math.max(8, file.readUInt32BE(offset));
    }
    if (offset + 8 > end) throw new Error(`no ${type} box`);
    offsets.push(offset);
    [start, end] = [offset + 8, offset + file.readUInt32BE(offset)];
  }
  return offsets;
}

/**
 * Appends `child` at the end of the box at `route`, growing every box on the way. The moov must be
 * the file's last box (ffmpeg puts it there unless asked for fast start), so no sample offset moves.
 */
export function insertBox(file: Buffer, route: string[], child: Buffer): Buffer {
  const offsets = findBox(file, route);
  const end = offsets.at(-1)! + file.readUInt32BE(offsets.at(-1)!);
  if (offsets[0]! + file.readUInt32BE(offsets[0]!) !== file.length) throw new Error('moov must come last');
  const out = Buffer.concat([file.subarray(0, end), child, file.subarray(end)]);
  for (const offset of offsets) out.writeUInt32BE(out.readUInt32BE(offset) + child.length, offset);
  return out;
}

/** The file with one 32-bit number of a box rewritten: `at` bytes after the box's 8-byte header. */
export function patchBox(file: Buffer, route: string[], at: number, value: number): Buffer {
  const out = Buffer.from(file);
  out.writeUInt32BE(value, findBox(out, route).at(-1)! + 8 + at);
  return out;
}

/** The first video track's sample table (`stts`, `stsz`...) or media header (`mdhd`). */
export const tableOf = (type: string) => [
  'moov',
  'trak',
  'mdia',
  ...(type === 'mdhd' ? [] : ['minf', 'stbl']),
  type,
];

/**
 * A WebM whose one cluster (of unknown size, as live recorders write) holds `blocks` empty key frames
 * of six bytes each, after the header and tracks of a real clip.
 */
export function webmOfBlocks(real: Buffer, blocks: number): Buffer {
  const unknownSize = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const head = Buffer.from(real.subarray(0, real.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]))));
  head.set(unknownSize, head.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])) + 4); // the segment's size
  const body = Buffer.alloc(blocks * 6);
  for (let i = 0; i < blocks; i++) {
    body.set([0xa3, 0x84, 0x81, 0, 0, 0x80], i * 6); // SimpleBlock of 4 bytes: track 1, key frame
    body.writeInt16BE(i % 9000, i * 6 + 3);
  }
  return Buffer.concat([head, Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...unknownSize, 0xe7, 0x81, 0]), body]);
}

// ---- ffmpeg (Debian's; .ci/run installs it) ----

const run = promisify(execFile);

export const VIDEO_IN = ['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=10'];
export const AUDIO_IN = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000'];
export const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
export const AAC = ['-c:a', 'aac', '-b:a', '32k'];

/** Runs ffmpeg in a folder of its own holding `inputs`, and returns the file it wrote. */
export async function ffmpeg(extension: string, args: string[], inputs: Record<string, Buffer> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'splikz-hostile-'));
  try {
    for (const [name, data] of Object.entries(inputs)) await writeFile(path.join(dir, name), data);
    const output = path.join(dir, `out.${extension}`);
    await run('ffmpeg', ['-loglevel', 'error', '-y', ...args, output], { cwd: dir });
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A real H.264 (+ AAC) clip, 64 x 48 at 10 fps; `args` come last (tags, flags, muxer options). */
export const clip = (extension: string, seconds: number, args: string[] = [], audio = true) =>
  ffmpeg(extension, [
    ...VIDEO_IN,
    ...(audio ? AUDIO_IN : []),
    ...['-t', String(seconds), ...H264, ...(audio ? AAC : [])],
    ...args,
  ]);

/** ffprobe's JSON of a file: the container's tags and every stream with its own. */
export async function probe(file: Buffer): Promise<{ format: any; streams: any[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'splikz-probe-'));
  try {
    await writeFile(path.join(dir, 'in'), file);
    const args = ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', 'in'];
    return JSON.parse((await run('ffprobe', args, { cwd: dir })).stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---- Cases ----

/** One part of the form. `size` streams that many bytes (the data, then zeros) without holding them. */
export interface Part {
  field?: string;
  /** Written into the header as it is (NUL, CR LF, `..`); none, with text/plain, makes a plain field. */
  filename?: string;
  type?: string;
  data: Buffer;
  size?: number;
}

export interface HostileCase {
  name: string;
  parts: () => Promise<Part[]>;
  expect: { status: 400 | 413 | 415; message: string } | { accepted: 'photo' | 'video'; poster?: boolean };
}

/** Cases that must all end alike, by name. */
export const allEnding = (
  expect: HostileCase['expect'],
  cases: Record<string, HostileCase['parts']>,
): HostileCase[] => Object.entries(cases).map(([name, parts]) => ({ name, parts, expect }));
