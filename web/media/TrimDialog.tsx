import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaUpload } from '@common/schemas/media.ts';
import { uploadMedia } from '@web/api/upload.ts';
import { i18n } from '@web/i18n/i18n.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { makePoster } from './poster.ts';
import { formatTenths } from './seconds.ts';
import { TrimSlider } from './TrimSlider.tsx';
import { canTrimInThisBrowser, trimVideo } from './trimVideo.ts';
import { defaultWindow, type Window, windowLength } from './trimWindow.ts';
import type { PreparedUpload } from './uploadSlot.ts';

const cannotTrim = (max: number) =>
  i18n.t(
    'This browser cannot trim videos. Trim the clip to {{count}} seconds or less on your device first, or use a recent Chrome, Edge or Firefox.',
    { count: max },
  );

/** Where the dialog is: choosing the window, cutting it, or sending the clip. */
type Stage =
  | { step: 'choose' }
  | { step: 'trimming'; percent: number }
  | { step: 'uploading'; percent: number };

/**
 * The trim dialog (spec sections 4, 5, 8 and 9): a preview, a window of at most `maxSeconds` chosen
 * with two handles or dragged whole, 'Trimming video...' with progress 5-99, then 'Uploading video...'
 * with the clip and its poster, and '{n}s video uploaded!'. Resolves with the uploaded clip (or the
 * original, where this browser cannot cut and it is already short enough). Cancel stops any step and
 * keeps nothing: the cut is dropped, the upload aborted before the server stores it.
 */
