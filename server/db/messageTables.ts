import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from './columnTypes.ts';

// Direct messages: a conversation per pair of members and its messages (the tables of types.ts' DB).

export interface ConversationsTable {
  id: string;
  /** The pair, ordered: user_a < user_b. */
  user_a: string;
  user_b: string;
  last_message_id: string;
  last_message_at: string;
  a_unread: Generated<number>;
  b_unread: Generated<number>;
  /** That side has not accepted the conversation: it is in their Message requests. */
  a_request: Generated<Bool>;
  b_request: Generated<Bool>;
  /** The newest message when that side deleted the request: they see nothing up to it. */
  a_cleared_up_to: string | null;
  b_cleared_up_to: string | null;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  client_id: string | null;
  is_read: Bool;
  created_at: Timestamp;
  /** Set when a moderator removed it (its content is then the moderator's note). */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}
