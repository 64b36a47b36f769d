import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'splikz-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Splikz</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    // Vite's build manifest: the entry, and the sign-in screen with a chunk it shares with the entry.
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-abc123.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react-1.js' },
        'screens/Auth/AuthScreen.tsx': {
          file: 'assets/AuthScreen-2.js',
          imports: ['_react.js', '_fields.js'],
        },
        '_fields.js': { file: 'assets/fields-3.js' },
      }),
    );
    server = await startTestServer('sqlite', {}, { webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every client-side route with index.html and its security headers', async () => {
    for (const route of ['/', '/auth?mode=signup', '/profile/grace', '/no/such/page']) {
      const res = await fetch(`${server.baseUrl}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('names the first screen’s files in the HTML of its route, so they load with the entry', async () => {
    const auth = await (await fetch(`${server.baseUrl}/auth?mode=login`)).text();
    expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/AuthScreen-2.js">');
    expect(auth).toContain('<link rel="modulepreload" crossorigin href="/assets/fields-3.js">');
    // What the entry imports is in index.html already; other routes name nothing of the sign-in screen.
    expect(auth).not.toContain('react-1.js');
    expect(await (await fetch(`${server.baseUrl}/profile/grace`)).text()).not.toContain('modulepreload');
  });

  it('serves hashed assets compressed and cacheable for a year', async () => {
    const res = await fetch(`${server.baseUrl}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe(script);
  });

  it('keeps unknown API routes and non-GET requests as JSON 404s', async () => {
    const api = await fetch(`${server.baseUrl}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('not_found');
    const post = await fetch(`${server.baseUrl}/profile/grace`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
