import { readFileSync } from 'node:fs';
import { feedPath } from '@web/queries/posts.ts';
import { describe, expect, it } from 'vitest';
import { BOOT_FEEDS } from './boot.ts';

/** The requests index.html's inline script makes on a page load of `pathname`. */
function bootRequests(pathname: string): string[] {
  const html = readFileSync('web/index.html', 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('index.html has no inline boot script');
  const asked: string[] = [];
  const window: Record<string, unknown> = {};
  const fetch = (path: string) => {
    asked.push(path);
    return Promise.resolve(null);
  };
  new Function('window', 'location', 'fetch', script)(window, { pathname }, fetch);
  expect(Object.keys(window.__splikzBoot as object).sort()).toEqual([...asked].sort());
  return asked;
}

describe("index.html's early requests", () => {
  it.each(Object.entries(BOOT_FEEDS))(
    'on %s are the paths the app asks for first (%s)',
    (pathname, category) => {
      expect(bootRequests(pathname).sort()).toEqual(
        ['/api/me', '/api/settings/preferences', feedPath(category)].sort(),
      );
    },
  );

  it('ask only who is signed in on any other screen', () => {
    for (const pathname of ['/auth', '/messages', '/profile/someone', '/post/1']) {
      expect(bootRequests(pathname)).toEqual(['/api/me']);
    }
  });
});
