import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@common/schemas/media.ts';
import { buttonClass, secondaryButtonClass } from '@web/components/Field.tsx';
import { Pause, Play, X } from 'lucide-react';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { canTrimInThisBrowser, trimVideo } from './trimVideo.ts';
import { defaultWindow, moveEnd, moveStart, moveWindow, type Window, windowLength } from './trimWindow.ts';

const seconds = (value: number) => `${value.toFixed(1)} s`;
const cannotTrim = (max: number) =>
  `This browser cannot trim videos. Trim the clip to ${max} seconds or less on your device first, or use a recent Chrome, Edge or Firefox.`;

/**
 * The trim dialog (spec sections 4, 5 and 8): a preview, a window of at most `maxSeconds` chosen
 * with two handles or dragged whole, then 'Trimming video...' with progress 5-99. Resolves with the
 * clip (or the original where this browser cannot cut and it is already short enough).
 */
export default function TrimDialog({
  file,
  maxSeconds,
  onDone,
  onCancel,
}: {
  file: File;
  maxSeconds: number;
  onDone: (file: File) => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  const [duration, setDuration] = useState<number | null>(null);
  const [window, setWindow] = useState<Window>({ start: 0, end: 0 });
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  // The clip's length, once the browser has read it (it may have before this effect runs).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const read = () => {
      const total = el.duration;
      if (!Number.isFinite(total) || total <= 0) return setProblem(MEDIA_MESSAGES.unsupported);
      setDuration(total);
      setWindow(defaultWindow(total, maxSeconds));
    };
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) read();
    el.addEventListener('loadedmetadata', read);
    return () => el.removeEventListener('loadedmetadata', read);
  }, [maxSeconds]);

  // A paused preview shows the clip's first frame as the window moves.
  useEffect(() => {
    const el = video.current;
    if (el?.paused && duration !== null) el.currentTime = window.start;
  }, [window.start, duration]);

  function cancel() {
    abort.current?.abort();
    onCancel();
  }

  function keepOriginal() {
    if (duration !== null && duration > maxSeconds + 0.05) return setProblem(cannotTrim(maxSeconds));
    if (file.size > MEDIA_LIMITS.videoBytes) return setProblem(MEDIA_MESSAGES.videoTooLarge);
    onDone(file);
  }

  async function cutClip() {
    if (!canTrimInThisBrowser()) return keepOriginal();
    const controller = new AbortController();
    abort.current = controller;
    video.current?.pause();
    setProgress(5);
    try {
      onDone(
        await trimVideo(file, window, { maxSeconds, onProgress: setProgress, signal: controller.signal }),
      );
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setProgress(null);
      // The browser could not cut this file: the original goes if it is within the limit already.
      if (duration !== null && duration <= maxSeconds + 0.05 && file.size <= MEDIA_LIMITS.videoBytes) {
        return onDone(file);
      }
      setProblem(`${cannotTrim(maxSeconds)} (${(error as Error).message})`);
    }
  }

  function togglePlay() {
    const el = video.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    if (el.currentTime < window.start || el.currentTime >= window.end - 0.05) el.currentTime = window.start;
    void el.play();
  }

  // Dragging the highlighted window moves the whole clip.
  const drag = useRef<{ x: number; start: number } | null>(null);
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { x: event.clientX, start: window.start };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const width = track.current?.clientWidth ?? 0;
    if (!drag.current || !duration || width === 0) return;
    const delta = ((event.clientX - drag.current.x) / width) * duration;
    setWindow((w) => moveWindow(w, drag.current!.start + delta, duration));
  }

  const length = windowLength(window);
  const trimming = progress !== null;
  const ready = duration !== null;
  const percent = (value: number) => (duration ? `${(value / duration) * 100}%` : '0%');

  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      aria-labelledby="trim-title"
      className="m-auto w-[calc(100%-2rem)] max-w-xl rounded-2xl p-0 shadow-2xl"
    >
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id="trim-title" className="text-xl font-bold text-slate-900">
            {trimming ? 'Trimming video...' : 'Trim your video'}
          </h2>
          <button
            type="button"
            onClick={cancel}
            aria-label="Close"
            className="rounded-lg p-1 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        {/* biome-ignore lint/a11y/useMediaCaption: a member's own clip, before upload, has no captions */}
        <video
          ref={video}
          src={url}
          playsInline
          preload="metadata"
          aria-label="Video preview"
          className="aspect-video w-full rounded-lg bg-black object-contain"
          onError={() =>
            setProblem(canTrimInThisBrowser() ? MEDIA_MESSAGES.unsupported : cannotTrim(maxSeconds))
          }
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(event) => {
            if (event.currentTarget.currentTime >= window.end) event.currentTarget.pause();
          }}
        />
        {trimming ? (
          <div className="flex flex-col gap-2" role="status">
            <p className="text-sm text-slate-700">Creating {length.toFixed(1)}s clip</p>
            <progress value={progress} max={100} aria-label="Trimming progress" className="w-full" />
          </div>
        ) : ready ? (
          <div className="flex flex-col gap-3">
            <div className="flex items-center gap-3">
              <button
                type="button"
                onClick={togglePlay}
                className={secondaryButtonClass}
                aria-label={playing ? 'Pause' : 'Play'}
              >
                {playing ? (
                  <Pause aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Play aria-hidden="true" className="h-4 w-4" />
                )}
              </button>
              <p className="text-sm text-slate-700" aria-live="polite">
                Start {seconds(window.start)} • End {seconds(window.end)} • Length {seconds(length)}
              </p>
            </div>
            <div
              ref={track}
              className="relative h-10 rounded-lg bg-slate-200"
              onPointerMove={onPointerMove}
              onPointerUp={() => {
                drag.current = null;
              }}
            >
              <div
                data-testid="trim-window"
                onPointerDown={onPointerDown}
                className="absolute inset-y-0 cursor-grab touch-none rounded-lg border-2 border-brand-600 bg-brand-100"
                style={{ left: percent(window.start), width: percent(length) }}
              />
            </div>
            <RangeRow
              label="Clip start"
              value={window.start}
              max={duration}
              onChange={(value) => setWindow((w) => moveStart(w, value, duration, maxSeconds))}
            />
            <RangeRow
              label="Clip end"
              value={window.end}
              max={duration}
              onChange={(value) => setWindow((w) => moveEnd(w, value, duration, maxSeconds))}
            />
            <RangeRow
              label="Clip position"
              value={window.start}
              max={Math.max(0, duration - length)}
              onChange={(value) => setWindow((w) => moveWindow(w, value, duration))}
            />
            <p className="text-xs text-slate-500">Clips can be at most {maxSeconds} seconds long.</p>
          </div>
        ) : problem ? null : (
          <p role="status" className="text-sm text-slate-600">
            Reading the video...
          </p>
        )}
        {problem ? (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={cancel} className={secondaryButtonClass}>
            Cancel
          </button>
          {!trimming && ready && !problem ? (
            <button type="button" onClick={() => void cutClip()} className={buttonClass}>
              Use {length.toFixed(1)}s clip
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}

function RangeRow({
  label,
  value,
  max,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="grid grid-cols-[7rem_1fr] items-center gap-3 text-sm text-slate-700">
      {label}
      <input
        type="range"
        min={0}
        max={max}
        step={0.1}
        value={value}
        aria-valuetext={`${value.toFixed(1)} seconds`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </label>
  );
}
