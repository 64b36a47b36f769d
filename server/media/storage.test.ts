import { expect, it } from 'vitest';
import { assertMediaKey } from './storage.ts';

it('keeps storage keys inside the media folder', () => {
  for (const key of ['u/1/a.jpg', 'u/0194-ab/0194-cd-w720.webp'])
    expect(() => assertMediaKey(key)).not.toThrow();
  for (const key of ['../a.jpg', 'u/../../etc/passwd', '/abs.jpg', 'u//a.jpg', 'u/.hidden', 'a\\b.jpg', '']) {
    expect(() => assertMediaKey(key)).toThrow();
  }
});
