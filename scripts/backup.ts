// Backup and restore of a Splikz node (npm run admin -- backup <dir> | restore <dir> [--force]).
// The backup is taken while the app runs: the database from one snapshot (SQLite's online backup, or
// pg_dump on an exported snapshot), then the media folder (files are written before their row, so
// every upload the snapshot knows is already on disk), then the generated secrets.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '@server/config.ts';
import { mediaRoot } from '@server/media/storage.ts';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  BackupError,
  countPostgres,
  pgCounts,
  pgIsEmpty,
  pgTarget,
  run,
  sqliteCounts,
} from './backup/databases.ts';

export { BackupError };

const BACKUP_FORMAT = 'splikz-backup';
const FORMAT_VERSION = 1;
const SQLITE_FILE = 'splikz.db';
const PG_DUMP_FILE = 'database.pgdump';
/** Files config.ts makes in DATA_DIR when their variable is not set: sessions and push need them back. */
export const GENERATED_FILES = ['auth-secret', 'vapid.json'];

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  /** The last migration applied in the backed-up database. */
  migration: string | null;
  dialect: 'sqlite' | 'postgres';
  database: string;
  /** Rows per table in the database file of this backup. */
  counts: Record<string, number>;
  media: 'local' | 's3';
  /** Generated files of DATA_DIR kept in secrets/. */
  secrets: string[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * The target's settings without the side effects of loadConfig: it would write a fresh auth-secret and
 * vapid.json into DATA_DIR, and restore must not touch a folder it then refuses.
 */
export function targetConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({
    ...env,
    AUTH_SECRET: env.AUTH_SECRET ?? 'placeholder-never-written-placeholder-never-written',
    VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY ?? 'placeholder',
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY ?? 'placeholder',
  });
}

