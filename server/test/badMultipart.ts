import fc from 'fast-check';
import type { BadBody } from './badInput.ts';

// Multipart junk for POST /api/media, the one upload route (generated bad input, badInput.ts):
// files with the first bytes of each accepted format (and SVG) followed by junk, odd part names and
// filenames, and broken framing.

// The first bytes of each accepted format (and SVG), followed by junk.
const MAGIC =
  '\x89PNG\r\n\x1a\n|\xff\xd8\xff\xe0|GIF89a|RIFF\0\0\0\0WEBPVP8 |\0\0\0\x18ftypisom|\x1a\x45\xdf\xa3|<svg xmlns="http://www.w3.org/2000/svg">'.split(
    '|',
  );
const fileBytes = fc
  .tuple(fc.constantFrom('', ...MAGIC), fc.uint8Array({ maxLength: 512 }))
  .map(([magic, rest]) => Buffer.concat([Buffer.from(magic, 'latin1'), rest]));
const part = fc.record({
  name: fc.constantFrom('file', 'poster', 'File', 'files[]', '', 'file"; x="'),
  file: fc.option(
    fc.constantFrom('a.png', 'a.mp4', '../../etc/passwd', 'a\u0000.png', 'a.svg', 'a.html', ''),
  ),
  type: fc.option(fc.constantFrom('image/png', 'video/mp4', 'text/html')),
  data: fileBytes,
});
const FRAMINGS = ['ok', 'no end', 'no boundary', 'other boundary', 'empty boundary', 'truncated'] as const;

/** Multipart bodies that are no acceptable upload: junk files, odd parts, broken framing. */
export function multipartJunk(): fc.Arbitrary<BadBody> {
  const boundary = fc.string({ unit: fc.constantFrom(...'abcXYZ0189-_'), minLength: 1, maxLength: 69 });
  return fc
    .tuple(fc.array(part, { maxLength: 4 }), boundary, fc.constantFrom(...FRAMINGS))
    .map(([parts, boundary, framing]) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const file = p.file === null ? '' : `; filename="${p.file}"`;
        const type = p.type === null ? '' : `\r\nContent-Type: ${p.type}`;
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`;
        chunks.push(Buffer.from(head), p.data, Buffer.from('\r\n'));
      }
      if (framing !== 'no end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      const payload = Buffer.concat(chunks);
      const types: Record<string, string> = {
        'no boundary': 'multipart/form-data',
        'other boundary': 'multipart/form-data; boundary=not-the-one',
        'empty boundary': 'multipart/form-data; boundary=',
      };
      return {
        kind: `multipart, ${framing}`,
        payload: framing === 'truncated' ? payload.subarray(0, payload.length >> 1) : payload,
        contentType: types[framing] ?? `multipart/form-data; boundary=${boundary}`,
      };
    });
}
