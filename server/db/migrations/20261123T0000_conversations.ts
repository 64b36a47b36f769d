import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Direct messages belong to a conversation: one row per pair of members (user_a < user_b), which
// keeps the newest message for the list and each side's unread count in the same transaction as
// the message that changes them. History pages on (conversation_id, created_at, id).
// The messages table of the first model had no conversation and no code ever wrote to it, so it is
// made again here with the conversation key (SQLite cannot add a NOT NULL reference to a table).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const no = pg ? sql`false` : sql`0`;

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_a', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('user_b', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('last_message_id', 'text', (c) => c.notNull())
    .addColumn('last_message_at', ts, (c) => c.notNull())
    .addColumn('a_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('b_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('conversations_pair_key', ['user_a', 'user_b'])
    .addCheckConstraint('conversations_pair_order', sql`user_a < user_b`)
    .execute();
  for (const side of ['user_a', 'user_b']) {
    await db.schema
      .createIndex(`conversations_${side}_recent_idx`)
      .on('conversations')
      .columns([side, 'last_message_at', 'id'])
      .execute();
  }

  await db.schema.dropTable('messages').execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('receiver_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('is_read', bool, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('messages_history_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_client_idx')
    .unique()
    .on('messages')
    .columns(['sender_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['conversation_id', 'receiver_id', 'is_read'])
    .execute();
  // Account deletion cascades from the sender and the receiver.
  await db.schema.createIndex('messages_receiver_idx').on('messages').column('receiver_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
}
