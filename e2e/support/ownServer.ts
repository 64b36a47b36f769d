import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { waitForOutboxMail } from '../../server/test/outbox.ts';
import type { Member } from './members.ts';

// A second app server with a data directory of its own, for a test that needs a database no other
// test writes to (a ranking over every member, say). The same `server/main.ts` as the suite's server.

/** A port nothing listens on now (also for the two-node cluster, support/cluster.ts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  url: string;
  dataDir: string;
  /** What the server has logged so far (with `keepLog`). */
  log(): string;
  /**
   * Signs a member up and confirms their email, as createConfirmedMember does on the suite's server;
   * the confirmation signs `request`'s context in.
   */
  createMember(request: APIRequestContext, member: Member): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnServer(
  options: {
    /** More environment (JANUS_URL and its secrets, say). */
    env?: Record<string, string>;
    /** Keep the server's log, for a test that reads it. */
    keepLog?: boolean;
    /**
     * The name in PUBLIC_URL: 'localhost' for passkeys, whose relying party must be a domain (WebAuthn
     * refuses an IP address); the server still listens on 127.0.0.1, where the browser finds it.
     */
    host?: '127.0.0.1' | 'localhost';
  } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'splikz-e2e-own-'));
  const port = await freePort();
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const health = `http://127.0.0.1:${port}/api/health`;
  // The server bundle that `npm run build` makes (scripts/buildServer.mjs), as the main e2e server runs.
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'build/server.cjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      AUTH_SECRET: 'e2e-own-secret-e2e-own-secret-0123456789',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      ICE_SERVERS: '[]',
      ...options.env,
    },
    stdio: options.keepLog ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-500_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second app server exited (${child.exitCode})`);
    const up = await fetch(health).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the second app server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    log: () => output,
    async createMember(request, member) {
      const signUp = await request.post(`${url}/api/auth/sign-up/email`, {
        data: { ...member, callbackURL: '/auth/callback' },
        headers: { origin: url },
      });
      expect(signUp.status()).toBe(200);
      const mail = await waitForOutboxMail(dataDir, member.email, /Confirm/);
      const confirm = await request.get(mail.links[0]!, { maxRedirects: 0 });
      expect(confirm.status()).toBe(302);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
