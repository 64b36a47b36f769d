import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { MEDIA_MESSAGES } from '@common/schemas/media.ts';
import { MEDIA_CSP } from '@server/http/securityHeaders.ts';
import { signedInMember, startTestServer, type TestClient, type TestServer } from '@server/test/harness.ts';
import {
  allEnding,
  ascii,
  FORBIDDEN,
  GPS_EXIF,
  GPS_TEXT,
  GPS_XMP,
  gifClaimingScreen,
  gifFrames,
  gifWithExtension,
  type HostileCase,
  HTML,
  iptcSegment,
  jpeg,
  jpegClaimingSize,
  jpegOfRepeatedScans,
  jpegWithSegment,
  type Part,
  png,
  pngOfSize,
  pngWithChunk,
  probe,
  SCRIPT,
  SVG,
  solid,
  zipOf,
} from '@server/test/hostileFiles.ts';
import { VIDEO_CASES } from '@server/test/hostileVideoCases.ts';
import { makeVideo } from '@server/test/media.ts';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Hostile uploads (issue 14): photos carrying where they were taken, scripts and archives in or after
// images, other files under image names, pixel floods, files cut short or too big, hostile forms; the
// videos are in server/test/hostileVideoCases.ts. Each is refused with a 4xx and a sentence, leaving
// nothing behind, or stored re-encoded: served as a photo or video only, with none of the original's
// extras.

const MB = 1024 * 1024;

const one =
  (make: () => Promise<Buffer> | Buffer, filename = 'photo.jpg', type = 'image/jpeg') =>
  async (): Promise<Part[]> => [{ filename, type, data: await make() }];
const cut = (make: () => Promise<Buffer>, fraction: number) => async () => {
  const whole = await make();
  return whole.subarray(0, Math.floor(whole.length * fraction));
};
const tagged = (image: Sharp) => image.withExif(GPS_EXIF);
const gif = () => solid(40, 30).gif().toBuffer();
const large = () => solid(300, 200);
const after = (image: () => Promise<Buffer>, tail: Buffer) => async () =>
  Buffer.concat([await image(), tail]);

/** A lossless WebP whose header claims 16384 x 16384, the format's largest. */
const webpClaimingSize = async () => {
  const image = await solid(64, 48).webp({ lossless: true }).toBuffer();
  image.writeUInt32LE((image.readUInt32LE(21) & ~0x0fffffff) | 16383 | (16383 << 14), 21);
  return image;
};
/** An extended WebP (VP8X, as with EXIF) whose canvas claims 60000 x 60000. */
const webpClaimingCanvas = async () => {
  const image = await tagged(solid(64, 48)).webp().toBuffer();
  image.writeUIntLE(59_999, 24, 3);
  image.writeUIntLE(59_999, 27, 3);
  return image;
};

