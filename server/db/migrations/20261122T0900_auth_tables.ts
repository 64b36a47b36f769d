import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Better Auth's core tables (user, session, account, verification), frozen from its generator
// for both dialects so that every table is created by our own migrations, in order.
const sqlite = [
  `create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique,
    "emailVerified" integer not null, "image" text, "createdAt" date not null, "updatedAt" date not null)`,
  `create table "session" ("id" text not null primary key, "expiresAt" date not null,
    "token" text not null unique, "createdAt" date not null, "updatedAt" date not null, "ipAddress" text,
    "userAgent" text, "userId" text not null references "user" ("id") on delete cascade)`,
  `create table "account" ("id" text not null primary key, "accountId" text not null,
    "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade,
    "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" date,
    "refreshTokenExpiresAt" date, "scope" text, "password" text, "createdAt" date not null,
    "updatedAt" date not null)`,
  `create table "verification" ("id" text not null primary key, "identifier" text not null,
    "value" text not null, "expiresAt" date not null, "createdAt" date not null, "updatedAt" date not null)`,
];

const postgres = [
  `create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique,
    "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz default CURRENT_TIMESTAMP not null)`,
  `create table "session" ("id" text not null primary key, "expiresAt" timestamptz not null,
    "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text,
    "userId" text not null references "user" ("id") on delete cascade)`,
  `create table "account" ("id" text not null primary key, "accountId" text not null,
    "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade,
    "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz,
    "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text,
    "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null)`,
  `create table "verification" ("id" text not null primary key, "identifier" text not null,
    "value" text not null, "expiresAt" timestamptz not null,
    "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
    "updatedAt" timestamptz default CURRENT_TIMESTAMP not null)`,
];

const indexes = [
  'create index "session_userId_idx" on "session" ("userId")',
  'create index "account_userId_idx" on "account" ("userId")',
  'create index "verification_identifier_idx" on "verification" ("identifier")',
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [...(isPostgres ? postgres : sqlite), ...indexes]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(table).execute();
  }
}
