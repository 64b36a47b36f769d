import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Sign-in alerts (issue 52): each browser and system an account has signed in from, so a sign-in
// from a new one mails 'New sign-in to your Splikz account'; and the member's switch for that mail
// (on). Names as the sessions list reads them from the User-Agent ('Chrome', 'Linux'), not versions,
// so an update of the browser is not a new one. They go with the account.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('user_settings')
    .addColumn('email_sign_in_alerts', pg ? 'boolean' : 'integer', (c) =>
      c.notNull().defaultTo(pg ? sql`true` : sql`1`),
    )
    .execute();
  await db.schema
    .createTable('sign_in_browsers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_browsers_pk', ['user_id', 'browser', 'system'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_browsers').execute();
  await db.schema.alterTable('user_settings').dropColumn('email_sign_in_alerts').execute();
}
