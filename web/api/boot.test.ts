import { readFileSync } from 'node:fs';
import { FEED_ROUTES, feedPath, firstScreenPaths } from '@common/feeds.ts';
import { describe, expect, it } from 'vitest';

function runBootScript(pathname: string, given?: Record<string, unknown>) {
  const html = readFileSync('web/index.html', 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('index.html has no inline boot script');
  const asked: string[] = [];
  const window: Record<string, unknown> = {};
  const fetch = (path: string) => {
    asked.push(path);
    return Promise.resolve(null);
  };
  // What server/http/firstScreen.ts puts in a signed-in member's page, when it does.
  const document = {
    getElementById: (id: string) =>
      given && id === 'splikz-first-screen' ? { textContent: JSON.stringify(given) } : null,
  };
  new Function('window', 'location', 'fetch', 'document', script)(window, { pathname }, fetch, document);
  return { asked, boot: window.__splikzBoot as Record<string, Promise<Response | null>> };
}

/** The requests index.html's inline script makes on a page load of `pathname`. */
function bootRequests(pathname: string): string[] {
  const { asked, boot } = runBootScript(pathname);
  expect(Object.keys(boot).sort()).toEqual([...asked].sort());
  return asked;
}

describe("index.html's early requests", () => {
  it.each(Object.entries(FEED_ROUTES))(
    'on %s are the paths the app asks for first (%s), which the server may carry in the page',
    (pathname, category) => {
      expect(bootRequests(pathname).sort()).toEqual(
        ['/api/me', '/api/settings/preferences', feedPath(category)].sort(),
      );
      expect(bootRequests(pathname).sort()).toEqual([...firstScreenPaths(pathname)!].sort());
    },
  );

  it('take the answers the page carries instead of asking for them', async () => {
    const feed = feedPath('prayer');
    const given = { '/api/me': { id: 'm1' }, [feed]: { posts: [], next_cursor: null } };
    const { asked, boot } = runBootScript('/prayer', given);
    expect(asked).toEqual(['/api/settings/preferences']);
    expect(await (await boot['/api/me'])?.json()).toEqual({ id: 'm1' });
    expect(await (await boot[feed])?.json()).toEqual({ posts: [], next_cursor: null });
  });

  it('ask only who is signed in on any other screen', () => {
    for (const pathname of ['/auth', '/messages', '/profile/someone', '/post/1']) {
      expect(bootRequests(pathname)).toEqual(['/api/me']);
    }
  });
});
