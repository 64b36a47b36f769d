import { readFile } from 'node:fs/promises';
import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import { badRequest, HttpError, httpError } from '@server/http/errors.ts';
import {
  BufferSource,
  BufferTarget,
  Conversion,
  EncodedPacketSink,
  FilePathSource,
  Input,
  MovOutputFormat,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';
import { readVint, type SniffedMedia } from './sniff.ts';

export interface ProbedVideo {
  durationMs: number;
  width: number;
  height: number;
}

const unreadable = () => httpError(415, 'unsupported_media');

/**
 * Far more packets than any camera writes in a clip we take (240 fps video and its audio for
 * MEDIA_LIMITS.videoSeconds). mediabunny walks what an index promises one entry at a time, so a file
 * built to promise more costs minutes and gigabytes: a few bytes of MP4 `stsc` claiming a billion
 * samples a chunk, a `stsz` of millions of entries, a WebM cluster of a million six-byte blocks.
 */
const MAX_PACKETS = 10_000;
/** Index entries and elements: a few tables of one entry a packet. */
const MAX_ENTRIES = 6 * MAX_PACKETS;

/** Refuses, before mediabunny reads it, a file whose index promises more than any clip holds. */
async function refuseHugeIndex(filePath: string, sniffed: SniffedMedia): Promise<void> {
  const file = await readFile(filePath);
  const index = { packets: 0, entries: 0 };
  try {
    if (sniffed.format === 'webm') countWebmBlocks(file, index);
    else countIsoIndex(file, 0, file.length, 0, index);
  } catch {
    throw unreadable();
  }
  if (!(index.packets <= MAX_PACKETS && index.entries <= MAX_ENTRIES)) throw unreadable();
}

type IndexSize = { packets: number; entries: number };

const ISO_CONTAINERS = new Set('moov,trak,mdia,minf,stbl,moof,traf,mvex,edts,mfra'.split(','));
/** Where the entry count of each table the demuxer loops over sits, after version and flags. */
const ISO_TABLES: Record<string, number> = {
  stts: 0,
  ctts: 0,
  stsc: 0,
  stco: 0,
  co64: 0,
  stss: 0,
  elst: 0,
  tfra: 8,
};

/** PCM sample entries: mediabunny reads a chunk as one packet, not each of its 48,000 samples a second. */
const PCM_FOURCCS = new Set('lpcm,sowt,twos,raw ,in24,in32,fl32,fl64,ipcm,fpcm,ulaw,alaw'.split(','));

/**
 * Adds up what an ISO file's boxes promise: samples (the most any of a sample table's `stsz`, `stts`,
 * `ctts` and `stsc` times its chunks gives, or its chunks for PCM; `trun`; fragments) and table entries.
 */
function countIsoIndex(b: Buffer, start: number, end: number, depth: number, index: IndexSize): void {
  if (depth > 8) throw new Error('boxes nested too deep');
  let [samples, chunks] = [0, 0];
  let [pcm, ctts] = [false, false];
  let stsc: Array<[firstChunk: number, perChunk: number]> = [];
  for (let offset = start; offset + 8 <= end && index.entries <= MAX_ENTRIES; ) {
    let [size, header] = [b.readUInt32BE(offset), 8];
    if (size === 1 && offset + 16 <= end) [size, header] = [Number(b.readBigUInt64BE(offset + 8)), 16];
    if (size === 0 || offset + size > end) size = end - offset; // to the end, or cut short
    if (size < header) throw new Error('bad box size');
    const type = b.toString('latin1', offset + 4, offset + 8);
    const [body, boxEnd] = [offset + header + 4, offset + size];
    const u32 = (at: number) => (at + 4 <= boxEnd ? b.readUInt32BE(at) : 0);
    if (ISO_CONTAINERS.has(type)) {
      countIsoIndex(b, offset + header, boxEnd, depth + 1, index);
      if (type === 'moof') index.packets += 1;
    } else if (type === 'stsz' || type === 'stz2') {
      samples = Math.max(samples, u32(body + 4));
      if (type === 'stz2' || u32(body) === 0) index.entries += u32(body + 4);
    } else if (type === 'trun') {
      index.packets += u32(body);
    } else if (type === 'stsd') {
      pcm = PCM_FOURCCS.has(b.toString('latin1', body + 8, Math.min(body + 12, boxEnd)));
    } else if (type in ISO_TABLES) {
      const entries = u32(body + ISO_TABLES[type]!);
      index.entries += entries;
      if (type === 'stco' || type === 'co64') chunks = entries;
      if (type === 'ctts') ctts = true;
      const rows = Math.min(entries, MAX_ENTRIES);
      if (type === 'stts' || type === 'ctts') {
        let repeats = 0;
        for (let i = 0; i < rows; i++) repeats += u32(body + 4 + 8 * i);
        samples = Math.max(samples, repeats);
      }
      if (type === 'stsc') {
        stsc = Array.from({ length: rows }, (_, i) => [u32(body + 4 + 12 * i), u32(body + 8 + 12 * i)]);
      }
    }
    offset += size;
  }
  // Each run of chunks in `stsc` holds its samples per chunk, up to the next run (or the last chunk).
  const inChunks = stsc.reduce((sum, [first, perChunk], i) => {
    const next = stsc[i + 1]?.[0] ?? chunks + 1;
    return sum + Math.max(1, next - first) * perChunk;
  }, 0);
  index.packets += pcm && !ctts ? chunks : Math.max(samples, inChunks);
}

const MATROSKA = {
  segment: 0x18538067,
  cluster: 0x1f43b675,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
};

/**
 * Counts a WebM's frames (a laced block holds several) and elements, walking element headers only:
 * into the segment, clusters and block groups, over everything else. Stops once past the limits.
 */
function countWebmBlocks(b: Buffer, index: IndexSize): void {
  const { segment, cluster, blockGroup, block, simpleBlock } = MATROSKA;
  for (let offset = 0; offset < b.length && index.packets <= MAX_PACKETS && index.entries <= MAX_ENTRIES; ) {
    const id = readVint(b, offset, true);
    const size = id && readVint(b, offset + id.length, false);
    if (!id || !size) return; // cut short or garbage: mediabunny decides
    index.entries += 1;
    const data = offset + id.length + size.length;
    if (id.value === segment || id.value === cluster || id.value === blockGroup) {
      offset = data; // master elements, whose size may be unknown: their children come next
      continue;
    }
    if (size.value >= 2 ** (7 * size.length) - 1) throw new Error('unknown size outside a master element');
    if (id.value === block || id.value === simpleBlock) {
      const track = readVint(b, data, false);
      const flags = track ? (b[data + track.length + 2] ?? 0) : 0;
      index.packets += flags & 0x06 ? (b[data + track!.length + 3] ?? 0) + 1 : 1;
    }
    offset = data + size.value;
  }
}

/** The packets of every track (their index only, no data); `video` counts those of video tracks. */
async function countPackets(input: Input): Promise<{ video: number }> {
  let [all, video] = [0, 0];
  for (const track of await input.getTracks()) {
    for await (const _ of new EncodedPacketSink(track).packets(undefined, undefined, {
      metadataOnly: true,
    })) {
      if (++all > MAX_PACKETS) throw unreadable();
      if (track.type === 'video') video += 1;
    }
  }
  return { video };
}

/**
 * Reads the container (no decoding) for the real length and size of the video. The length is the
 * span of the packets, so a clip whose timestamps start late is not counted from zero.
 */
export async function probeVideo(filePath: string, sniffed: SniffedMedia): Promise<ProbedVideo> {
  await refuseHugeIndex(filePath, sniffed);
  const input = new Input({ formats: [MP4, QTFF, WEBM], source: new FilePathSource(filePath) });
  let probed: { seconds: number; width: number; height: number };
  try {
    const format = await input.getFormat().catch(() => null);
    // An MP4 that says it is QuickTime (or the other way round) is fine: the two share the container.
    const sameFamily = sniffed.format === 'webm' ? format === WEBM : format === MP4 || format === QTFF;
    if (!sameFamily) throw unreadable();
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw unreadable();
    const [end, start] = await Promise.all([input.computeDuration(), input.getFirstTimestamp()]);
    const seconds = end - Math.max(0, start);
    if (!Number.isFinite(seconds) || seconds <= 0) throw unreadable();
    probed = { seconds, width: track.displayWidth, height: track.displayHeight };
  } catch (error) {
    throw error instanceof HttpError ? error : unreadable();
  } finally {
    input.dispose();
  }
  if (probed.seconds > MEDIA_LIMITS.videoSeconds + MEDIA_LIMITS.videoToleranceSeconds) {
    throw badRequest('video_too_long', {
      max: MEDIA_LIMITS.videoSeconds,
      seconds: probed.seconds.toFixed(1),
    });
  }
  return { durationMs: Math.round(probed.seconds * 1000), width: probed.width, height: probed.height };
}

/**
 * The video as it will be stored: its tracks copied packet for packet (no re-encoding) into a fresh
 * container of the same kind, with no metadata tags, so a phone's location (MP4 `udta ©xyz`,
 * QuickTime location keys) and other tags never reach what is served, as with photos. MP4 and MOV
 * are written fast-start (the index first), so playback starts before the whole file arrives.
 */
export async function remuxWithoutMetadata(filePath: string, sniffed: SniffedMedia): Promise<Buffer> {
  const input = new Input({ formats: [MP4, QTFF, WEBM], source: new FilePathSource(filePath) });
  try {
    const format =
      sniffed.format === 'webm'
        ? new WebMOutputFormat()
        : sniffed.format === 'mov'
          ? new MovOutputFormat({ fastStart: 'in-memory' })
          : new Mp4OutputFormat({ fastStart: 'in-memory' });
    const output = new Output({ format, target: new BufferTarget() });
    const conversion = await Conversion.init({ input, output, tags: {}, showWarnings: false });
    // A track that cannot be copied as it is would need an encoder the server does not have; storing
    // the original instead would keep its metadata.
    if (!conversion.isValid || conversion.discardedTracks.length > 0) throw unreadable();
    const expected = await countPackets(input);
    await conversion.execute();
    const copy = Buffer.from(output.target.buffer!);
    // A file cut short (or an index promising data it does not hold): mediabunny's copy stops at the
    // first packet missing, leaving a shorter clip than the length we measured, or none at all.
    // Video packets are copied one for one (PCM audio ones are regrouped, so they are not counted).
    const copied = new Input({ formats: [MP4, QTFF, WEBM], source: new BufferSource(copy) });
    try {
      if ((await countPackets(copied)).video !== expected.video || expected.video === 0) throw unreadable();
    } finally {
      copied.dispose();
    }
    return copy;
  } catch (error) {
    throw error instanceof HttpError ? error : unreadable();
  } finally {
    input.dispose();
  }
}
