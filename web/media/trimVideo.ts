/**
 * Cuts a short clip out of a longer video in the browser, before upload (issue 12).
 *
 * Output: fast-start MP4, H.264 at most 1080 px wide (height by aspect, even), sound as AAC
 * 128 kbit/s where the browser can encode AAC, else the source sound copied when it needs no
 * re-encode, else Opus (plays in Chromium and Firefox). No metadata tags are carried over (a
 * phone's location tag must not leak). Import this module lazily only: it pulls in mediabunny.
 */
import { i18n } from '@web/i18n/i18n.ts';
import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Conversion,
  type ConversionAudioOptions,
  ConversionCanceledError,
  type ConversionVideoOptions,
  canEncodeAudio,
  Input,
  type InputAudioTrack,
  type InputVideoTrack,
  Mp4OutputFormat,
  Output,
  VideoSample,
} from 'mediabunny';
import { formatUpToTenths } from './seconds.ts';

export const TRIM_MIN_SECONDS = 0.1;
/** Slack for a window drawn on a timeline whose ends do not land exactly on the limit. */
const LENGTH_SLACK_SECONDS = 0.05;
const MAX_WIDTH = 1080;
const AUDIO_BITRATE = 128_000;

export interface TrimWindow {
  start: number;
  end: number;
}

export interface TrimOptions {
  /** The longest clip allowed: 10 s for posts, 3 s for profile videos. */
  maxSeconds: number;
  /** Percent done, 5..99 and never 100: the caller shows 100 once the upload is through. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Whether this browser can cut clips at all (it needs WebCodecs' video encoder). */
export function canTrimInThisBrowser(): boolean {
  return typeof globalThis.VideoEncoder === 'function';
}

/** A sentence a person understands, or null when the window can be cut. */
export function trimWindowProblem(window: TrimWindow, maxSeconds: number): string | null {
  const { start, end } = window;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0) {
    return i18n.t('The clip has to start within the video.');
  }
  if (end <= start) return i18n.t('The clip has to end after it starts.');
  const length = end - start;
  if (length < TRIM_MIN_SECONDS) return i18n.t('The clip is too short: choose at least a tenth of a second.');
  if (length > maxSeconds + LENGTH_SLACK_SECONDS) {
    return i18n.t('The clip is too long: choose at most {{max}} s (this one is {{length}} s).', {
      max: formatUpToTenths(maxSeconds),
      length: formatUpToTenths(length),
    });
  }
  return null;
}

const abortError = () => new DOMException('The trimming was cancelled.', 'AbortError');

function clipName(original: string): string {
  const base = original.replace(/\.[^./\\]*$/, '') || 'video';
  return `${base}-clip.mp4`;
}

/** One plane of an image, bilinear: done in JS, so only for the first frame of a clip. */
function scalePlane(
  source: { data: Uint8Array; offset: number; stride: number; width: number; height: number },
  target: { data: Uint8Array; offset: number; width: number; height: number },
) {
  const { data, offset, stride } = source;
  for (let y = 0; y < target.height; y++) {
    const fy = Math.max(0, ((y + 0.5) * source.height) / target.height - 0.5);
    const y0 = Math.floor(fy);
    const y1 = Math.min(source.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < target.width; x++) {
      const fx = Math.max(0, ((x + 0.5) * source.width) / target.width - 0.5);
      const x0 = Math.floor(fx);
      const x1 = Math.min(source.width - 1, x0 + 1);
      const wx = fx - x0;
      const top = data[offset + y0 * stride + x0]! * (1 - wx) + data[offset + y0 * stride + x1]! * wx;
      const bottom = data[offset + y1 * stride + x0]! * (1 - wx) + data[offset + y1 * stride + x1]! * wx;
      target.data[target.offset + y * target.width + x] = Math.round(top * (1 - wy) + bottom * wy);
    }
  }
}

