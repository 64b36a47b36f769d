import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './ownServer.ts';

// Two app nodes on one PostgreSQL database and one Redis, behind Debian's nginx with the proxy settings
// that deploy/ ships (its TLS lines aside), on loopback ports of their own. Each node is `node` itself on the server bundle
// (not npx or tsx's wrapper), so a SIGKILL kills the node the way a crash or an OOM kill would.

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Why the cluster cannot run here, or null when it can (CI has PostgreSQL, Redis and nginx). */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'needs TEST_DATABASE_URL (PostgreSQL)';
  if (!process.env.TEST_REDIS_URL) return 'needs TEST_REDIS_URL (Redis)';
  if (!existsSync(NGINX)) return `needs nginx (apt-get install nginx-light), not found at ${NGINX}`;
  return null;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface AppNode {
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** The proxy's address: the only one the browsers use (and the nodes' PUBLIC_URL). */
  url: string;
  /** The data directory both nodes share (its mail/ folder is the outbox). */
  dataDir: string;
  nodes: AppNode[];
  /** The requests nginx logged: `status method uri upstream`. */
  accessLog(): string[];
  stop(): Promise<void>;
}

export async function startCluster(options: { authRateLimitPerIp: number }): Promise<Cluster> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'splikz-cluster-'));
  const dataDir = path.join(workDir, 'data');
  mkdirSync(dataDir);
  const children: ChildProcess[] = [];

  const adminUrl = process.env.TEST_DATABASE_URL!;
  const database = `splikz_e2e_cluster_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const nodes: AppNode[] = [];
    // One after the other: the first applies the migrations and makes the push keys in DATA_DIR.
    for (let n = 0; n < 2; n += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--enable-source-maps', 'build/server.cjs'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: url,
          DATABASE_URL: databaseUrl.toString(),
          REDIS_URL: process.env.TEST_REDIS_URL,
          TRUST_PROXY: '1',
          AUTH_SECRET: 'e2e-cluster-secret-e2e-cluster-secret-0123',
          AUTH_RATE_LIMIT_PER_IP: String(options.authRateLimitPerIp),
          ICE_SERVERS: '[]',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      children.push(child);
      const node = { port, url: `http://127.0.0.1:${port}`, process: child };
      await waitFor(`app node ${n + 1} on port ${port}`, async () => {
        if (child.exitCode !== null) throw new Error(`app node ${n + 1} exited: ${stderr}`);
        return (await fetch(`${node.url}/api/health`)).ok;
      });
      nodes.push(node);
    }

    // deploy/nginx/splikz.conf's map (http block) and splikz-proxy.conf (server block), as shipped.
    const deploy = path.resolve('deploy/nginx');
    const site = readFileSync(path.join(deploy, 'splikz.conf'), 'utf8');
    const upgradeMap = /^map \$http_upgrade[\s\S]*?^\}/m.exec(site)?.[0];
    if (!upgradeMap) throw new Error('deploy/nginx/splikz.conf has no `map $http_upgrade` block');
    const upstreamOptions = /^\s*server 127\.0\.0\.1:3000 ([^;]*);/m.exec(site)?.[1] ?? '';
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(workDir, dir));
    const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 512; }
http {
  log_format splikz '$status $request_method $request_uri $upstream_addr';
  access_log ${workDir}/access.log splikz;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  ${upgradeMap}
  upstream splikz {
    ${nodes.map((node) => `server 127.0.0.1:${node.port} ${upstreamOptions};`).join('\n    ')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    include ${deploy}/splikz-proxy.conf;
  }
}
`;
    writeFileSync(path.join(workDir, 'nginx.conf'), conf);
    const nginx = spawn(NGINX, ['-p', workDir, '-c', path.join(workDir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErrors = '';
    nginx.stderr?.on('data', (chunk: Buffer) => {
      nginxErrors += chunk.toString();
    });
    children.push(nginx);
    await waitFor('nginx', async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxErrors}`);
      return (await fetch(`${url}/api/health`)).ok;
    });

    return {
      url,
      dataDir,
      nodes,
      accessLog: () => readFileSync(path.join(workDir, 'access.log'), 'utf8').split('\n').filter(Boolean),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** How many Socket.IO clients a node holds, from its /metrics (loopback may read it). */
export async function openSockets(node: AppNode): Promise<number> {
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const line = text.split('\n').find((l) => /^splikz_open_sockets(\{[^}]*\})? /.test(l));
  if (!line) throw new Error(`no splikz_open_sockets in ${node.url}/metrics`);
  return Number(line.split(' ').at(-1));
}
