import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '@server/test/database.ts';
import {
  dialects,
  GENEROUS_AUTH_LIMITS,
  signedInMember,
  startTestServer,
  TestClient,
  type TestServer,
} from '@server/test/harness.ts';
import { uploadPhoto } from '@server/test/uploads.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from './backup.ts';

/** What in a folder (itself included) others may read or enter: anything but 0700 folders and 0600 files. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (where: string) => {
    const stat = statSync(where);
    const want = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== want) open.push(`${where} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(where)) walk(path.join(where, name));
  };
  walk(dir);
  return open;
}

// npm run admin -- backup / restore, against a running app taking writes (scripts/backup.ts).

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

function adminEnv(target: { dataDir: string; databaseUrl?: string | undefined }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, AUTH_SECRET: SECRET };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}

/** Runs the admin CLI without blocking this process: the app under test keeps serving meanwhile. */
function admin(
  target: { dataDir: string; databaseUrl?: string | undefined },
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'scripts/admin.ts', ...args], { env: adminEnv(target) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dialects)('backup and restore while the app runs (%s)', (dialect) => {
  let server: TestServer;
  const scratch = mkdtempSync(path.join(tmpdir(), 'splikz-backup-'));
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, GENEROUS_AUTH_LIMITS);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A new, empty place to restore into: a data folder, and a database of its own on PostgreSQL. */
  async function emptyTarget() {
    const dataDir = mkdtempSync(path.join(scratch, 'target-'));
    const pgDb = dialect === 'postgres' ? await createPostgresDatabase({ fresh: true }) : undefined;
    if (pgDb) cleanups.push(pgDb.drop);
    return { dataDir, databaseUrl: pgDb?.url };
  }

  it('keeps every write acknowledged before the backup began, and the restored app serves them', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => signedInMember(server)));
    const photo = await uploadPhoto(server, members[0]!.client);
    const withPhoto = await members[0]!.client.post('/api/posts', {
      content: 'With a photo',
      media_id: photo.id,
    });
    expect(withPhoto.status).toBe(201);

    // Each member posts until told to stop; an acknowledgement is a 201 that has reached us.
    const acked: Array<{ id: string; content: string; at: number; author: number }> = [];
    let stop = false;
    const writers = members.map(async ({ client }, author) => {
      for (let n = 0; !stop && n < 28; n += 1) {
        const content = `Post ${author}-${n} while backing up`;
        const res = await client.post('/api/posts', { content });
        if (res.status === 201) acked.push({ id: res.body.id, content, at: performance.now(), author });
        await sleep(150);
      }
    });
    while (acked.length < 8) await sleep(20);
    const backupStarted = performance.now();
    const ackedBefore = acked.filter((w) => w.at < backupStarted);

    const backupDir = path.join(scratch, 'backup');
    const source = { dataDir: server.dataDir, databaseUrl: server.built.ctx.config.databaseUrl };
    const result = await admin(source, 'backup', backupDir);
    stop = true;
    await Promise.all(writers);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // Writes went on while the backup ran, so the test did test a running app.
    expect(acked.length).toBeGreaterThan(ackedBefore.length);

    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ dialect, media: 'local', secrets: ['vapid.json'], appVersion: '0.1.0' });
    expect(manifest.migration).toMatch(/^\d{8}T\d{4}_/);
    expect(manifest.counts.posts).toBeGreaterThanOrEqual(ackedBefore.length + 1);
    expect(manifest.counts.user).toBe(4);
    expect(existsSync(path.join(backupDir, '.incomplete'))).toBe(false);
    // Every member's data and the secrets: readable by the app's user only, whoever's umask ran it.
    expect(openToOthers(backupDir)).toEqual([]);
    expect(statSync(path.join(backupDir, 'media')).isDirectory()).toBe(true);

    const target = await emptyTarget();
    const restored = await admin(target, 'restore', backupDir);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('every table has the rows the backup recorded');
    expect(openToOthers(target.dataDir)).toEqual([]);
    expect(readFileSync(path.join(target.dataDir, 'vapid.json'), 'utf8')).toBe(
      readFileSync(path.join(server.dataDir, 'vapid.json'), 'utf8'),
    );

    const copy = await startTestServer('sqlite', { ...GENEROUS_AUTH_LIMITS, ...target });
    try {
      const reader = new TestClient(copy.baseUrl);
      const signIn = await reader.post('/api/auth/sign-in/email', {
        email: members[0]!.input.email,
        password: members[0]!.input.password,
      });
      expect(signIn.status).toBe(200);
      const missing: string[] = [];
      for (const write of ackedBefore) {
        const post = await reader.get(`/api/posts/${write.id}`);
        if (post.status !== 200 || post.body.content !== write.content) missing.push(write.content);
      }
      expect(missing).toEqual([]);
      const photoPost = await reader.get(`/api/posts/${withPhoto.body.id}`);
      expect(photoPost.status).toBe(200);
      expect(photoPost.body.image_url).toBeTruthy();
      const file = await fetch(new URL(photoPost.body.image_url, copy.baseUrl));
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const feed = await reader.get('/api/posts');
      expect(feed.status).toBe(200);
      expect(feed.body.posts.length).toBeGreaterThan(0);
      // The restored node takes new writes.
      expect((await reader.post('/api/posts', { content: 'After the restore' })).status).toBe(201);
    } finally {
      await copy.close();
    }

    // The target is no longer empty: refused without --force, nothing touched; replaced with it.
    const before = readFileSync(path.join(target.dataDir, 'vapid.json'), 'utf8');
    const refused = await admin(target, 'restore', backupDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('Refusing to restore');
    expect(refused.stderr).toContain('--force');
    const forced = await admin(target, 'restore', backupDir, '--force');
    expect(forced.stderr).toBe('');
    expect(forced.status).toBe(0);
    expect(readFileSync(path.join(target.dataDir, 'vapid.json'), 'utf8')).toBe(before);
  }, 180_000);

  it('exits non-zero when the restored rows differ from the manifest', async () => {
    const backupDir = path.join(scratch, 'tampered');
    const source = { dataDir: server.dataDir, databaseUrl: server.built.ctx.config.databaseUrl };
    expect((await admin(source, 'backup', backupDir)).status).toBe(0);
    const manifestFile = path.join(backupDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    manifest.counts.posts = (manifest.counts.posts ?? 0) + 1;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const result = await admin(await emptyTarget(), 'restore', backupDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('does not match the backup');
    expect(result.stderr).toMatch(/posts: \d+ rows, the backup had \d+/);
  }, 60_000);
});