/** A smaller copy of an I420 sample (even width and height), same timing and colour space. */
async function scaledI420(sample: VideoSample, width: number, height: number): Promise<VideoSample> {
  const source = new Uint8Array(sample.allocationSize());
  const layout = await sample.copyTo(source);
  const output = new Uint8Array((width * height * 3) / 2);
  let offset = 0;
  layout.forEach((plane, i) => {
    const divisor = i === 0 ? 1 : 2;
    const target = { data: output, offset, width: width / divisor, height: height / divisor };
    scalePlane(
      {
        data: source,
        offset: plane.offset,
        stride: plane.stride,
        width: Math.ceil(sample.codedWidth / divisor),
        height: Math.ceil(sample.codedHeight / divisor),
      },
      target,
    );
    offset += target.width * target.height;
  });
  return new VideoSample(output, {
    format: 'I420',
    codedWidth: width,
    codedHeight: height,
    timestamp: sample.timestamp,
    duration: sample.duration,
    colorSpace: sample.colorSpace,
  });
}

/**
 * Downscaling with mediabunny's `width` draws every frame on a 2D canvas and reads it back: without a
 * GPU that cost ~25 ms a 1080p frame, most of a 10 s cut's time. WebCodecs requires an encoder to
 * scale any frame whose size differs from the one it was configured with (libyuv in Chromium), and
 * mediabunny configures it from the first frame. So only the first frame is scaled here; the others
 * go to the encoder as decoded. Frames that are not plain I420 (10-bit, GPU, RGB) take the canvas.
 */
function scaleInEncoder(width: number, height: number) {
  let mode: 'encoder' | 'canvas' | null = null;
  return (sample: VideoSample): VideoSample | Promise<VideoSample> => {
    if (mode === null) {
      mode = sample.format === 'I420' ? 'encoder' : 'canvas';
      // The first frame sets the encoder's size.
      if (mode === 'encoder') return scaledI420(sample, width, height);
    }
    return mode === 'canvas' ? sample.transform({ width, height, fit: 'fill' }) : sample;
  };
}

async function videoOptions(
  track: InputVideoTrack,
  scaleByEncoder: boolean,
): Promise<ConversionVideoOptions> {
  // Display size: square pixels, after the rotation the file asks for.
  const displayWidth = await track.getDisplayWidth();
  const displayHeight = await track.getDisplayHeight();
  const width = Math.min(MAX_WIDTH, displayWidth);
  const height = Math.round((width * displayHeight) / Math.max(1, displayWidth));
  // Roughly 0.1 bit per pixel at 30 frames a second, within 1..5 Mbit/s.
  const bitrate = Math.round(Math.min(5_000_000, Math.max(1_000_000, width * height * 30 * 0.1)));
  const common = {
    codec: 'avc',
    bitrate,
    // Bake any rotation into the frames so "1080 wide" is what people see.
    allowTransformationMetadata: false,
    // Re-encode even a small H.264 source: the cut lands exactly on the window, not on a key frame.
    forceTranscode: true,
  } as const;
  // A rotated or non-square-pixel source is redrawn by mediabunny anyway: let it resize there too.
  const plain =
    (await track.getRotation()) === 0 &&
    (await track.getSquarePixelWidth()) === (await track.getCodedWidth()) &&
    (await track.getSquarePixelHeight()) === (await track.getCodedHeight());
  if (width === displayWidth) return common;
  if (!scaleByEncoder || !plain) {
    // Only the width: mediabunny derives the height by aspect and rounds both to even numbers.
    return { ...common, width };
  }
  const evenWidth = width + (width % 2);
  const evenHeight = height + (height % 2);
  return {
    ...common,
    process: scaleInEncoder(evenWidth, evenHeight),
    processedWidth: evenWidth,
    processedHeight: evenHeight,
  };
}

