/**
 * The trim window's rules (spec section 5): start >= 0, end >= start and <= duration, length at most
 * `max` (moving one handle past it drags the other along), at least 0.1 s, and a dragged window stays
 * inside 0..duration. Times in seconds, rounded to tenths as the sliders step.
 */
export interface Window {
  start: number;
  end: number;
}

export const MIN_CLIP_SECONDS = 0.1;
const tenth = (seconds: number) => Math.round(seconds * 10) / 10;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The first `max` seconds, or the whole clip when it is shorter. */
export function defaultWindow(duration: number, max: number): Window {
  return { start: 0, end: tenth(Math.min(duration, max)) };
}

export function moveStart(window: Window, value: number, duration: number, max: number): Window {
  const start = tenth(clamp(value, 0, Math.max(0, duration - MIN_CLIP_SECONDS)));
  let end = Math.max(window.end, start + MIN_CLIP_SECONDS);
  if (end - start > max) end = start + max;
  return { start, end: tenth(Math.min(end, duration)) };
}

export function moveEnd(window: Window, value: number, duration: number, max: number): Window {
  const end = tenth(clamp(value, Math.min(MIN_CLIP_SECONDS, duration), duration));
  let start = Math.min(window.start, end - MIN_CLIP_SECONDS);
  if (end - start > max) start = end - max;
  return { start: tenth(Math.max(0, start)), end };
}

/** The whole window moved so that it starts at `start`, its length kept, inside 0..duration. */
export function moveWindow(window: Window, start: number, duration: number): Window {
  const length = window.end - window.start;
  const from = tenth(clamp(start, 0, Math.max(0, duration - length)));
  return { start: from, end: tenth(from + length) };
}

export const windowLength = (window: Window) => tenth(window.end - window.start);
