import type { Kysely } from 'kysely';

// Apps (issue 53): the Mastodon client API's OAuth 2 provider. An app registers itself (POST
// /api/v1/apps, no account needed) and gets a client id and secret; a member authorizes it on
// /oauth/authorize, which keeps a short-lived code; the code becomes a token. Secrets, codes and
// tokens are kept as SHA-256 digests only: a copy of the database signs no one in. A member's codes
// and tokens go with their account; an app's go with the app.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('website', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('client_secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull().references('oauth_apps.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oauth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('app_id', 'text', (c) => c.notNull().references('oauth_apps.id').onDelete('cascade'))
    // Null: the app's own token (client_credentials), which acts for no member.
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('oauth_tokens_user_idx').on('oauth_tokens').column('user_id').execute();
  await db.schema.createIndex('oauth_codes_user_idx').on('oauth_codes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').execute();
  await db.schema.dropTable('oauth_codes').execute();
  await db.schema.dropTable('oauth_apps').execute();
}
