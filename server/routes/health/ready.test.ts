import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '@server/context.ts';
import { openDatabase } from '@server/db/database.ts';
import { dialects, startTestServer, TestClient, type TestServer } from '@server/test/harness.ts';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes } from './health.ts';

describe.each(dialects)('GET /api/ready (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 200 when the node reaches its database', async () => {
    const res = await new TestClient(server.baseUrl).get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 naming the database when it is closed', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'splikz-ready-'));
    // A closed database of the same dialect stands in for the node's own.
    const closed = openDatabase({
      dataDir: scratch,
      databaseUrl: dialect === 'postgres' ? 'postgres://postgres@127.0.0.1:1/nowhere' : undefined,
    });
    // Kysely only closes a connection it has opened: one query first, then close it.
    if (dialect === 'sqlite') await sql`select 1`.execute(closed.db);
    await closed.destroy();
    const { database } = server.built.ctx;
    const own = database.db;
    database.db = closed.db;
    try {
      const res = await new TestClient(server.baseUrl).get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', database: 'unreachable', redis: 'not configured' });
    } finally {
      database.db = own;
      rmSync(scratch, { recursive: true, force: true });
    }
    expect((await new TestClient(server.baseUrl).get('/api/ready')).status).toBe(200);
  });
});

describe('GET /api/ready with Redis', () => {
  it('answers 503 naming Redis when it does not answer', async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'splikz-ready-'));
    const database = openDatabase({ dataDir: scratch });
    // Nothing listens on port 1: the PING fails, the database still answers.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    redis.on('error', () => {});
    const app = Fastify();
    healthRoutes(app, { database } as AppContext, { redis });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unreachable' });
    } finally {
      await app.close();
      redis.disconnect();
      await database.destroy();
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('answers 200 when Redis answers its PING', async () => {
    const server = await startTestServer('sqlite', { redisUrl: process.env.TEST_REDIS_URL });
    try {
      const res = await new TestClient(server.baseUrl).get('/api/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    } finally {
      await server.close();
    }
  });
});
