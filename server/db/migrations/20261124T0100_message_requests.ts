import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Message requests (DESIGN: 'Who can message you' is a real setting). The choice lives on the
// profile beside the other privacy setting (followers_visible), so every member has one without a
// settings row. Each side of a conversation keeps its own state, because a request is the
// recipient's alone: the sender's side is a normal conversation.
// - `a_request` / `b_request`: that member has not accepted the conversation yet (it shows in their
//   'Message requests', not their inbox). Conversations from before stay in both inboxes.
// - `a_cleared_up_to` / `b_cleared_up_to`: the newest message when that member deleted the request;
//   they see nothing up to it, and the conversation is gone for them while it is still the newest.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool = pg ? 'boolean' : 'integer';
  const no = pg ? sql`false` : sql`0`;

  await db.schema
    .alterTable('profiles')
    .addColumn('who_can_message', 'text', (c) =>
      c.notNull().defaultTo('friends').check(sql`who_can_message in ('friends', 'everyone')`),
    )
    .execute();
  for (const side of ['a', 'b']) {
    await db.schema
      .alterTable('conversations')
      .addColumn(`${side}_request`, bool, (c) => c.notNull().defaultTo(no))
      .execute();
    await db.schema.alterTable('conversations').addColumn(`${side}_cleared_up_to`, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const side of ['a', 'b']) {
    await db.schema.alterTable('conversations').dropColumn(`${side}_cleared_up_to`).execute();
    await db.schema.alterTable('conversations').dropColumn(`${side}_request`).execute();
  }
  await db.schema.alterTable('profiles').dropColumn('who_can_message').execute();
}