describe('backup and restore arguments', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'splikz-backup-args-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('says what is wrong and changes nothing', async () => {
    const dataDir = path.join(scratch, 'never-made');
    const notBackup = path.join(scratch, 'not-a-backup');
    mkdirSync(notBackup);
    writeFileSync(path.join(notBackup, 'notes.txt'), 'hello');
    const broken = path.join(scratch, 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'manifest.json'), '{ not json');

    const cases: Array<[string[], RegExp]> = [
      [['restore'], /Usage: npm run admin/],
      [['backup'], /Usage: npm run admin/],
      [['restore', path.join(scratch, 'nowhere')], /is not a folder/],
      [['restore', notBackup], /is not a Splikz backup: it has no manifest.json/],
      [['restore', broken], /Cannot read .*manifest.json/],
      [['backup', notBackup], /is not empty: choose a new folder/],
    ];
    const results = await Promise.all(cases.map(([args]) => admin({ dataDir }, ...args)));
    cases.forEach(([args, message], i) => {
      expect(results[i]!.status, args.join(' ')).toBe(2);
      expect(results[i]!.stderr).toMatch(message);
    });
    expect(existsSync(dataDir)).toBe(false);
    expect(readdirSync(notBackup)).toEqual(['notes.txt']);
  }, 60_000);
});
