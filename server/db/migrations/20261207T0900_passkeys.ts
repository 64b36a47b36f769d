import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Passkeys (issue 52), by Better Auth's `@better-auth/passkey` plugin: its `passkey` table (the
// credential's id and public key, the signature counter, the name the member gave it), frozen from its
// schema for both dialects. A passkey goes with its account.
const sqlite = [
  `create table "passkey" ("id" text not null primary key, "name" text, "publicKey" text not null,
    "userId" text not null references "user" ("id") on delete cascade, "credentialID" text not null,
    "counter" integer not null, "deviceType" text not null, "backedUp" integer not null,
    "transports" text, "createdAt" date, "aaguid" text)`,
];

const postgres = [
  `create table "passkey" ("id" text not null primary key, "name" text, "publicKey" text not null,
    "userId" text not null references "user" ("id") on delete cascade, "credentialID" text not null,
    "counter" integer not null, "deviceType" text not null, "backedUp" boolean not null,
    "transports" text, "createdAt" timestamptz, "aaguid" text)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of isPostgres ? postgres : sqlite) await sql.raw(statement).execute(db);
  await sql.raw('create index "passkey_userId_idx" on "passkey" ("userId")').execute(db);
  await sql.raw('create unique index "passkey_credentialID_idx" on "passkey" ("credentialID")').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey').execute();
}
