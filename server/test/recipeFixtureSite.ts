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
// redirects, a huge page, a slow one, an image). Link cards (issue 51) read its /cards/ pages: one with
// Open Graph tags and a photo, and pages whose image is huge, private or the cloud's metadata address. It listens on 127.0.0.2 by default: a loopback address
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
/** /cards/huge.jpg's size: 50 MB, far over a card image's limit, sent without Content-Length. */
const HUGE_IMAGE_MEGABYTES = 50;

/** A card page: its title, description and image as Open Graph tags (none where not given). */
function cardPage(card: { title?: string; description?: string; image?: string; site?: string }): string {
  const tag = (property: string, content: string | undefined) =>
    content === undefined ? '' : `<meta property="${property}" content="${content}">`;
  return `<!doctype html><html><head><meta charset="utf-8">
${card.title ? `<title>${card.title} | Parish Kitchen</title>` : ''}
${tag('og:title', card.title)}${tag('og:description', card.description)}${tag('og:image', card.image)}
${tag('og:site_name', card.site)}</head><body><h1>${card.title ?? 'A page'}</h1></body></html>`;
}

let cardPhoto: Promise<Buffer> | undefined;
/** A 1200×630 JPEG, the size sites make their preview images, made once. */
const cardPhotoJpeg = () => {
  cardPhoto ??= import('sharp').then(({ default: sharp }) =>
    sharp({ create: { width: 1200, height: 630, channels: 3, background: '#c8743a' } })
      .jpeg()
      .toBuffer(),
  );
  return cardPhoto;
};

async function* hugeImageChunks(): AsyncGenerator<Buffer> {
  // A JPEG's start, then zeros: an image to anyone who only looks at its head.
  yield Buffer.from('ffd8ffe000104a46494600', 'hex');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < HUGE_IMAGE_MEGABYTES; i++) yield chunk;
}

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
    const cards: Record<string, () => string> = {
      '/cards/article': () =>
        cardPage({
          title: 'Sourdough at Saint Mark&#39;s',
          description: 'Our Saturday bake, the starter and the recipe.',
          image: '/cards/photo.jpg',
          site: 'Parish Kitchen',
        }),
      '/cards/plain': () =>
        '<!doctype html><title>A plain page</title><meta name="description" content="Only a title and words.">',
      '/cards/untitled': () => '<!doctype html><p>Nothing to show</p>',
      '/cards/huge-image': () => cardPage({ title: 'A huge picture', image: '/cards/huge.jpg' }),
      '/cards/private-image': () =>
        cardPage({
          title: 'A picture inside',
          image: `http://127.0.0.1:${url.searchParams.get('port') ?? '1'}/cards/photo.jpg`,
        }),
      '/cards/metadata-image': () =>
        cardPage({ title: 'A picture of the cloud', image: 'http://169.254.169.254/latest/meta-data/' }),
    };
    const card = cards[path];
    if (card) return send(response, 200, card());
    if (path === '/cards/photo.jpg') {
      void cardPhotoJpeg().then((jpeg) => send(response, 200, jpeg, 'image/jpeg'));
      return;
    }
    if (path === '/cards/huge.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      // Every byte written means the reader never stopped: the tests look for this line.
      pipeline(Readable.from(hugeImageChunks()), response).then(
        () => hits.push(`${path}#sent-all`),
        () => {},
      );
      return;
    }
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
