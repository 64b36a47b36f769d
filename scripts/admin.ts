// Grants or revokes the admin role by email: npm run admin -- grant a@b.c | revoke a@b.c | list
// Sends today's New posts digests now (they also go hourly from the app): npm run admin -- send-digests
// Backs the node up while it runs, or restores a backup into DATA_DIR / DATABASE_URL (scripts/backup.ts):
//   npm run admin -- backup <dir> | restore <dir> [--force]
import { loadConfig } from '@server/config.ts';
import { openDatabase } from '@server/db/database.ts';
import { migrateToLatest } from '@server/db/migrate.ts';
import { sendDailyDigests } from '@server/jobs/emailDigests.ts';
import { createMailer } from '@server/mail/mailer.ts';
import { BackupError, backup, checkBackupTarget, readBackup, restore, targetConfig } from './backup.ts';

const usage =
  'Usage: npm run admin -- grant <email> | revoke <email> | list | send-digests | backup <dir> | restore <dir> [--force]';

/** backup and restore: nothing is opened, migrated or generated before the arguments are checked. */
async function backupOrRestore(action: 'backup' | 'restore', args: string[]): Promise<number> {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  const [dir] = rest;
  if (!dir || rest.length > 1 || (force && action === 'backup')) {
    console.error(usage);
    return 2;
  }
  try {
    // The folder is checked first: a wrong one must not get as far as creating DATA_DIR.
    if (action === 'backup') checkBackupTarget(dir);
    else readBackup(dir);
    const config = targetConfig();
    if (action === 'backup') {
      const manifest = await backup(config, dir, console.log);
      console.log(`Backup written to ${dir} (migration ${manifest.migration ?? 'none'}).`);
    } else {
      await restore(config, dir, { force }, console.log);
      console.log(`Restored ${dir} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return error.exitCode;
  }
}

async function main(): Promise<number> {
  const [action, rawEmail] = process.argv.slice(2);
  if (action === 'backup' || action === 'restore') return backupOrRestore(action, process.argv.slice(3));
  if (action !== 'grant' && action !== 'revoke' && action !== 'list' && action !== 'send-digests') {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const { db } = database;
    if (action === 'send-digests') {
      const log = { warn: console.warn, error: console.error };
      const mailer = createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log: () => {},
      });
      const sent = await sendDailyDigests({ database, mailer, config, log });
      console.log(`${sent} digest email${sent === 1 ? '' : 's'} sent.`);
      return 0;
    }
    if (action === 'list') {
      const admins = await db
        .selectFrom('user_roles')
        .innerJoin('user', 'user.id', 'user_roles.user_id')
        .select(['user.email'])
        .where('user_roles.role', '=', 'admin')
        .orderBy('user.email')
        .execute();
      console.log(admins.length ? admins.map((a) => a.email).join('\n') : 'No admins yet.');
      return 0;
    }
    const email = rawEmail?.trim().toLowerCase();
    if (!email) {
      console.error(usage);
      return 2;
    }
    const user = await db.selectFrom('user').select(['id']).where('email', '=', email).executeTakeFirst();
    if (!user) {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    if (action === 'grant') {
      await db
        .insertInto('user_roles')
        .values({ user_id: user.id, role: 'admin', created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .execute();
      console.log(`${email} is now an admin.`);
    } else {
      await db.deleteFrom('user_roles').where('user_id', '=', user.id).where('role', '=', 'admin').execute();
      console.log(`${email} is no longer an admin.`);
    }
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
