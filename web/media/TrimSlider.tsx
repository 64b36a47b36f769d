import { type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTenths } from './seconds.ts';
import { moveEnd, moveStart, moveWindow, type Window, windowLength } from './trimWindow.ts';

/**
 * The clip's window on the video's timeline: two handles (native range inputs laid over one track, so
 * arrow keys, Home/End, touch and screen readers work as for any slider), the window between them
 * dragged whole with a pointer, and a 'Clip position' slider that moves it from the keyboard.
 */
export function TrimSlider({
  window,
  duration,
  maxSeconds,
  onChange,
}: {
  window: Window;
  duration: number;
  maxSeconds: number;
  onChange: (update: (window: Window) => Window) => void;
}) {
  const { t } = useTranslation();
  const spoken = (value: number) => t('{{seconds}} seconds', { seconds: formatTenths(value) });
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; start: number } | null>(null);
  const length = windowLength(window);
  const percent = (value: number) => `${(value / duration) * 100}%`;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { x: event.clientX, start: window.start };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const width = track.current?.clientWidth ?? 0;
    const from = drag.current;
    if (!from || width === 0) return;
    const delta = ((event.clientX - from.x) / width) * duration;
    onChange((w) => moveWindow(w, from.start + delta, duration));
  }
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="relative h-12 select-none">
        <div className="absolute inset-x-0 top-2 h-8 rounded-lg bg-slate-200" />
        {/* Inset by half a handle: a range thumb's centre runs from there to there. */}
        <div ref={track} className="absolute inset-x-2 top-2 h-8">
          <div
            data-testid="trim-window"
            title={t('Drag to move the clip')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            className="absolute inset-y-0 cursor-grab touch-none bg-brand-100 ring-2 ring-brand-600 active:cursor-grabbing"
            style={{ left: percent(window.start), width: percent(length) }}
          />
        </div>
        <input
          type="range"
          aria-label={t('Clip start')}
          min={0}
          max={duration}
          step={0.1}
          value={window.start}
          aria-valuetext={spoken(window.start)}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange((w) => moveStart(w, value, duration, maxSeconds));
          }}
          className="trim-handle"
        />
        <input
          type="range"
          aria-label={t('Clip end')}
          min={0}
          max={duration}
          step={0.1}
          value={window.end}
          aria-valuetext={spoken(window.end)}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange((w) => moveEnd(w, value, duration, maxSeconds));
          }}
          className="trim-handle"
        />
      </div>
      <label className="grid grid-cols-[7rem_1fr] items-center gap-3 text-sm text-slate-700">
        {t('Clip position')}
        <input
          type="range"
          min={0}
          max={Math.max(0, duration - length)}
          step={0.1}
          value={window.start}
          aria-valuetext={t('Starts at {{seconds}} seconds', { seconds: formatTenths(window.start) })}
          onChange={(event) => {
            const value = Number(event.target.value);
            onChange((w) => moveWindow(w, value, duration));
          }}
          className="accent-brand-600"
        />
      </label>
    </div>
  );
}
