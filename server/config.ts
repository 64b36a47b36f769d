import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IceServer } from '@common/schemas/circles.ts';
import webpush from 'web-push';
import { z } from 'zod';
import {
  addressAllowSchema,
  httpUrl,
  iceServersSchema,
  metricsAllowSchema,
  optionalText,
  optionalUrl,
  trustProxySchema,
} from './configFields.ts';

/** Validated configuration; every field comes from an environment variable (README lists them). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  authSecret: string;
  redisUrl: string | undefined;
  production: boolean;
  /**
   * Which proxies may tell us the client's address (TRUST_PROXY): how many hops in front of the app,
   * or their addresses and CIDR ranges. False: the peer's own address is the client's.
   */
  trustProxy: false | number | string[];
  /** Limits for sign-in, sign-up, reset and resend requests, per IP and per email, within one window. */
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  contactRateLimit: { perIp: number; windowMs: number };
  /** Each member's uploads per rolling 24 h: files and bytes (UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB). */
  uploadQuota: { files: number; bytes: number };
  /** STUN and TURN servers handed to the browsers of a FaithVerse circle (ICE_SERVERS, JSON). */
  iceServers: IceServer[];
  /** TURN credentials minted per member (TURN_SECRET, TURN_URLS, TURN_TTL); undefined: none minted. */
  turn: TurnConfig | undefined;
  /** Janus servers that carry circles' media (JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY); undefined: the mesh. */
  janus: JanusConfig | undefined;
  /** An S3-compatible bucket for uploads (S3_*); undefined keeps them in DATA_DIR/media. */
  s3: S3Config | undefined;
  /** OpenStreetMap geocoding (NOMINATIM_URL) and places (OVERPASS_URL) for the nearby-places search. */
  nominatimUrl: string;
  overpassUrl: string;
  /** Web push: VAPID keys (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else made once into DATA_DIR/vapid.json). */
  push: PushConfig;
  /** Who may read /metrics (METRICS_ALLOW): addresses and CIDR ranges of the peer, never X-Forwarded-For. */
  metricsAllow: string[];
  /** Private addresses and ranges 'Import from a link' may read anyway (RECIPE_IMPORT_ALLOW). */
  recipeImportAllow: string[];
  /** Private addresses and ranges a link card may read anyway (LINK_PREVIEW_ALLOW_PRIVATE). */
  linkPreviewAllowPrivate: string[];
  /** REQUIRE_ADMIN_2FA=true: an admin reaches the admin console only with two-factor sign-in on. */
  requireAdmin2fa: boolean;
}

export interface PushConfig {
  publicKey: string;
  privateKey: string;
  /** Who push services may contact about our messages (VAPID_SUBJECT, a mailto: or https: URL). */
  subject: string;
  /**
   * The push services a subscription's endpoint may point at (PUSH_SERVICE_HOSTS, comma-separated;
   * '.example.com' allows its subdomains): the server posts to that address, so nothing else is allowed.
   */
  serviceHosts: string[];
  /** A certificate authority to trust for push services besides the usual ones (PUSH_SERVICE_CA_FILE, PEM). */
  ca?: string;
}

/** The push services of Chrome, Edge, Firefox and Safari. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.notify.windows.com',
];

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load `${publicUrl}/${key}` from; undefined: the app serves /media/* from the bucket. */
  publicUrl: string | undefined;
}

/**
 * A TURN server sharing a secret with the app (coturn's use-auth-secret / static-auth-secret): each
 * member gets a username and password of their own that expire (server/routes/circles/iceServers.ts).
 */
export interface TurnConfig {
  secret: string;
  /** turn: and turns: URLs of the server (TURN_URLS, comma-separated). */
  urls: string[];
  /** How long a minted credential lasts (TURN_TTL, seconds; at most a day). */
  ttlSeconds: number;
}

/**
 * Janus VideoRoom servers for FaithVerse circles (docs/DEPLOY.md): the app server holds every Janus
 * session and secret; browsers only ever exchange media with Janus.
 */
export interface JanusConfig {
  /** WebSocket addresses (ws: or wss:) of the Janus servers, JANUS_URL comma-separated. */
  urls: string[];
  /** Janus's api_secret: every request carries it. */
  apiSecret: string;
  /** The VideoRoom plugin's admin_key: needed to create rooms. */
  adminKey: string;
}

