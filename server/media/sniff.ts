// Recognises an upload by its first bytes (magic numbers), never by its name or declared type.

export type MediaFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'mp4' | 'mov' | 'webm';

export interface SniffedMedia {
  kind: 'photo' | 'video';
  format: MediaFormat;
  contentType: string;
  extension: string;
}

/** How many leading bytes sniffMedia wants to see (fewer only when the file is that short). */
export const SNIFF_BYTES = 512;

const FORMATS: Record<MediaFormat, SniffedMedia> = {
  jpeg: { kind: 'photo', format: 'jpeg', contentType: 'image/jpeg', extension: 'jpg' },
  png: { kind: 'photo', format: 'png', contentType: 'image/png', extension: 'png' },
  webp: { kind: 'photo', format: 'webp', contentType: 'image/webp', extension: 'webp' },
  gif: { kind: 'photo', format: 'gif', contentType: 'image/gif', extension: 'gif' },
  mp4: { kind: 'video', format: 'mp4', contentType: 'video/mp4', extension: 'mp4' },
  mov: { kind: 'video', format: 'mov', contentType: 'video/quicktime', extension: 'mov' },
  webm: { kind: 'video', format: 'webm', contentType: 'video/webm', extension: 'webm' },
};

// ISO base media brands of video files. Image brands (heic, mif1, avif...) share the container and
// must not pass as MP4.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'XAVC',
]);
const IMAGE_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, magic: number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

/** The format of a file from its first bytes, or null when it is not one we accept. */
export function sniffMedia(head: Uint8Array): SniffedMedia | null {
  const format = sniffFormat(head);
  return format ? FORMATS[format] : null;
}

function sniffFormat(b: Uint8Array): MediaFormat | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') return isoBrand(b);
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(b) === 'webm' ? 'webm' : null;
  return null;
}

/** `ftyp` box: major brand at 8, compatible brands from 16 to the end of the box. */
function isoBrand(b: Uint8Array): MediaFormat | null {
  const major = ascii(b, 8, 4);
  if (major === 'qt  ') return 'mov';
  if (IMAGE_BRANDS.has(major)) return null;
  if (MP4_BRANDS.has(major)) return 'mp4';
  const boxSize = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(0);
  const end = Math.min(boxSize, b.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    const brand = ascii(b, offset, 4);
    if (brand === 'qt  ') return 'mov';
    if (MP4_BRANDS.has(brand)) return 'mp4';
  }
  return null;
}

/** Reads an EBML variable-size integer; `keepMarker` for element ids (videos.ts walks WebM with it). */
export function readVint(
  b: Uint8Array,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number } | null {
  const first = b[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + b[offset + i]!;
  return { value, length };
}

/** The DocType ('webm', 'matroska') from the EBML header at the start of the file. */
function ebmlDocType(b: Uint8Array): string | null {
  const headerSize = readVint(b, 4, false);
  if (!headerSize) return null;
  let offset = 4 + headerSize.length;
  const end = Math.min(b.length, offset + headerSize.value);
  while (offset < end) {
    const id = readVint(b, offset, true);
    if (!id) return null;
    const size = readVint(b, offset + id.length, false);
    if (!size) return null;
    const dataStart = offset + id.length + size.length;
    if (id.value === 0x4282)
      return ascii(b, dataStart, Math.min(size.value, end - dataStart)).replace(/\0+$/, '');
    offset = dataStart + size.value;
  }
  return null;
}