const PHOTO_CASES: HostileCase[] = [
  ...allEnding(
    { accepted: 'photo' },
    {
      // Where the photo was taken, in every place each format keeps it.
      'JPEG, EXIF GPS': one(() => tagged(solid(64, 48)).jpeg().toBuffer()),
      'JPEG, XMP GPS': one(() => solid(64, 48).withXmp(GPS_XMP).jpeg().toBuffer()),
      'JPEG, IPTC city (APP13)': one(async () => jpegWithSegment(await jpeg(), 0xed, iptcSegment())),
      'JPEG, PHP in a comment': one(async () =>
        jpegWithSegment(await jpeg(), 0xfe, ascii(`<?php system($_GET['c']); ?>${GPS_TEXT}`)),
      ),
      'PNG, EXIF GPS (eXIf)': one(() => tagged(solid(64, 48)).png().toBuffer(), 'p.png', 'image/png'),
      'PNG, XMP GPS (iTXt)': one(async () =>
        pngWithChunk(await png(), 'iTXt', ascii(`XML:com.adobe.xmp\0\0\0\0\0${GPS_XMP}`)),
      ),
      'PNG, a script in tEXt': one(async () =>
        pngWithChunk(await png(), 'tEXt', ascii(`Comment\0${SCRIPT}`)),
      ),
      'WebP, EXIF GPS': one(() => tagged(solid(64, 48)).webp().toBuffer(), 'p.webp'),
      'WebP, XMP GPS': one(() => solid(64, 48).withXmp(GPS_XMP).webp().toBuffer(), 'p.webp'),
      'GIF, a script in a comment': one(async () => gifWithExtension(await gif(), 0xfe, ascii(SCRIPT))),
      'GIF, XMP GPS in an application block': one(async () =>
        gifWithExtension(await gif(), 0xff, ascii(GPS_XMP), 'XMP DataXMP'),
      ),
      // Polyglots: a real image with something else after its end.
      'JPEG + HTML': one(after(jpeg, ascii(HTML))),
      'JPEG + ZIP': one(after(jpeg, zipOf('index.html', HTML))),
      'GIFAR: GIF + JAR': one(after(gif, zipOf('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n'))),
      'PNG + HTML after IEND': one(after(png, ascii(HTML))),
      'WebP + SVG after its RIFF': one(after(() => solid(64, 48).webp().toBuffer(), ascii(SVG))),
      'GIF whose screen claims 65535 x 65535': one(async () =>
        gifClaimingScreen(await gif(), 65_535, 65_535),
      ),
      // Forms: names, types and parts a browser would not send.
      'named ../../../../etc/passwd': one(png, '../../../../etc/passwd'),
      'named with NUL and a header of its own': one(png, 'a\0.png"\r\nContent-Type: text/html\r\nX: "'),
      'named right to left (photo\u202elmth.png)': one(png, 'photo\u202elmth.png'),
      'named with 4000 characters': one(png, `${'é'.repeat(4000)}.png`),
      'PNG sent as text/html, index.html': one(png, 'index.html', 'text/html'),
      'PNG sent as image/svg+xml, a.svg': one(png, 'a.svg', 'image/svg+xml'),
      'PNG sent as video/mp4, clip.mp4': one(png, 'clip.mp4', 'video/mp4'),
    },
  ),
  ...allEnding(
    { accepted: 'video' },
    { 'MP4 sent as image/jpeg, photo.jpg': one(() => makeVideo('mp4', 1)) },
  ),
  ...allEnding(
    { status: 415, message: MEDIA_MESSAGES.unsupported },
    {
      // Other files under image names and types.
      'HTML named .jpg': one(() => ascii(HTML)),
      'SVG with a script named .png': one(() => ascii(SVG), 'p.png', 'image/png'),
      'SVG named .svg': one(() => ascii(`<?xml version="1.0"?>${SVG}`), 'a.svg', 'image/svg+xml'),
      'HTML named .mp4': one(() => ascii(HTML), 'clip.mp4', 'video/mp4'),
      'HTML after a UTF-8 BOM': one(() => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ascii(HTML)])),
      'JPEG magic, then SVG': one(() =>
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), ascii(SVG.repeat(9))]),
      ),
      'GIF magic, then HTML': one(() => ascii(`GIF89a${HTML}`.padEnd(600)), 'p.gif', 'image/gif'),
      'PDF with JavaScript': one(() =>
        ascii('%PDF-1.7\n1 0 obj <</OpenAction <</S/JavaScript/JS (app.alert(1))>>>>\n'),
      ),
      'ELF executable': one(() => Buffer.concat([ascii('\u007fELF\u0002\u0001\u0001'), Buffer.alloc(900)])),
      'Windows executable': one(() =>
        Buffer.concat([ascii('MZ'), Buffer.alloc(58), ascii('PE\0\0'), Buffer.alloc(700)]),
      ),
      'ZIP named .webp': one(() => zipOf('index.html', HTML), 'p.webp', 'image/webp'),
      'shell script': one(() => ascii('#!/bin/sh\nrm -rf ~\n')),
      HEIC: one(() => Buffer.concat([ascii('\0\0\0\u0018ftypheic\0\0\0\0heicmif1'), Buffer.alloc(600)])),
      AVIF: one(() => Buffer.concat([ascii('\0\0\0\u001cftypavif\0\0\0\0avifmif1miaf'), Buffer.alloc(600)])),
      'one byte': one(() => Buffer.from([0xff])),
      'JPEG magic only': one(() => Buffer.from([0xff, 0xd8, 0xff])),
      // Cut short, or broken on purpose.
      'JPEG cut at 50 %': one(cut(() => large().jpeg().toBuffer(), 0.5)),
      'JPEG cut after its headers': one(cut(() => large().jpeg().toBuffer(), 0.2)),
      'PNG cut after IHDR': one(async () => (await png()).subarray(0, 33)),
      'PNG cut inside IDAT': one(cut(() => large().png({ compressionLevel: 0 }).toBuffer(), 0.5)),
      'WebP cut at 50 %': one(cut(() => large().webp().toBuffer(), 0.5)),
      'GIF cut at 50 %': one(cut(() => large().gif().toBuffer(), 0.5)),
      'progressive JPEG repeating its last scan 3000 times': one(() => jpegOfRepeatedScans(3000)),
      // WebP checks its sizes against its bitstream: a header that claims more does not even parse.
      'WebP claiming 16384 x 16384': one(webpClaimingSize),
      'WebP canvas claiming 60000 x 60000': one(webpClaimingCanvas),
    },
  ),
  // Headers that promise more pixels than the server decodes.
  ...allEnding(
    { status: 400, message: 'Photos can be at most 100 megapixels.' },
    {
      'PNG claiming 60000 x 60000': one(() => pngOfSize(60_000, 60_000)),
      'JPEG claiming 60000 x 60000': one(async () => jpegClaimingSize(await jpeg(), 60_000, 60_000)),
      'PNG bomb: 12000 x 12000 in 18 kB': one(() => pngOfSize(12_000, 12_000, 12_000)),
      'GIF frame claiming 65535 x 65535': one(() => gifFrames(65_535, 65_535, 1)),
    },
  ),
  ...allEnding(
    { status: 400, message: 'Animations can be at most 100 megapixels, all frames together.' },
    {
      'GIF of 200 frames of 1000 x 1000': one(() => gifFrames(1000, 1000, 200)),
    },
  ),
  ...allEnding(
    { status: 400, message: MEDIA_MESSAGES.missingFile },
    {
      'empty file': one(() => Buffer.alloc(0)),
      'the file as a plain text field': async () => [{ type: 'text/plain', data: await png() }],
    },
  ),
  ...allEnding(
    { status: 400, message: 'Upload one file at a time.' },
    {
      'two files': async () => [...(await one(png)()), ...(await one(jpeg)())],
    },
  ),
  ...allEnding(
    { status: 413, message: MEDIA_MESSAGES.photoTooLarge },
    {
      'JPEG of 10 MB and a byte': async () => [
        { filename: 'big.jpg', data: await jpeg(), size: 10 * MB + 1 },
      ],
    },
  ),
];

