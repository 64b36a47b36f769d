import { describe, expect, it } from 'vitest';
import { sniffMedia } from './sniff.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** An ISO base media `ftyp` box with the given brands, then an empty `moov`. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 2, 0], ...compatible, [0, 0, 0, 8], 'moov');
};

/** An EBML header whose only child is DocType. */
const ebml = (docType: string) =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (docType.length + 3), 0x42, 0x82, 0x80 | docType.length], docType);

describe('sniffMedia', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpeg', 'photo'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'png', 'photo'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'gif', 'photo'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'gif', 'photo'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0]), 'webp', 'photo'],
    ['MP4 (isom)', ftyp('isom', 'isom', 'avc1', 'mp41'), 'mp4', 'video'],
    ['MP4 (mp42)', ftyp('mp42', 'mp42', 'isom'), 'mp4', 'video'],
    ['MP4 with an unknown major brand', ftyp('XYZ1', 'mp42', 'iso2'), 'mp4', 'video'],
    ['MOV', ftyp('qt  ', 'qt  '), 'mov', 'video'],
    ['WebM', ebml('webm'), 'webm', 'video'],
  ])('recognises %s', (_name, head, format, kind) => {
    expect(sniffMedia(head)).toMatchObject({ format, kind });
  });

  it('gives the stored extension and content type', () => {
    expect(sniffMedia(ftyp('qt  '))).toEqual({
      kind: 'video',
      format: 'mov',
      contentType: 'video/quicktime',
      extension: 'mov',
    });
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xdb]))?.extension).toBe('jpg');
  });

  it.each([
    ['text', bytes('hello, this is not a photo at all')],
    ['an empty file', bytes()],
    ['a truncated JPEG marker', bytes([0xff, 0xd8])],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ', [0, 0, 0, 0])],
    ['HEIC', ftyp('heic', 'mif1', 'heic')],
    ['AVIF', ftyp('avif', 'avif', 'mif1', 'miaf')],
    ['an ftyp box without a video brand', ftyp('M4A ', 'M4A ', 'mp3x')],
    ['Matroska that is not WebM', ebml('matroska')],
    ['an EBML header cut short', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x88, 0x42])],
    ['PDF', bytes('%PDF-1.7\n')],
    ['ZIP', bytes([0x50, 0x4b, 0x03, 0x04])],
  ])('refuses %s', (_name, head) => {
    expect(sniffMedia(head)).toBeNull();
  });

  it('reads the bytes, not a byte offset view of a larger buffer', () => {
    const big = Buffer.concat([bytes('junk'), ftyp('qt  ')]);
    expect(sniffMedia(big.subarray(4))?.format).toBe('mov');
  });
});
