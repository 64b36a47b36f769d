import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notificationTarget.ts';

const origin = 'https://splikz.example';

describe('where a push notification opens', () => {
  it('opens the screen its data names, and home without one', () => {
    expect(notificationTarget({ url: '/post/42' }, origin)).toBe('https://splikz.example/post/42');
    expect(notificationTarget({ url: '/messages?to=ana' }, origin)).toBe(
      'https://splikz.example/messages?to=ana',
    );
    expect(notificationTarget({}, origin)).toBe('https://splikz.example/');
    expect(notificationTarget(null, origin)).toBe('https://splikz.example/');
    expect(notificationTarget({ url: 42 }, origin)).toBe('https://splikz.example/');
  });

  it('opens nothing anywhere else', () => {
    for (const url of [
      'https://evil.example/post/1',
      '//evil.example/post/1',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://splikz.example/post/1',
    ]) {
      expect(notificationTarget({ url }, origin)).toBeNull();
    }
  });
});
