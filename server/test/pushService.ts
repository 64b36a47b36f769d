import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// http_ece comes with web-push: the encryption web push uses (RFC 8188), here to read what we were sent.
import ece from 'http_ece';
import webpush from 'web-push';

/**
 * A local push service for tests: it takes what the server posts to a subscription's endpoint the way
 * FCM or Mozilla's service would (201), or answers 410 Gone for endpoints told to, and hands each
 * message back decrypted with the browser-side keys of a subscription it made.
 */
export interface PushBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The payloads received so far, decrypted. */
  received(): unknown[];
}

export interface LocalPushService {
  host: string;
  /** Its self-signed certificate, for PushConfig.ca. */
  certificate: string;
  browser(name?: string): PushBrowser;
  /** Endpoints this service will answer 410 Gone from now on (an unsubscribed browser). */
  gone(endpoint: string): void;
  /** How many requests came, and with which VAPID authorization scheme. */
  requests(): Array<{ path: string; authorization: string | undefined; ttl: string | undefined }>;
  close(): Promise<void>;
}

/**
 * The server's push settings (Config.push) for a local push service: fresh VAPID keys, the service the
 * only host posted to, its certificate trusted.
 */
export function pushSettingsFor(service: LocalPushService) {
  return {
    ...webpush.generateVAPIDKeys(),
    subject: 'mailto:team@splikz.test',
    serviceHosts: [service.host],
    ca: service.certificate,
  };
}

export async function startPushService(
  options: { port?: number; control?: boolean } = {},
): Promise<LocalPushService> {
  const inboxes = new Map<
    string,
    { ecdh: ReturnType<typeof createECDH>; auth: Buffer; messages: Buffer[] }
  >();
  const goneEndpoints = new Set<string>();
  const log: Array<{ path: string; authorization: string | undefined; ttl: string | undefined }> = [];
  // Web push is https only: a self-signed certificate for 127.0.0.1, made with Debian's openssl.
  const dir = mkdtempSync(path.join(tmpdir(), 'splikz-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  const certificate = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  const key = readFileSync(path.join(dir, 'key.pem'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const server: Server = createServer({ key, cert: certificate }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '';
      // The e2e's questions (pushServiceFixture.ts): a new browser, and what one has received.
      if (options.control && request.method === 'GET' && path === '/health') {
        response.writeHead(200).end('ok');
        return;
      }
      if (options.control && request.method === 'POST' && path === '/browsers') {
        const made = service.browser('e2e');
        controlled.set(new URL(made.subscription.endpoint).pathname, made);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(made.subscription));
        return;
      }
      if (options.control && request.method === 'GET' && path.startsWith('/received/')) {
        const made = controlled.get(path.slice('/received'.length));
        response
          .writeHead(made ? 200 : 404, { 'content-type': 'application/json' })
          .end(JSON.stringify(made?.received() ?? []));
        return;
      }
      log.push({
        path,
        authorization: request.headers.authorization,
        ttl: request.headers.ttl as string | undefined,
      });
      const inbox = inboxes.get(path);
      if (goneEndpoints.has(path) || !inbox) {
        response.writeHead(410).end();
        return;
      }
      inbox.messages.push(Buffer.concat(chunks));
      response.writeHead(201).end();
    });
  });
  const controlled = new Map<string, PushBrowser>();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  let sequence = 0;
  const service: LocalPushService = {
    host,
    certificate,
    browser(name = 'browser') {
      sequence += 1;
      const path = `/push/${name}-${sequence}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const inbox = { ecdh, auth, messages: [] as Buffer[] };
      inboxes.set(path, inbox);
      return {
        subscription: {
          endpoint: `https://${host}${path}`,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
        },
        received: () =>
          inbox.messages.map((body) =>
            JSON.parse(
              ece
                .decrypt(body, {
                  version: 'aes128gcm',
                  privateKey: ecdh,
                  authSecret: auth.toString('base64url'),
                })
                .toString('utf8'),
            ),
          ),
      };
    },
    gone: (endpoint) => goneEndpoints.add(new URL(endpoint).pathname),
    requests: () => log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return service;
}