async function audioOptions(track: InputAudioTrack): Promise<ConversionAudioOptions> {
  const numberOfChannels = Math.min(2, (await track.getNumberOfChannels()) || 2);
  const sampleRate = (await track.getSampleRate()) || 48_000;
  if (await canEncodeAudio('aac', { numberOfChannels, sampleRate, bitrate: AUDIO_BITRATE })) {
    return { codec: 'aac', bitrate: AUDIO_BITRATE, numberOfChannels };
  }
  // No AAC encoder (Debian's Chromium): copy the source sound when MP4 can hold it as it is;
  // no codec given, so mediabunny copies it and only re-encodes when it has to.
  const codec = await track.getCodec();
  if (codec && new Mp4OutputFormat().getSupportedAudioCodecs().includes(codec)) return {};
  return { codec: 'opus', bitrate: AUDIO_BITRATE, numberOfChannels };
}

/**
 * Cuts [start, end] (seconds) out of `file` and returns it as `<name>-clip.mp4`.
 * Rejects with an Error whose message can be shown as is, or an AbortError when `signal` fires.
 */
export async function trimVideo(file: File, window: TrimWindow, options: TrimOptions): Promise<File> {
  const { maxSeconds, onProgress, signal } = options;
  const problem = trimWindowProblem(window, maxSeconds);
  if (problem) throw new Error(problem);
  if (signal?.aborted) throw abortError();
  if (!canTrimInThisBrowser()) {
    throw new Error(i18n.t('This browser cannot cut videos. Try a recent Chrome, Edge, Firefox or Safari.'));
  }

  let lastPercent = 0;
  const report = (percent: number) => {
    const p = Math.max(5, Math.min(99, Math.floor(percent)));
    if (p <= lastPercent) return;
    lastPercent = p;
    onProgress?.(p);
  };
  report(5);

  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  let conversion: Conversion | null = null;
  const onAbort = () => {
    void conversion?.cancel();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let duration: number;
    try {
      duration = await input.computeDuration();
    } catch {
      throw new Error(i18n.t('This file could not be read as a video. Try another file.'));
    }
    if (window.start >= duration - TRIM_MIN_SECONDS / 2) {
      throw new Error(i18n.t('The clip has to start within the video.'));
    }
    if (signal?.aborted) throw abortError();

    const trim = { start: window.start, end: Math.min(window.end, duration) };
    const cut = async (scaleByEncoder: boolean): Promise<ArrayBuffer> => {
      const target = new BufferTarget();
      const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
      conversion = await Conversion.init({
        input,
        output,
        tracks: 'primary',
        trim,
        video: (track) => videoOptions(track, scaleByEncoder),
        audio: audioOptions,
        tags: {},
        showWarnings: false,
      });
      const videoKept = conversion.utilizedTracks.some((t) => t.isVideoTrack());
      if (!conversion.isValid || !videoKept) {
        const reasons = conversion.discardedTracks
          .map((d) => `${d.track.type} track ${d.track.id}: ${d.reason}`)
          .join('; ');
        // The reasons are mediabunny's own, for a bug report.
        throw new Error(
          i18n.t('This video cannot be cut in this browser. Try another file or browser. ({{reasons}})', {
            reasons: reasons || i18n.t('no usable tracks'),
          }),
        );
      }
      conversion.onProgress = (progress) => report(5 + progress * 94);
      if (signal?.aborted) throw abortError();
      try {
        await conversion.execute();
      } catch (error) {
        // An encoder that refuses frames of another size than its own (WebCodecs says it must scale
        // them): cut again the slower way, mediabunny resizing every frame.
        const retry = scaleByEncoder && !signal?.aborted && !(error instanceof ConversionCanceledError);
        if (retry) return cut(false);
        throw error;
      }
      if (signal?.aborted) throw abortError();
      const buffer = target.buffer;
      if (!buffer) throw new Error(i18n.t('Cutting the video produced no file. Please try again.'));
      return buffer;
    };
    const buffer = await cut(true);
    report(99);
    return new File([buffer], clipName(file.name), { type: 'video/mp4' });
  } catch (error) {
    if (error instanceof ConversionCanceledError || signal?.aborted) throw abortError();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    input.dispose();
  }
}
