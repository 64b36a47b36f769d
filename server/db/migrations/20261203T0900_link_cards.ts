import { type Kysely, sql } from 'kysely';

// Link cards (issue 51). The first link of a post (`card_url`) gets a card read by the server after the
// post is written (server/jobs/linkCards.ts): `card_state` is 'pending' until then, 'ready' with the
// card as JSON in `card` (what every viewer sees, so the kept feed pages carry it and the posts triggers
// move their number when it arrives), 'none' when the page gave none, 'removed' when the author took it
// off (an edit that keeps the link does not bring it back). The card's image is an upload of the
// author's (`card_media_id`), re-encoded and served from our storage like a photo, gone with the post.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['card_url', 'card_state', 'card'] as const) {
    await db.schema.alterTable('posts').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('posts')
    .addColumn('card_media_id', 'text', (c) => c.references('media_objects.id').onDelete('set null'))
    .execute();
  // The job's list of cards still to read (a node that stopped before reading one).
  await sql`create index posts_card_pending_idx on posts (updated_at) where card_state = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index posts_card_pending_idx`.execute(db);
  for (const column of ['card_media_id', 'card', 'card_state', 'card_url']) {
    await db.schema.alterTable('posts').dropColumn(column).execute();
  }
}
