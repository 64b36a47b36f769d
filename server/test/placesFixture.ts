import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// A stand-in for Nominatim (/search, JSON v2) and Overpass (/api/interpreter, JSON) with a few made-up
// towns and places at fixed offsets from each town's centre, so distances and their order are known.
// Tests start it in-process (startPlacesFixture); e2e runs it as a command:
//   npx tsx server/test/placesFixture.ts <port>

export const FIXTURE_TOWNS: Record<string, { lat: number; lon: number; display_name: string }> = {
  springfield: {
    lat: 39.799,
    lon: -89.644,
    display_name: 'Springfield, Sangamon County, Illinois, United States',
  },
  '62701': {
    lat: 39.799,
    lon: -89.644,
    display_name: 'Springfield, Sangamon County, Illinois, 62701, United States',
  },
  shelbyville: {
    lat: 39.4064,
    lon: -88.7901,
    display_name: 'Shelbyville, Shelby County, Illinois, United States',
  },
  'capital city': { lat: 38.5, lon: -90.1, display_name: 'Capital City, United States' },
  ogdenville: { lat: 40.1, lon: -91.2, display_name: 'Ogdenville, United States' },
  'north haverbrook': { lat: 41.2, lon: -92.3, display_name: 'North Haverbrook, United States' },
  brockway: { lat: 42.3, lon: -93.4, display_name: 'Brockway, United States' },
};

interface FixturePlace {
  type: 'node' | 'way';
  id: number;
  dLat: number;
  dLng: number;
  tags: Record<string, string>;
}

/** Listed out of order on purpose: the app sorts by distance. Expected order in the comments. */
export const FIXTURE_PLACES: Record<'churches' | 'restaurants', FixturePlace[]> = {
  churches: [
    // 2nd, ~1.11 km
    {
      type: 'node',
      id: 1001,
      dLat: 0.01,
      dLng: 0,
      tags: {
        amenity: 'place_of_worship',
        name: "St. Mary's Church",
        religion: 'christian',
        denomination: 'roman_catholic',
        'addr:housenumber': '400',
        'addr:street': 'Monroe Street',
        'addr:city': 'Springfield',
        'addr:postcode': '62701',
      },
    },
    // skipped: no name
    { type: 'node', id: 1002, dLat: 0.001, dLng: 0, tags: { amenity: 'place_of_worship' } },
    // 3rd, ~4.19 km, no address
    {
      type: 'node',
      id: 1003,
      dLat: -0.03,
      dLng: 0.03,
      tags: { amenity: 'place_of_worship', name: 'First Baptist Church', religion: 'christian' },
    },
    // 1st, ~0.24 km, a way (`out center`)
    {
      type: 'way',
      id: 2001,
      dLat: 0.002,
      dLng: 0.001,
      tags: {
        amenity: 'place_of_worship',
        name: 'Grace Chapel',
        religion: 'christian',
        'addr:housenumber': '12',
        'addr:street': 'Elm Road',
        'addr:city': 'Springfield',
      },
    },
  ],
  restaurants: [
    {
      type: 'node',
      id: 3001,
      dLat: 0.004,
      dLng: 0,
      tags: {
        amenity: 'restaurant',
        name: "Luigi's Trattoria",
        cuisine: 'italian',
        'addr:street': 'Main Street',
      },
    },
    { type: 'way', id: 4001, dLat: 0, dLng: 0.02, tags: { amenity: 'restaurant', name: 'Krusty Burger' } },
    { type: 'node', id: 3002, dLat: -0.0015, dLng: 0, tags: { amenity: 'cafe', name: 'Corner Café' } },
  ],
};

export type FixtureMode = 'ok' | 'garbage' | 'wrong-shape' | 'error' | 'slow-down';

export interface FixtureHit {
  at: number;
  userAgent: string | undefined;
  /** Nominatim: the q parameter; Overpass: the query text. */
  query: string;
}

export interface PlacesFixture {
  nominatimUrl: string;
  overpassUrl: string;
  hits: { nominatim: FixtureHit[]; overpass: FixtureHit[] };
  mode: { nominatim: FixtureMode; overpass: FixtureMode };
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function overpassAnswer(query: string) {
  const around = /around:(\d+),(-?[\d.]+),(-?[\d.]+)/.exec(query);
  if (!around) return null;
  const lat = Number(around[2]);
  const lng = Number(around[3]);
  const kind = query.includes('place_of_worship') ? 'churches' : 'restaurants';
  const elements = FIXTURE_PLACES[kind].map((p) => {
    const at = { lat: lat + p.dLat, lon: lng + p.dLng };
    return p.type === 'node'
      ? { type: 'node', id: p.id, ...at, tags: p.tags }
      : { type: 'way', id: p.id, center: at, nodes: [1, 2, 3], tags: p.tags };
  });
  return { version: 0.6, generator: 'Splikz fixture', osm3s: {}, elements };
}

/** Starts the fixture on a port (0: any free one) of 127.0.0.1. */
export async function startPlacesFixture(port = 0): Promise<PlacesFixture> {
  const hits: PlacesFixture['hits'] = { nominatim: [], overpass: [] };
  const mode: PlacesFixture['mode'] = { nominatim: 'ok', overpass: 'ok' };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const send = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const userAgent = request.headers['user-agent'];
    const answerAs = (current: FixtureMode, ok: () => void) => {
      if (current === 'slow-down') return send(429, { error: 'rate limited' });
      if (current === 'garbage') return send(200, '<html><body>Bad gateway</body></html>', 'text/html');
      if (current === 'wrong-shape') return send(200, { hello: 'world' });
      if (current === 'error') return send(500, { error: 'internal' });
      ok();
    };
    if (url.pathname === '/' || url.pathname === '/health') return send(200, 'ok', 'text/plain');
    if (url.pathname === '/search' && request.method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      hits.nominatim.push({ at: Date.now(), userAgent, query: q });
      if (url.searchParams.get('format') !== 'jsonv2' || url.searchParams.get('limit') !== '1') {
        return send(400, { error: 'format=jsonv2 and limit=1 expected' });
      }
      // For e2e, which cannot switch modes: this town always fails.
      const current = q.trim().toLowerCase() === 'broken town' ? 'error' : mode.nominatim;
      return answerAs(current, () => {
        const town = FIXTURE_TOWNS[q.trim().toLowerCase()];
        send(
          200,
          town
            ? [{ place_id: 1, lat: String(town.lat), lon: String(town.lon), display_name: town.display_name }]
            : [],
        );
      });
    }
    if (url.pathname === '/api/interpreter') {
      const body = request.method === 'POST' ? await readBody(request) : url.search.slice(1);
      const query = new URLSearchParams(body).get('data') ?? '';
      hits.overpass.push({ at: Date.now(), userAgent, query });
      return answerAs(mode.overpass, () => {
        const answer = query.startsWith('[out:json]') ? overpassAnswer(query) : null;
        if (!answer) return send(400, 'Error: line 1: parse error', 'text/plain');
        send(200, answer);
      });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    nominatimUrl: base,
    overpassUrl: `${base}/api/interpreter`,
    hits,
    mode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fixture = await startPlacesFixture(Number(process.argv[2] ?? 0));
  console.log(`places fixture: Nominatim ${fixture.nominatimUrl}, Overpass ${fixture.overpassUrl}`);
}
