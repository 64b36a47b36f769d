import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** A complete S3 configuration; the cases below break one variable of it. */
const S3 = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'splikz', S3_SECRET_ACCESS_KEY: 'secret' };

describe('loadConfig', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'splikz-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.authRateLimit.perIp).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_RATE_LIMIT_PER_IP: '500' }).authRateLimit.perIp).toBe(500);
  });

  it('takes the daily upload quota from UPLOAD_DAILY_FILES and UPLOAD_DAILY_MB (200 files, 1000 MB)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).uploadQuota).toEqual({
      files: 200,
      bytes: 1000 * 1024 * 1024,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), UPLOAD_DAILY_FILES: '3', UPLOAD_DAILY_MB: '5' }).uploadQuota,
    ).toEqual({ files: 3, bytes: 5 * 1024 * 1024 });
  });

  it('takes STUN and TURN servers for circles from ICE_SERVERS, the two public STUN servers without it', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).iceServers).toEqual([
      { urls: 'stun:stun.l.google.com:19302' },
      { urls: 'stun:stun1.l.google.com:19302' },
    ]);
    const turn = { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' };
    expect(loadConfig({ DATA_DIR: dataDir(), ICE_SERVERS: JSON.stringify([turn]) }).iceServers).toEqual([
      turn,
    ]);
    expect(loadConfig({ DATA_DIR: dataDir(), ICE_SERVERS: '[]' }).iceServers).toEqual([]);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid environment variable PORT'],
    [{ PORT: '70000' }, 'Invalid environment variable PORT'],
    [{ PUBLIC_URL: 'example.org' }, 'Invalid environment variable PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid environment variable DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid environment variable SMTP_URL'],
    [{ CONTACT_EMAIL: 'not-an-email' }, 'Invalid environment variable CONTACT_EMAIL'],
    [{ AUTH_RATE_LIMIT_PER_IP: '0' }, 'Invalid environment variable AUTH_RATE_LIMIT_PER_IP'],
    [{ UPLOAD_DAILY_FILES: '0' }, 'Invalid environment variable UPLOAD_DAILY_FILES: must be at least 1'],
    [{ UPLOAD_DAILY_MB: 'lots' }, 'Invalid environment variable UPLOAD_DAILY_MB: must be a number'],
    [{ ICE_SERVERS: '[{urls:' }, 'Invalid environment variable ICE_SERVERS: must be JSON'],
    [{ ICE_SERVERS: '[{"urls":"http://x"}]' }, 'Invalid environment variable ICE_SERVERS'],
    [{ ICE_SERVERS: '{"urls":"stun:x"}' }, 'Invalid environment variable ICE_SERVERS'],
    [
      { AUTH_SECRET: 'short' },
      'Invalid environment variable AUTH_SECRET: must be at least 32 characters long',
    ],
    [
      { ...S3, S3_ENDPOINT: 'minio:9000' },
      'Invalid environment variable S3_ENDPOINT: must start with http://',
    ],
    [
      { ...S3, S3_ENDPOINT: 'https://' },
      'Invalid environment variable S3_ENDPOINT: must be an http:// or https:// URL',
    ],
    [{ ...S3, S3_BUCKET: 'My_Media' }, 'Invalid environment variable S3_BUCKET: must be a bucket name'],
    [
      { ...S3, S3_PUBLIC_URL: 'cdn.example.org' },
      'Invalid environment variable S3_PUBLIC_URL: must start with',
    ],
    [
      { ...S3, S3_ACCESS_KEY_ID: '' },
      'Invalid environment variable S3_ACCESS_KEY_ID: is required when S3_ENDPOINT is set',
    ],
    [
      { ...S3, S3_SECRET_ACCESS_KEY: ' ' },
      'Invalid environment variable S3_SECRET_ACCESS_KEY: is required when S3_ENDPOINT is set',
    ],
    [{ S3_BUCKET: 'media' }, 'Invalid environment variable S3_BUCKET: needs S3_ENDPOINT too'],
    [
      { S3_PUBLIC_URL: 'https://cdn.example.org' },
      'Invalid environment variable S3_PUBLIC_URL: needs S3_ENDPOINT',
    ],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('keeps media in DATA_DIR/media without S3_ENDPOINT, and takes the S3 variables with it', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), ...S3 }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'splikz-media',
      region: 'us-east-1',
      accessKeyId: 'splikz',
      secretAccessKey: 'secret',
      publicUrl: undefined,
    });
    const env = {
      ...S3,
      S3_BUCKET: 'photos.example',
      S3_REGION: 'eu-central-1',
      S3_PUBLIC_URL: 'https://cdn.example.org/media/',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...env }).s3).toMatchObject({
      bucket: 'photos.example',
      region: 'eu-central-1',
      publicUrl: 'https://cdn.example.org/media',
    });
  });

  it('takes the OpenStreetMap services from NOMINATIM_URL and OVERPASS_URL, the public ones without them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      nominatimUrl: 'https://nominatim.openstreetmap.org',
      overpassUrl: 'https://overpass-api.de/api/interpreter',
    });
    const env = {
      NOMINATIM_URL: 'http://geo.internal:8080/',
      OVERPASS_URL: 'http://osm.internal/api/interpreter',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...env })).toMatchObject({
      nominatimUrl: 'http://geo.internal:8080',
      overpassUrl: 'http://osm.internal/api/interpreter',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), NOMINATIM_URL: 'geo.internal' })).toThrow(
      'Invalid environment variable NOMINATIM_URL: must start with http://',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), OVERPASS_URL: 'ftp://osm' })).toThrow(
      'Invalid environment variable OVERPASS_URL',
    );
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses a bare true', () => {
    const trust = (value: string | undefined) =>
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust(undefined)).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust(' 10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8,loopback ')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trust('true')).toThrow(
      /TRUST_PROXY: 'true' would let any client choose its own address .* \(1 for one nginx\)/,
    );
    for (const bad of [
      'yes',
      '10.0.0.0/33',
      '300.1.1.1',
      '10.0.0.1/8/2',
      'example.org',
      '11',
      ',',
      '::1/129',
    ]) {
      expect(() => trust(bad), bad).toThrow(/Invalid environment variable TRUST_PROXY/);
    }
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('takes PUBLIC_URL without its trailing slash and derives the mail sender from it', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://splikz.example.org/' });
    expect(config.publicUrl).toBe('https://splikz.example.org');
    expect(config.mailFrom).toBe('Splikz <no-reply@splikz.example.org>');
  });
});
