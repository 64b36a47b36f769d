import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '@server/config.ts';
import { signUpMember, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import { connected, connectSocket } from '@server/test/sockets.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const METRIC_NAMES = [
  'splikz_http_requests_total',
  'splikz_http_request_duration_seconds',
  'splikz_open_sockets',
  'splikz_realtime_events_sent_total',
  'splikz_job_runs_total',
  'splikz_job_failures_total',
  'splikz_upload_bytes_total',
  'splikz_mail_sent_total',
];

describe('GET /metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('reports requests by route pattern, sockets, realtime events, uploads and mail, to loopback', async () => {
    const author = await signUpMember(server);
    const reader = await signUpMember(server);
    const post = await author.client.post('/api/posts', { content: 'Counted' });
    expect(post.status).toBe(201);
    expect((await reader.client.request('PUT', `/api/posts/${post.body.id}/like`)).status).toBe(200);
    expect((await reader.client.get(`/api/posts/${post.body.id}`)).status).toBe(200);
    const photo = await uploadPhoto(server, author.client);
    expect(photo.id).toBeTruthy();
    const tab = connectSocket(server, reader.client);
    await connected(tab);
    try {
      const text = await scrape();
      for (const name of METRIC_NAMES) expect(text).toContain(`# TYPE ${name} `);
      expect(
        sample(text, 'splikz_http_requests_total{method="GET",route="/api/posts/:id",status="200"}'),
      ).toBe(1);
      expect(
        sample(
          text,
          'splikz_http_request_duration_seconds_count{method="GET",route="/api/posts/:id",status="200"}',
        ),
      ).toBe(1);
      // The route pattern only: no id from a URL ever becomes a label.
      expect(text).not.toContain(post.body.id);
      expect(sample(text, 'splikz_http_requests_total{method="POST",route="/api/media",status="201"}')).toBe(
        1,
      );
      expect(sample(text, 'splikz_upload_bytes_total')).toBeGreaterThan(0);
      // Two confirmation emails at sign-up.
      expect(sample(text, 'splikz_mail_sent_total')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'splikz_open_sockets')).toBe(1);
      // The like notified the author's tabs.
      expect(
        sample(text, 'splikz_realtime_events_sent_total{event="notifications:changed"}'),
      ).toBeGreaterThan(0);
    } finally {
      tab.close();
    }
    // A path no route matched is counted under one label, whatever the path.
    await fetch(`${server.baseUrl}/api/no-such-thing/123`);
    const after = await scrape();
    expect(sample(after, 'splikz_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(after).not.toContain('no-such-thing');
  });
});

describe('GET /metrics outside METRICS_ALLOW', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Only 10.1.2.3 may scrape, and the proxy on loopback is trusted for request.ip: the check must
    // still look at the TCP peer, not at the address the header claims.
    server = await startTestServer('sqlite', { metricsAllow: ['10.1.2.3'], trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 404 to loopback, even with a spoofed X-Forwarded-For of an allowed address', async () => {
    const client = new TestClient(server.baseUrl);
    const plain = await client.get('/metrics');
    expect(plain.status).toBe(404);
    expect(plain.body).toEqual({
      error: {
        code: 'not_found',
        message: 'No route for GET /metrics.',
        params: { method: 'GET', url: '/metrics' },
      },
    });
    const spoofed = await client.request('GET', '/metrics', undefined, {
      headers: { 'x-forwarded-for': '10.1.2.3' },
    });
    expect(spoofed.status).toBe(404);
    expect(JSON.stringify(spoofed.body)).not.toContain('splikz_');
  });
});

describe('GET /metrics through a proxy on the same machine', () => {
  let trusting: TestServer;
  let untrusting: TestServer;
  beforeAll(async () => {
    // nginx on the node itself: the TCP peer is loopback, which METRICS_ALLOW allows by default.
    trusting = await startTestServer('sqlite', { trustProxy: ['127.0.0.1', '::1'] });
    untrusting = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await trusting?.close();
    await untrusting?.close();
  });
  const scrape = (server: TestServer, forwardedFor?: string) =>
    new TestClient(server.baseUrl).request('GET', '/metrics', undefined, {
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });

  it("refuses the proxy's clients from the internet, and lets an allowed one through", async () => {
    expect((await scrape(trusting)).status).toBe(200);
    const outside = await scrape(trusting, '203.0.113.7');
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain('splikz_');
    // A client the proxy forwards from the machine itself is allowed, as a scrape through it.
    expect((await scrape(trusting, '127.0.0.1')).status).toBe(200);
    // Without TRUST_PROXY the app cannot know who is behind a forwarded request: refused.
    expect((await scrape(untrusting)).status).toBe(200);
    expect((await scrape(untrusting, '203.0.113.7')).status).toBe(404);
    expect((await scrape(untrusting, '127.0.0.1')).status).toBe(404);
  });
});

describe('METRICS_ALLOW', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-metrics-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (value?: string) =>
    loadConfig(
      { AUTH_SECRET: 'x'.repeat(40), ...(value === undefined ? {} : { METRICS_ALLOW: value }) },
      { dataDir },
    );

  it('defaults to loopback and takes addresses and CIDR ranges', () => {
    expect(load().metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(load(' 10.0.0.0/8, fd00::/8 ,192.168.1.5').metricsAllow).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.5',
    ]);
  });

  it('refuses what is not an address or range, naming it', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129']) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(/METRICS_ALLOW/);
    }
  });
});