// ---- The run: each case against a real server; refused cleanly, or served with nothing kept ----

/** A multipart/form-data body written byte by byte, as a hostile client may. */
function multipart(parts: Part[]): { contentType: string; body: AsyncIterable<Buffer> } {
  const boundary = `hostile${Math.random().toString(36).slice(2)}`;
  async function* chunks() {
    for (const { field = 'file', filename, type = 'application/octet-stream', data, size = 0 } of parts) {
      const name = filename === undefined ? '' : `; filename="${filename}"`;
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"${name}\r\n`);
      yield Buffer.from(`Content-Type: ${type}\r\n\r\n`);
      if (data.length > 0) yield data; // Node's fetch never finishes a body with an empty chunk
      for (let sent = data.length; sent < size; sent += 1024 * 1024) {
        yield Buffer.alloc(Math.min(1024 * 1024, size - sent));
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: chunks() };
}

const SERVED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'];
// An upload's key names the upload alone, never its member (issue 49).
const STORED_NAME = /^m\/[0-9a-f-]{36}(-w720|-poster)?\.(jpg|png|webp|mp4|mov|webm)$/;
const LOCATION_TAG = /location|xyz|gps|6709|48\.858/i;

/** Each case, in order, from one member of one server (SQLite: the database plays no part here). */
function describeHostileUploads(title: string, cases: HostileCase[]): void {
  describe(title, () => {
    let server: TestServer;
    let member: TestClient;
    const mediaRoot = () => path.join(server.dataDir, 'media');
    const stored = () =>
      readdirSync(mediaRoot(), { recursive: true, encoding: 'utf8' }).filter((f) =>
        statSync(path.join(mediaRoot(), f)).isFile(),
      );
    const tmpFiles = () => readdirSync(path.join(server.dataDir, 'tmp', 'uploads'));
    const rows = async () =>
      (await server.built.ctx.database.db.selectFrom('media_objects').select('id').execute()).length;

    beforeAll(async () => {
      server = await startTestServer('sqlite', { uploadQuota: { files: 1000, bytes: 1024 ** 3 } });
      member = (await signedInMember(server)).client;
    });
    afterAll(() => server.close());

    async function send(parts: Part[]) {
      const { contentType, body } = multipart(parts);
      const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const headers = { origin: server.baseUrl, cookie, 'content-type': contentType };
      // Node's fetch streams an async iterable body (`duplex: 'half'`); the DOM types know neither.
      const init = { method: 'POST', body, headers, duplex: 'half' } as unknown as RequestInit;
      const res = await fetch(`${server.baseUrl}/api/media`, init);
      return { status: res.status, body: await res.json() };
    }

    /** Served as a photo or video only, sandboxed, and holding nothing of what the original carried. */
    async function expectServedClean(url: string) {
      expect(url.replace(/^\/media\//, '')).toMatch(STORED_NAME);
      const res = await fetch(`${server.baseUrl}${url}`);
      const type = res.headers.get('content-type') ?? '';
      expect([res.status, SERVED_TYPES.includes(type)]).toEqual([200, true]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
      const bytes = Buffer.from(await res.arrayBuffer());
      for (const needle of FORBIDDEN) expect(bytes.includes(needle), `${url} holds ${needle}`).toBe(false);
      if (type.startsWith('image/')) {
        const { exif, xmp, iptc, comments } = await sharp(bytes, { animated: true }).metadata();
        expect({ exif, xmp, iptc, comments }).toEqual({});
        await sharp(bytes, { failOn: 'error' }).stats(); // a whole, decodable image
        return;
      }
      const { format, streams } = await probe(bytes);
      expect(streams.some((s) => s.codec_type === 'video')).toBe(true);
      for (const tags of [format.tags, ...streams.map((s) => s.tags)]) {
        for (const [key, value] of Object.entries(tags ?? {}))
          expect(`${key}=${value}`).not.toMatch(LOCATION_TAG);
      }
    }

    it.each(cases)('$name', async ({ parts, expect: outcome }) => {
      const [filesBefore, rowsBefore] = [stored(), await rows()];
      const res = await send(await parts());
      // An accepted upload's temp file goes just after the answer.
      await vi.waitFor(() => expect(tmpFiles()).toEqual([]));
      if ('status' in outcome) {
        expect([res.status, res.body.error?.message]).toEqual([outcome.status, outcome.message]);
        expect(stored()).toEqual(filesBefore);
        expect(await rows()).toBe(rowsBefore);
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.media_type).toBe(outcome.accepted);
      const urls = [res.body.url, res.body.feed_url].filter(Boolean);
      expect(urls).toHaveLength(outcome.accepted === 'video' && !outcome.poster ? 1 : 2);
      for (const url of urls) await expectServedClean(url);
    });

    it('keeps no file that holds a location, markup or an archive', () => {
      expect(stored().length).toBeGreaterThan(0);
      for (const name of stored()) {
        expect(name).toMatch(STORED_NAME);
        const bytes = readFileSync(path.join(mediaRoot(), name));
        for (const needle of FORBIDDEN) expect(bytes.includes(needle), `${name} holds ${needle}`).toBe(false);
      }
    });
  });
}

// One server each: refusals count against the IP's upload rate too (120 in 10 minutes).
describeHostileUploads('hostile photos, files that are no media, and hostile forms', PHOTO_CASES);
describeHostileUploads('hostile videos and posters', VIDEO_CASES);

it('tries over a hundred hostile files', () => {
  expect(PHOTO_CASES.length + VIDEO_CASES.length).toBeGreaterThanOrEqual(100);
});
