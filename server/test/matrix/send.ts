import { request } from 'node:http';
import { makePng } from '@server/test/media.ts';

// The matrix's HTTP client: node:http rather than fetch, because fetch refuses some methods the
// server registers (TRACE), and because a row must never change a viewer's cookies (a sign-in
// answered with another member's cookie would turn every later row into that member's). An event
// stream (Mastodon's streaming API) is read up to its first chunk and closed.

export interface Answer {
  status: number;
  text: string;
}

/**
 * One request as the web app sends it (our Origin, the viewer's cookie, JSON or multipart), or, with
 * `app`, as a Mastodon app sends it: the `bearer` token (if any) in `Authorization` and no Origin.
 */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string; bearer?: string; app?: boolean; body?: unknown; upload?: boolean } = {},
): Promise<Answer> {
  const headers: Record<string, string> = options.app ? {} : { origin: baseUrl };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: Buffer | undefined;
  if (options.upload) {
    const form = new FormData();
    const png = await makePng(32, 24);
    form.append('file', new Blob([Uint8Array.from(png)], { type: 'image/png' }), 'photo.png');
    for (const [name, value] of Object.entries((options.body ?? {}) as Record<string, string>))
      form.append(name, value);
    const encoded = new Request(baseUrl, { method: 'POST', body: form });
    payload = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type')!;
  } else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] = 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      if (/^text\/event-stream/.test(res.headers['content-type'] ?? '')) {
        // An event stream stays open: its status and first chunk (the server's hello) are the answer,
        // then the connection is closed, as an app closes a stream it no longer wants.
        res.once('data', (chunk: Buffer) => {
          resolve({ status: res.statusCode ?? 0, text: chunk.toString() });
          res.destroy();
        });
        res.on('error', reject);
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The cookie header of a signed-in client's jar. */
export const cookieOf = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Signs in through the API and returns the new session's cookie header (null when refused). */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string | null> {
  const res = await fetch(new URL('/api/auth/sign-in/email', baseUrl), {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) return null;
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}
