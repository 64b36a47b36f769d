import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import {
  brokenJsonLdPage,
  graphPage,
  hugePageChunks,
  jsonLdPage,
  microdataPage,
  nonePage,
} from './recipeFixturePages.ts';

// A small recipe website for the import's tests and the e2e: recipe pages written in each way sites
// write them, and the ways a pasted link goes wrong (a redirect into the private network, too many
// redirects, a huge page, a slow one, an image). It listens on 127.0.0.2 by default: a loopback address
// the import refuses unless told to allow it, while 127.0.0.1 stays refused. E2e runs it as a command:
//   node --import tsx server/test/recipeFixtureSite.ts <port> [host]

export interface RecipeFixtureSite {
  url: string;
  /** The paths asked for, in order (a site that must never be reached checks it stays empty). */
  hits: string[];
  close(): Promise<void>;
}

const PAGES: Record<string, () => string> = {
  '/recipes/jsonld': jsonLdPage,
  '/recipes/graph': graphPage,
  '/recipes/microdata': microdataPage,
  '/recipes/none': nonePage,
  '/recipes/broken-jsonld': brokenJsonLdPage,
};
/** /huge's size: over IMPORT_MAX_BYTES (2 MB), sent without Content-Length. */
const HUGE_KILOBYTES = 3 * 1024;
const SLOW_DEFAULT_MS = 15_000;
/** A PNG's signature and the start of its header: enough to be an image to anyone who looks. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

export async function startRecipeFixtureSite(host = '127.0.0.2', port = 0): Promise<RecipeFixtureSite> {
  const hits: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let lastUserAgent = '';
  const send = (response: ServerResponse, status: number, body: string | Buffer, type = 'text/html') => {
    response.writeHead(status, { 'content-type': type === 'text/html' ? 'text/html; charset=utf-8' : type });
    response.end(body);
  };
  const redirect = (response: ServerResponse, location: string) => {
    response.writeHead(302, { location });
    response.end();
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const path = url.pathname;
    if (path === '/health') return send(response, 200, 'ok', 'text/plain');
    if (path === '/last-user-agent') return send(response, 200, lastUserAgent, 'text/plain');
    hits.push(path);
    lastUserAgent = request.headers['user-agent'] ?? '';

    const page = PAGES[path];
    if (page) return send(response, 200, page());
    if (path === '/redirect/private') {
      // To this same port on 127.0.0.1 unless told another (a test listens there to see nothing arrives).
      const target = url.searchParams.get('port') ?? String((server.address() as AddressInfo).port);
      return redirect(response, `http://127.0.0.1:${target}/recipes/jsonld`);
    }
    if (path === '/redirect/file') return redirect(response, 'file:///etc/passwd');
    const chain = /^\/redirect\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      return redirect(response, left > 0 ? `/redirect/chain/${left - 1}` : '/recipes/jsonld');
    }
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // A reader that stops early closes the socket: the stream ends there, quietly.
      pipeline(Readable.from(hugePageChunks(HUGE_KILOBYTES)), response).catch(() => {});
      return;
    }
    if (path === '/slow') {
      const ms = Number(url.searchParams.get('ms') ?? SLOW_DEFAULT_MS);
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(response, 200, jsonLdPage());
      }, ms);
      timers.add(timer);
      response.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
      return;
    }
    if (path === '/not-html') return send(response, 200, PNG, 'image/png');
    send(response, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const site = await startRecipeFixtureSite(process.argv[3] ?? '127.0.0.2', Number(process.argv[2] ?? 0));
  console.log(`recipe fixture site: ${site.url}`);
}
