import { describe, expect, it } from 'vitest';
import { defaultWindow, moveEnd, moveStart, moveWindow, windowLength } from './trimWindow.ts';

describe('the trim window', () => {
  it('starts as the first 10 s, or the whole clip when it is shorter', () => {
    expect(defaultWindow(30, 10)).toEqual({ start: 0, end: 10 });
    expect(defaultWindow(4.26, 10)).toEqual({ start: 0, end: 4.3 });
    expect(defaultWindow(30, 3)).toEqual({ start: 0, end: 3 });
  });

  it('pushes the end along when the start passes it, and never past the clip', () => {
    expect(moveStart({ start: 0, end: 10 }, 12, 30, 10)).toEqual({ start: 12, end: 12.1 });
    // Past the cap the end follows to keep 10 s: a start moved back from 12 to 1 with the end at 12.1.
    expect(moveStart({ start: 12, end: 12.1 }, 1, 30, 10)).toEqual({ start: 1, end: 11 });
    expect(moveStart({ start: 0, end: 10 }, 3, 30, 10)).toEqual({ start: 3, end: 10 });
    expect(moveStart({ start: 20, end: 30 }, 25, 30, 10)).toEqual({ start: 25, end: 30 });
    expect(moveStart({ start: 0, end: 10 }, -4, 30, 10)).toEqual({ start: 0, end: 10 });
    // Never a clip shorter than a tenth of a second.
    expect(moveStart({ start: 0, end: 5 }, 30, 30, 10)).toEqual({ start: 29.9, end: 30 });
  });

  it('drags the start along when the end passes the cap, and keeps end >= start', () => {
    expect(moveEnd({ start: 0, end: 10 }, 18, 30, 10)).toEqual({ start: 8, end: 18 });
    expect(moveEnd({ start: 5, end: 10 }, 7, 30, 10)).toEqual({ start: 5, end: 7 });
    expect(moveEnd({ start: 5, end: 10 }, 2, 30, 10)).toEqual({ start: 1.9, end: 2 });
    expect(moveEnd({ start: 5, end: 10 }, 99, 30, 10)).toEqual({ start: 20, end: 30 });
  });

  it('moves the whole window without leaving the clip', () => {
    expect(moveWindow({ start: 0, end: 10 }, 12, 30)).toEqual({ start: 12, end: 22 });
    expect(moveWindow({ start: 0, end: 10 }, 25, 30)).toEqual({ start: 20, end: 30 });
    expect(moveWindow({ start: 10, end: 13 }, -2, 30)).toEqual({ start: 0, end: 3 });
    expect(windowLength({ start: 12.3, end: 22.3 })).toBe(10);
  });
});
