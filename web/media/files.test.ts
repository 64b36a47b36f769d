import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@common/schemas/media.ts';
import { describe, expect, it } from 'vitest';
import { fileKind, isVideoFile, mediaProblem } from './files.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('chosen files', () => {
  it('tells photos from videos by their type, and by their name only when the browser gives none', () => {
    expect(fileKind(file('a.bin', 'image/heic'))).toBe('photo');
    expect(fileKind(file('clip', 'video/quicktime'))).toBe('video');
    expect(fileKind(file('CLIP.MOV', ''))).toBe('video');
    expect(fileKind(file('a.jpeg', ''))).toBe('photo');
    expect(fileKind(file('notes.txt', 'text/plain'))).toBeNull();
    expect(isVideoFile(file('a.webm', ''))).toBe(true);
  });

  it('refuses files over the size limit of their kind before any upload', () => {
    expect(mediaProblem(file('a.png', 'image/png', MEDIA_LIMITS.photoBytes + 1))).toBe(
      MEDIA_MESSAGES.photoTooLarge,
    );
    expect(mediaProblem(file('a.png', 'image/png', MEDIA_LIMITS.photoBytes))).toBeNull();
    expect(mediaProblem(file('a.mp4', 'video/mp4', MEDIA_LIMITS.videoBytes + 1))).toBe(
      MEDIA_MESSAGES.videoTooLarge,
    );
  });
});