/** The spec's two public STUN servers, used when ICE_SERVERS is not set. */
export const DEFAULT_ICE_SERVERS: IceServer[] = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun1.l.google.com:19302' },
];

export class ConfigError extends Error {}

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^/]+/.test(v), { message: 'must be an http:// or https:// URL' }),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  TRUST_PROXY: trustProxySchema,
  MAIL_FROM: z.string().trim().min(3, 'must be an address like "Splikz <no-reply@example.org>"').optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(20),
  UPLOAD_DAILY_FILES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(200),
  UPLOAD_DAILY_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(1000),
  NODE_ENV: z.string().optional(),
  ICE_SERVERS: iceServersSchema,
  S3_ENDPOINT: httpUrl,
  S3_BUCKET: optionalText.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
  }),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: httpUrl,
  NOMINATIM_URL: httpUrl,
  OVERPASS_URL: httpUrl,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_SERVICE_HOSTS: optionalText,
  PUSH_SERVICE_CA_FILE: optionalText,
  TURN_SECRET: z.string().trim().min(16, 'must be at least 16 characters long').optional(),
  TURN_URLS: optionalText,
  TURN_TTL: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(60, 'must be at least 60 seconds')
    .max(86_400, 'must be at most 86400 seconds (a day)')
    .optional(),
  METRICS_ALLOW: metricsAllowSchema,
  RECIPE_IMPORT_ALLOW: addressAllowSchema,
  LINK_PREVIEW_ALLOW_PRIVATE: addressAllowSchema,
  REQUIRE_ADMIN_2FA: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  JANUS_URL: optionalText,
  JANUS_API_SECRET: z.string().trim().min(16, 'must be at least 16 characters long').optional(),
  JANUS_ADMIN_KEY: z.string().trim().min(16, 'must be at least 16 characters long').optional(),
});

/** TURN_SECRET with its URLs, all or nothing: URLs without the secret would get no credentials. */
function turnConfig(e: z.infer<typeof envSchema>): TurnConfig | undefined {
  const refuse = (name: string, message: string) =>
    new ConfigError(`Invalid environment variable ${name}: ${message}`);
  if (!e.TURN_SECRET) {
    if (e.TURN_URLS) throw refuse('TURN_URLS', 'needs TURN_SECRET too (the secret coturn shares)');
    if (e.TURN_TTL !== undefined) throw refuse('TURN_TTL', 'needs TURN_SECRET too');
    return undefined;
  }
  if (!e.TURN_URLS) {
    throw refuse('TURN_URLS', 'is required when TURN_SECRET is set, like turn:turn.example.org:3478');
  }
  const urls = e.TURN_URLS.split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const bad = urls.find((url) => !/^turns?:\S+$/.test(url));
  if (bad !== undefined || urls.length === 0) {
    throw refuse('TURN_URLS', `'${bad ?? e.TURN_URLS}' is not a turn: or turns: URL`);
  }
  return { secret: e.TURN_SECRET, urls, ttlSeconds: e.TURN_TTL ?? 86_400 };
}

