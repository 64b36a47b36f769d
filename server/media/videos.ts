import { MEDIA_LIMITS, MEDIA_MESSAGES, videoTooLongMessage } from '@common/schemas/media.ts';
import { HttpError } from '@server/http/errors.ts';
import {
  BufferTarget,
  Conversion,
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
import type { SniffedMedia } from './sniff.ts';

export interface ProbedVideo {
  durationMs: number;
  width: number;
  height: number;
}

const unreadable = () => new HttpError(415, 'unsupported_media', MEDIA_MESSAGES.unsupported);

/**
 * Reads the container (no decoding) for the real length and size of the video. The length is the
 * span of the packets, so a clip whose timestamps start late is not counted from zero.
 */
export async function probeVideo(filePath: string, sniffed: SniffedMedia): Promise<ProbedVideo> {
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
    throw new HttpError(400, 'video_too_long', videoTooLongMessage(probed.seconds));
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
    await conversion.execute();
    return Buffer.from(output.target.buffer!);
  } catch (error) {
    throw error instanceof HttpError ? error : unreadable();
  } finally {
    input.dispose();
  }
}
