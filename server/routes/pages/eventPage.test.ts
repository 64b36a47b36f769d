import { request as httpRequest } from 'node:http';
import { createTestEvent } from '@server/test/events.ts';
import { createTestGroup, type GroupTestMember, groupTestMember } from '@server/test/groups.ts';
import { dialects, GENEROUS_AUTH_LIMITS, startTestServer, type TestServer } from '@server/test/harness.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INDEX_HTML =
  '<!doctype html><html><head><title>Splikz</title><meta name="description" content="app" /></head><body><div id="root"></div></body></html>';

/** A GET sent as written: fetch would resolve `%2e%2e` as `..` before sending it. */
function rawGet(server: TestServer, path: string): Promise<{ status: number; body: string; headers: any }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The page's JSON-LD, parsed (null without one). */
function jsonLd(html: string): any {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe.each(dialects)('GET /events/:id (%s)', (dialect) => {
  let server: TestServer;
  let host: GroupTestMember;
  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS, { webIndexHtml: INDEX_HTML });
    host = await groupTestMember(server, 'Hana Host');
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers crawlers with the event title, Open Graph tags and a schema.org Event', async () => {
    const event = await createTestEvent(host, { title: 'Supper club', description: 'Soup &\n bread' });
    const res = await fetch(`${server.baseUrl}/events/${event.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(new Date(event.starts_at));
    const description = `${when} · Grace Church hall · Soup &amp; bread`;
    expect(html).toContain('<title>Supper club · Splikz</title>');
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta property="og:title" content="Supper club" />');
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:url" content="${server.baseUrl}/events/${event.id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('content="app"');
    expect(html).toContain('<div id="root">');
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Supper club',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Grace Church hall' },
      description: 'Soup & bread',
      organizer: { '@type': 'Person', name: 'Hana Host', url: `${server.baseUrl}/profile/${host.username}` },
      url: `${server.baseUrl}/events/${event.id}`,
    });
    expect(Date.parse(ld.startDate)).toBe(Date.parse(event.starts_at));
    expect(Date.parse(ld.endDate) - Date.parse(ld.startDate)).toBe(2 * 3600_000);
    // The same page for the host, signed in.
    expect((await host.client.get(`/events/${event.id}`)).body).toBe(html);
  });

  it('announces an online event as online, without its meeting link', async () => {
    const event = await createTestEvent(host, {
      title: 'Zoom prayer',
      place: 'link',
      venue: '',
      online_url: 'https://meet.example/secret-room',
    });
    const html = await (await fetch(`${server.baseUrl}/events/${event.id}`)).text();
    expect(html).toContain(' · Online');
    expect(html).not.toContain('secret-room');
    expect(jsonLd(html)).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: `${server.baseUrl}/events/${event.id}` },
    });
  });

  it('says a cancelled event is cancelled', async () => {
    const event = await createTestEvent(host, { title: 'Open mic' });
    const cancelled = await host.client.post(`/api/events/${event.id}/cancel`, { reason: 'Snow storm' });
    expect(cancelled.status).toBe(200);
    const html = await (await fetch(`${server.baseUrl}/events/${event.id}`)).text();
    expect(jsonLd(html).eventStatus).toBe('https://schema.org/EventCancelled');
    expect(html).toMatch(/<meta property="og:description" content="Cancelled · /);
  });

  it('shows nothing of a private group event, even to its owner', async () => {
    const group = await createTestGroup(host, { name: 'Night watch', privacy: 'private' });
    const event = await createTestEvent(host, {
      group_id: group.id,
      title: 'Hidden vigil',
      description: 'Behind the chapel',
      venue: 'Secret crypt',
    });
    const missing = await fetch(`${server.baseUrl}/events/01900000-0000-7000-8000-000000000000`);
    const missingHtml = await missing.text();
    const visitor = await fetch(`${server.baseUrl}/events/${event.id}`);
    const owner = await host.client.get(`/events/${event.id}`);
    for (const res of [
      { status: visitor.status, body: await visitor.text() },
      { status: owner.status, body: owner.body as string },
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toBe(missingHtml);
      for (const secret of ['Hidden vigil', 'Behind the chapel', 'Secret crypt', 'og:', 'ld+json']) {
        expect(res.body).not.toContain(secret);
      }
    }
    // The member still gets their event from the API, in the app.
    expect((await host.client.get(`/api/events/${event.id}`)).status).toBe(200);
  });

  it('escapes what the host wrote, in the tags and in the JSON-LD', async () => {
    const title = '</script><script>alert(1)</script> "quotes" $& $\'';
    const event = await createTestEvent(host, { title, description: '<b>bold</b> & </SCRIPT>' });
    const html = await (await fetch(`${server.baseUrl}/events/${event.id}`)).text();
    expect(html).not.toContain('alert(1)</script>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<\/script><script>/i);
    expect(html).toContain(
      '<meta property="og:title" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quotes&quot; $&amp; $&#39;" />',
    );
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quotes&quot; $&amp; $&#39; · Splikz</title>',
    );
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    const ld = jsonLd(html);
    expect(ld.name).toBe(title);
    expect(ld.description).toBe('<b>bold</b> & </SCRIPT>');
    // One script element of ours, closed once.
    expect(html.match(/<\/script>/gi)).toHaveLength(1);
  });

  it('answers an unknown or malformed id like a missing post: the plain app', async () => {
    const missing = await rawGet(server, '/events/01900000-0000-7000-8000-000000000000');
    expect(missing.status).toBe(200);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.body).toContain('<title>Splikz</title>');
    expect(missing.body).toContain('content="app"');
    expect(missing.body).not.toContain('og:');
    for (const path of ['/events/%2e%2e', '/events/abc%00def', `/events/${'a'.repeat(65)}`, '/events/new']) {
      const res = await rawGet(server, path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toBe(missing.body);
    }
  });
});