/** Copies a folder that the app may write to meanwhile: a file gone before it is read is skipped. */
function copyTree(from: string, to: string): number {
  let files = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  mkdirSync(to, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) files += copyTree(source, target);
    else if (entry.isFile()) {
      try {
        copyFileSync(source, target);
        files += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return files;
}

function s3Readme(config: Config): string {
  const s3 = config.s3!;
  return [
    'Media are NOT in this backup: this node keeps them in an S3 bucket.',
    '',
    `  endpoint: ${s3.endpoint}`,
    `  bucket:   ${s3.bucket}`,
    `  region:   ${s3.region}`,
    '',
    'Back the bucket up on its own, with the tools of its provider:',
    '- Turn on bucket versioning, so a deleted or overwritten object can be brought back, and keep',
    '  old versions at least as long as you keep these backups (a lifecycle rule can expire them later).',
    '- Or copy the bucket elsewhere on a schedule, e.g. `aws s3 sync s3://BUCKET ./media-copy`',
    '  (or `rclone sync`), right after this backup: objects are written before their database row, so',
    '  a copy taken after the database holds every upload the database knows.',
    '- To restore, put the objects back under the same keys (u/<member id>/...) in the bucket the',
    '  restored node is configured with (S3_BUCKET), or point it at the versioned bucket as it was.',
    '',
  ].join('\n');
}

function readme(manifest: Manifest, config: Config): string {
  return [
    `Splikz backup, ${manifest.createdAt} (app ${manifest.appVersion}, migration ${manifest.migration ?? 'none'})`,
    '',
    `- ${manifest.database}: the ${manifest.dialect === 'sqlite' ? 'SQLite database' : 'PostgreSQL dump (pg_dump --format=custom)'}`,
    manifest.media === 'local'
      ? '- media/: the uploaded photos and videos (DATA_DIR/media)'
      : '- media: see below',
    `- secrets/: generated files of DATA_DIR (${manifest.secrets.join(', ') || 'none: set by environment variables'}).`,
    '  Keep this backup private: auth-secret signs every session.',
    '- manifest.json: row counts per table, checked after a restore',
    '',
    'Restore: npm run admin -- restore <this folder> [--force], with DATA_DIR / DATABASE_URL set for the target.',
    '',
    ...(manifest.media === 's3' ? [s3Readme(config)] : []),
  ].join('\n');
}

/** Refuses a backup folder that holds anything: a backup never mixes with other files. */
export function checkBackupTarget(dir: string): string {
  const target = path.resolve(dir);
  if (existsSync(target) && (!statSync(target).isDirectory() || readdirSync(target).length > 0)) {
    throw new BackupError(`${target} is not empty: choose a new folder for the backup.`, 2);
  }
  return target;
}

/** Writes a consistent backup of the configured node into `dir` (new or empty). */
export async function backup(config: Config, dir: string, log: (line: string) => void): Promise<Manifest> {
  const target = checkBackupTarget(dir);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE);
  if (dialect === 'sqlite' && !existsSync(sqliteFile)) {
    throw new BackupError(`No database at ${sqliteFile}: check DATA_DIR.`, 2);
  }
  // The folder is the app user's alone before anything lands in it (a backup holds every member's data).
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chmodSync(target, 0o700);
  const partial = path.join(target, '.incomplete');
  writeFileSync(partial, 'The backup did not finish.\n');

  let database: string;
  let snapshot: { counts: Record<string, number>; migration: string | null };
  if (dialect === 'sqlite') {
    database = SQLITE_FILE;
    const file = path.join(target, SQLITE_FILE);
    const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
    try {
      // Every page in one step: one read transaction, so writers cannot make it restart.
      await source.backup(file, { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    snapshot = sqliteCounts(file);
  } else {
    database = PG_DUMP_FILE;
    const { url, env } = pgTarget(config.databaseUrl!);
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      // The counts and pg_dump read the same exported snapshot, held open until the dump ends.
      await client.query('begin isolation level repeatable read read only');
      const id = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      snapshot = await pgCounts(client);
      await run(
        'pg_dump',
        [
          '--format=custom',
          `--snapshot=${id}`,
          `--file=${path.join(target, PG_DUMP_FILE)}`,
          `--dbname=${url}`,
        ],
        env,
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
  }
  log(`Database: ${Object.values(snapshot.counts).reduce((a, b) => a + b, 0)} rows saved.`);

  const media = config.s3 ? 's3' : 'local';
  if (media === 'local') {
    const files = copyTree(mediaRoot(config.dataDir), path.join(target, 'media'));
    log(`Media: ${files} files copied.`);
  } else {
    log(`Media: kept in the S3 bucket ${config.s3!.bucket}; see README.txt in the backup.`);
  }

  const secrets = GENERATED_FILES.filter((name) => existsSync(path.join(config.dataDir, name)));
  mkdirSync(path.join(target, 'secrets'), { recursive: true, mode: 0o700 });
  for (const name of secrets) {
    copyFileSync(path.join(config.dataDir, name), path.join(target, 'secrets', name));
  }

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: appVersion(),
    migration: snapshot.migration,
    dialect,
    database,
    counts: snapshot.counts,
    media,
    secrets,
  };
  writeFileSync(path.join(target, 'README.txt'), readme(manifest, config));
  writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(partial);
  ownerOnly(target);
  return manifest;
}

/**
 * Makes a folder and everything in it readable by its owner only (0700 folders, 0600 files), whatever
 * the umask of whoever ran the command: backups and DATA_DIR hold every member's data and the secrets.
 */
export function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const where = path.join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(where);
    else if (entry.isFile()) chmodSync(where, 0o600);
  }
}

/** Reads and checks a backup folder before anything is touched. */
export function readBackup(dir: string): Manifest {
  const source = path.resolve(dir);
  if (!existsSync(source) || !statSync(source).isDirectory()) {
    throw new BackupError(`${source} is not a folder.`, 2);
  }
  const manifestFile = path.join(source, 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new BackupError(
      existsSync(path.join(source, '.incomplete'))
        ? `${source} is an unfinished backup (it has no manifest.json): take a new one.`
        : `${source} is not a Splikz backup: it has no manifest.json.`,
      2,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch (error) {
    throw new BackupError(`Cannot read ${manifestFile}: ${(error as Error).message}`, 2);
  }
  if (
    manifest?.format !== BACKUP_FORMAT ||
    typeof manifest.counts !== 'object' ||
    manifest.counts === null ||
    (manifest.dialect !== 'sqlite' && manifest.dialect !== 'postgres')
  ) {
    throw new BackupError(`${manifestFile} is not a Splikz backup manifest.`, 2);
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `This backup (format ${manifest.formatVersion}) is newer than this app can read.`,
      2,
    );
  }
  const expected = manifest.dialect === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE;
  if (manifest.database !== expected || !existsSync(path.join(source, expected))) {
    throw new BackupError(`${source} has no ${expected}: the backup is incomplete.`, 2);
  }
  return manifest;
}

/** Restores `dir` into the configured DATA_DIR / DATABASE_URL; stop the app first. */
export async function restore(
  config: Config,
  dir: string,
  options: { force: boolean },
  log: (line: string) => void,
): Promise<void> {
  const source = path.resolve(dir);
  const manifest = readBackup(source);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect) {
    throw new BackupError(
      manifest.dialect === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into.'
        : 'This backup is of a SQLite database: unset DATABASE_URL to restore it into DATA_DIR.',
      2,
    );
  }
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE);
  const targetMedia = mediaRoot(config.dataDir);
  if (!options.force) {
    const occupied =
      dialect === 'sqlite'
        ? existsSync(sqliteFile) && `${config.dataDir} already has a database`
        : !(await pgIsEmpty(config.databaseUrl!)) && 'the database at DATABASE_URL already has rows';
    const mediaThere =
      manifest.media === 'local' && existsSync(targetMedia) && readdirSync(targetMedia).length > 0;
    const reason = occupied || (mediaThere && `${targetMedia} is not empty`);
    if (reason) {
      throw new BackupError(
        `Refusing to restore: ${reason}. Restore into an empty target, or add --force to replace it (stop the app first).`,
      );
    }
  }

  mkdirSync(config.dataDir, { recursive: true });
  if (dialect === 'sqlite') {
    const incoming = `${sqliteFile}.restoring`;
    copyFileSync(path.join(source, SQLITE_FILE), incoming);
    for (const suffix of ['-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
    renameSync(incoming, sqliteFile);
  } else {
    const { url, env } = pgTarget(config.databaseUrl!);
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${url}`,
        path.join(source, PG_DUMP_FILE),
      ],
      env,
    );
  }
  log('Database restored.');

  if (manifest.media === 'local') {
    rmSync(targetMedia, { recursive: true, force: true });
    const files = copyTree(path.join(source, 'media'), targetMedia);
    log(`Media: ${files} files restored.`);
  } else {
    log('Media: this node kept them in S3; restore the bucket as README.txt in the backup says.');
  }
  for (const name of manifest.secrets ?? []) {
    if (!GENERATED_FILES.includes(name)) continue;
    copyFileSync(path.join(source, 'secrets', name), path.join(config.dataDir, name));
  }
  ownerOnly(config.dataDir);

  const restored =
    dialect === 'sqlite' ? sqliteCounts(sqliteFile).counts : await countPostgres(config.databaseUrl!);
  const differences = Object.entries(manifest.counts)
    .filter(([table, expected]) => restored[table] !== expected)
    .map(([table, expected]) => `${table}: ${restored[table] ?? 'missing'} rows, the backup had ${expected}`);
  if (differences.length > 0) {
    throw new BackupError(`The restored database does not match the backup:\n  ${differences.join('\n  ')}`);
  }
  log(`Checked: every table has the rows the backup recorded (migration ${manifest.migration ?? 'none'}).`);
}
