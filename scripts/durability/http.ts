import http from 'node:http';
import { publicUrlOf } from './appProcess.ts';

export interface Answer {
  status: number;
  body: unknown;
  setCookies: string[];
}

/**
 * Requests to one app process over node:http. Its own keep-alive agent, destroyed with the process:
 * a socket pooled with a killed app must not carry a request meant for the next one.
 */
export class AppHttp {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  readonly origin: string;

  constructor(readonly port: number) {
    this.origin = publicUrlOf(port);
  }

  /** Resolves with any answer the server gave; rejects when it gave none (connection refused or cut). */
  request(method: string, url: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { origin: this.origin };
    if (options.cookie) headers.cookie = options.cookie;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: url,
          headers,
          agent: this.agent,
          timeout: 60_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // not JSON: keep the text
            }
            const setCookies = response.headers['set-cookie'] ?? [];
            resolve({ status: response.statusCode ?? 0, body, setCookies });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${url}: no answer within 60 s`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookies: string[], previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const cookie of setCookies) {
    const pair = cookie.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('=')).trim();
    const value = pair.slice(pair.indexOf('=') + 1);
    if (value === '' || /max-age=0\b/i.test(cookie)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
