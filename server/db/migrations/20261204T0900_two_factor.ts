import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Two-factor sign-in (issue 52), by Better Auth's `twoFactor` plugin: its `twoFactorEnabled` flag on
// `user` and its `twoFactor` table (the TOTP secret and the recovery codes, both encrypted with the
// auth secret; the failed tries and the lock of the account), frozen from its schema for both dialects.
// `two_factor_steps` is ours: the 30-second step of the last code each member signed in with, so a
// code is taken once and no older one after it (Better Auth checks a code, not whether it was used).
const sqlite = [
  `alter table "user" add column "twoFactorEnabled" integer default 0`,
  `create table "twoFactor" ("id" text not null primary key, "secret" text not null,
    "backupCodes" text not null, "userId" text not null references "user" ("id") on delete cascade,
    "verified" integer default 1, "failedVerificationCount" integer default 0, "lockedUntil" date)`,
];

const postgres = [
  `alter table "user" add column "twoFactorEnabled" boolean default false`,
  `create table "twoFactor" ("id" text not null primary key, "secret" text not null,
    "backupCodes" text not null, "userId" text not null references "user" ("id") on delete cascade,
    "verified" boolean default true, "failedVerificationCount" integer default 0, "lockedUntil" timestamptz)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of isPostgres ? postgres : sqlite) await sql.raw(statement).execute(db);
  await sql.raw('create index "twoFactor_userId_idx" on "twoFactor" ("userId")').execute(db);
  await sql.raw('create index "twoFactor_secret_idx" on "twoFactor" ("secret")').execute(db);
  await db.schema
    .createTable('two_factor_steps')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('last_step', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_steps').execute();
  await db.schema.dropTable('twoFactor').execute();
  await db.schema.alterTable('user').dropColumn('twoFactorEnabled').execute();
}