/** The S3 settings, all or nothing: half a configuration would quietly keep media in DATA_DIR/media. */
/** JANUS_URL with its API secret and admin key, all or nothing. */
function janusConfig(e: z.infer<typeof envSchema>): JanusConfig | undefined {
  const refuse = (name: string, message: string) =>
    new ConfigError(`Invalid environment variable ${name}: ${message}`);
  if (!e.JANUS_URL) {
    if (e.JANUS_API_SECRET) throw refuse('JANUS_API_SECRET', 'needs JANUS_URL too');
    if (e.JANUS_ADMIN_KEY) throw refuse('JANUS_ADMIN_KEY', 'needs JANUS_URL too');
    return undefined;
  }
  const urls = e.JANUS_URL.split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const bad = urls.find((url) => !/^wss?:\/\/\S+$/.test(url));
  if (bad !== undefined || urls.length === 0) {
    throw refuse('JANUS_URL', `'${bad ?? e.JANUS_URL}' is not a ws: or wss: URL, like ws://10.0.0.5:8188`);
  }
  if (!e.JANUS_API_SECRET)
    throw refuse('JANUS_API_SECRET', "is required with JANUS_URL (Janus's api_secret)");
  if (!e.JANUS_ADMIN_KEY) {
    throw refuse('JANUS_ADMIN_KEY', "is required with JANUS_URL (the VideoRoom plugin's admin_key)");
  }
  return { urls, apiSecret: e.JANUS_API_SECRET, adminKey: e.JANUS_ADMIN_KEY };
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const refuse = (name: string, message: string) =>
    new ConfigError(`Invalid environment variable ${name}: ${message}`);
  if (!e.S3_ENDPOINT) {
    const stray = S3_SETTINGS.find((name) => e[name] !== undefined);
    if (stray) throw refuse(stray, 'needs S3_ENDPOINT too (without it, media stay in DATA_DIR/media)');
    return undefined;
  }
  if (!e.S3_ACCESS_KEY_ID) throw refuse('S3_ACCESS_KEY_ID', 'is required when S3_ENDPOINT is set');
  if (!e.S3_SECRET_ACCESS_KEY) throw refuse('S3_SECRET_ACCESS_KEY', 'is required when S3_ENDPOINT is set');
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET ?? 'splikz-media',
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** The VAPID key pair: both from the environment, or made once and kept in DATA_DIR/vapid.json. */
function vapidKeys(e: z.infer<typeof envSchema>, dataDir: string): { publicKey: string; privateKey: string } {
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
      throw new ConfigError('Invalid environment variable VAPID_PUBLIC_KEY: set both VAPID keys, or neither');
    }
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  }
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * DATA_DIR made before this release (or by hand) may be readable by others: the node closes it to its own
 * user (0700) at start, which keeps everything inside from anyone else. A folder of another user's is
 * left as it is (the node could not change it anyway), with a warning.
 */
export function keepDataDirPrivate(dataDir: string): void {
  try {
    if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
  } catch (error) {
    console.warn(`Could not make ${dataDir} readable by this user only: ${(error as Error).message}`);
  }
}

/** Reads and validates the environment; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const host = new URL(publicUrl).hostname;
  return {
    port,
    host: e.HOST,
    dataDir,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM ?? `Splikz <no-reply@${host}>`,
    contactEmail: e.CONTACT_EMAIL ?? `contact@${host.includes('.') ? host : 'splikz.local'}`,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    production: e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    authRateLimit: { perIp: e.AUTH_RATE_LIMIT_PER_IP, perEmail: 5, windowMs: 60_000 },
    contactRateLimit: { perIp: 5, windowMs: 60 * 60_000 },
    uploadQuota: { files: e.UPLOAD_DAILY_FILES, bytes: e.UPLOAD_DAILY_MB * 1024 * 1024 },
    iceServers: e.ICE_SERVERS ?? DEFAULT_ICE_SERVERS,
    turn: turnConfig(e),
    janus: janusConfig(e),
    s3: s3Config(e),
    nominatimUrl: (e.NOMINATIM_URL ?? 'https://nominatim.openstreetmap.org').replace(/\/+$/, ''),
    overpassUrl: e.OVERPASS_URL ?? 'https://overpass-api.de/api/interpreter',
    push: {
      ...vapidKeys(e, dataDir),
      subject:
        e.VAPID_SUBJECT ??
        (publicUrl.startsWith('https://')
          ? publicUrl
          : `mailto:no-reply@${host.includes('.') ? host : 'splikz.local'}`),
      serviceHosts: e.PUSH_SERVICE_HOSTS
        ? e.PUSH_SERVICE_HOSTS.split(',')
            .map((h) => h.trim())
            .filter(Boolean)
        : DEFAULT_PUSH_SERVICE_HOSTS,
      ...(e.PUSH_SERVICE_CA_FILE ? { ca: readFileSync(e.PUSH_SERVICE_CA_FILE, 'utf8') } : {}),
    },
    metricsAllow: e.METRICS_ALLOW,
    recipeImportAllow: e.RECIPE_IMPORT_ALLOW,
    linkPreviewAllowPrivate: e.LINK_PREVIEW_ALLOW_PRIVATE,
    requireAdmin2fa: e.REQUIRE_ADMIN_2FA,
    ...overrides,
  };
}