export default function TrimDialog({
  file,
  maxSeconds,
  onDone,
  onCancel,
}: {
  file: File;
  maxSeconds: number;
  onDone: (prepared: PreparedUpload) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  const [duration, setDuration] = useState<number | null>(null);
  const [window, setWindow] = useState<Window>({ start: 0, end: 0 });
  const [playing, setPlaying] = useState(false);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  // A clip cut already, kept when its upload fails so 'Try again' does not cut it again.
  const cut = useRef<{ window: Window; clip: File } | null>(null);

  useEffect(() => () => URL.revokeObjectURL(url), [url]);
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

  const withinLimit = () =>
    duration !== null && duration <= maxSeconds + 0.05 && file.size <= MEDIA_LIMITS.videoBytes;

  /** Where this browser cannot cut: the original goes when it is within the limit already. */
  function keepOriginal(controller: AbortController, reason?: string) {
    if (withinLimit()) return void send(file, duration ?? 0, controller);
    setStage({ step: 'choose' });
    if (duration !== null && duration <= maxSeconds + 0.05) return setProblem(MEDIA_MESSAGES.videoTooLarge);
    setProblem(reason ? `${cannotTrim(maxSeconds)} (${reason})` : cannotTrim(maxSeconds));
  }

  async function takeClip() {
    const controller = new AbortController();
    abort.current = controller;
    video.current?.pause();
    setProblem(null);
    if (!canTrimInThisBrowser()) return keepOriginal(controller);
    const length = windowLength(window);
    const kept = cut.current;
    if (kept && kept.window.start === window.start && kept.window.end === window.end) {
      return send(kept.clip, length, controller);
    }
    setStage({ step: 'trimming', percent: 5 });
    let clip: File;
    try {
      clip = await trimVideo(file, window, {
        maxSeconds,
        onProgress: (percent) => setStage({ step: 'trimming', percent }),
        signal: controller.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      return keepOriginal(controller, (error as Error).message);
    }
    if (clip.size > MEDIA_LIMITS.videoBytes) {
      setStage({ step: 'choose' });
      return setProblem(MEDIA_MESSAGES.videoTooLarge);
    }
    cut.current = { window, clip };
    return send(clip, length, controller);
  }

  /** 'Uploading video...': the clip and its poster; then '{n}s video uploaded!' and the dialog closes. */
  async function send(clip: File, length: number, controller: AbortController) {
    setStage({ step: 'uploading', percent: 0 });
    let uploaded: MediaUpload;
    try {
      const poster = await makePoster(clip);
      if (controller.signal.aborted) return;
      uploaded = await uploadMedia(
        clip,
        (percent) => setStage({ step: 'uploading', percent }),
        controller.signal,
        poster,
      );
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setStage({ step: 'choose' });
      return setProblem((error as Error).message);
    }
    const shown = uploaded.duration_ms === null ? length : uploaded.duration_ms / 1000;
    toast.success(t('{{seconds}}s video uploaded!', { seconds: formatTenths(shown) }));
    onDone({ file: clip, uploaded });
  }

  function togglePlay() {
    const el = video.current;
    if (!el) return;
    if (!el.paused) return el.pause();
    if (el.currentTime < window.start || el.currentTime >= window.end - 0.05) el.currentTime = window.start;
    void el.play();
  }

  const length = windowLength(window);
  const busy = stage.step !== 'choose';
  const ready = duration !== null;
  const title =
    stage.step === 'trimming'
      ? t('Trimming video...')
      : stage.step === 'uploading'
        ? t('Uploading video...')
        : t('Trim your video');

  return (
    <Dialog onClose={cancel} closeOnBackdrop={false} className="w-[calc(100%-2rem)] max-w-xl rounded-2xl">
      <div className="flex flex-col gap-4 p-5">
        <DialogHeader size="lg" title={title} onClose={cancel} />
        {/* biome-ignore lint/a11y/useMediaCaption: a member's own clip, before upload, has no captions */}
        <video
          ref={video}
          src={url}
          playsInline
          preload="metadata"
          aria-label={t('Video preview')}
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
        {stage.step === 'trimming' ? (
          <div className="flex flex-col gap-2" role="status">
            <p className="text-sm text-slate-700">
              {t('Creating {{seconds}}s clip', { seconds: formatTenths(length) })}
            </p>
            <progress
              value={stage.percent}
              max={100}
              aria-label={t('Trimming progress')}
              className="w-full"
            />
          </div>
        ) : stage.step === 'uploading' ? (
          <div className="flex flex-col gap-2" role="status">
            <p className="text-sm text-slate-700">
              {t('Sending your {{seconds}}s clip', { seconds: formatTenths(length) })}
            </p>
            <progress value={stage.percent} max={100} aria-label={t('Upload progress')} className="w-full" />
          </div>
        ) : ready ? (
          <div className="flex flex-col gap-3">
            <div className="flex items-center gap-3">
              <button
                type="button"
                onClick={togglePlay}
                className={secondaryButtonClass}
                aria-label={playing ? t('Pause') : t('Play')}
              >
                {playing ? (
                  <Pause aria-hidden="true" className="h-4 w-4" />
                ) : (
                  <Play aria-hidden="true" className="h-4 w-4" />
                )}
              </button>
              <p className="text-sm text-slate-700" aria-live="polite">
                {t('Start {{start}} s • End {{end}} s • Length {{length}} s', {
                  start: formatTenths(window.start),
                  end: formatTenths(window.end),
                  length: formatTenths(length),
                })}
              </p>
            </div>
            <TrimSlider window={window} duration={duration} maxSeconds={maxSeconds} onChange={setWindow} />
            <p className="text-xs text-slate-500">
              {t('Drag the handles or the clip. Clips can be at most {{count}} seconds long.', {
                count: maxSeconds,
              })}
            </p>
          </div>
        ) : problem ? null : (
          <p role="status" className="text-sm text-slate-600">
            {t('Reading the video...')}
          </p>
        )}
        {problem ? (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={cancel} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          {!busy && ready && (!problem || cut.current) ? (
            <button type="button" onClick={() => void takeClip()} className={buttonClass}>
              {problem ? t('Try again') : t('Use {{seconds}}s clip', { seconds: formatTenths(length) })}
            </button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
