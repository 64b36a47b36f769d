import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BuiltApp, buildApp } from '@server/app.ts';
import { type Config, loadConfig } from '@server/config.ts';
import { copySqliteTemplate, createPostgresDatabase, type Dialect } from './database.ts';
import { type OutboxMessage, readOutboxDir, waitForOutboxMail } from './outbox.ts';

export { dialects } from './database.ts';
export type { Dialect, OutboxMessage };

export interface TestServer {
  baseUrl: string;
  built: BuiltApp;
  dataDir: string;
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Limits high enough for a test file that signs many members up from one IP. */
export const GENEROUS_AUTH_LIMITS: Partial<Config> = {
  authRateLimit: { perIp: 1000, perEmail: 100, windowMs: 60_000 },
};

/** Starts the real server on a free port with a fresh data directory and database. */
export async function startTestServer(
  dialect: Dialect = 'sqlite',
  overrides: Partial<Config> = {},
  options: {
    webDist?: string;
    /** A web build of this index.html alone (in a temporary folder, removed on close), instead of webDist. */
    webIndexHtml?: string;
    /** Let the jobs runner tick on its own (only the tests about jobs); otherwise it runs on request. */
    runJobs?: boolean;
    /** Start from an empty database and run every migration (the tests of migrations). */
    freshDatabase?: boolean;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-test-'));
  let webDist = options.webDist;
  if (options.webIndexHtml !== undefined) {
    webDist = path.join(dataDir, 'web');
    mkdirSync(webDist);
    writeFileSync(path.join(webDist, 'index.html'), options.webIndexHtml);
  }
  const port = await freePort();
  if (dialect === 'sqlite' && !options.freshDatabase) copySqliteTemplate(dataDir);
  const pgDb =
    dialect === 'postgres'
      ? await createPostgresDatabase({ fresh: options.freshDatabase ?? false })
      : undefined;
  const config = loadConfig(
    { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
    {
      dataDir,
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      databaseUrl: pgDb?.url,
      contactEmail: 'team@splikz.test',
      ...overrides,
    },
  );
  const built = await buildApp(config, {
    webDist: webDist ?? null,
    log: () => {},
    runJobs: options.runJobs ?? false,
  });
  await built.app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: config.publicUrl,
    built,
    dataDir,
    close: async () => {
      await built.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Messages in the test server's dev outbox, oldest first. */
export function readOutbox(server: TestServer): OutboxMessage[] {
  return readOutboxDir(server.dataDir);
}

/** Waits for the newest mail to an address (Better Auth may send it just after answering). */
export function waitForMail(server: TestServer, to: string, subject: RegExp): Promise<OutboxMessage> {
  return waitForOutboxMail(server.dataDir, to, subject);
}

/** An HTTP client that keeps cookies like a browser and sends the app's Origin. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    init: { headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const payload = init.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(url, this.baseUrl), {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }
}

let sequence = 0;

/** A unique email and default sign-up fields; override any. */
export function makeUserInput(
  overrides: Partial<{ name: string; email: string; password: string; username: string }> = {},
) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    name: `Test Member ${sequence}`,
    email: `member${tag}@example.com`,
    password: 'secret123',
    ...overrides,
  };
}

/**
 * Signs a member up through the real flow (sign-up, the confirmation mail, its link) and returns a
 * signed-in client: for the tests of those flows. Other tests use `signedInMember` (members.ts).
 */
export async function signUpMember(
  server: TestServer,
  overrides: Parameters<typeof makeUserInput>[0] = {},
): Promise<{ client: TestClient; input: ReturnType<typeof makeUserInput>; me: any }> {
  const input = makeUserInput(overrides);
  const client = new TestClient(server.baseUrl);
  const signUp = await client.post('/api/auth/sign-up/email', { ...input, callbackURL: '/auth/callback' });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const mail = await waitForMail(server, input.email.toLowerCase(), /Confirm/);
  const link = mail.links[0]!;
  const confirm = await client.get(link.replace(server.baseUrl, ''));
  if (confirm.status !== 302) throw new Error(`confirmation failed: ${confirm.status}`);
  const me = await client.get('/api/me');
  return { client, input, me: me.body };
}

export { signedInMember, signInDirectly } from './members.ts';
