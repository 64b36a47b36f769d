import type { Message } from '@common/schemas/messages.ts';
import type { MessagesTable } from '@server/db/types.ts';
import type { Selectable } from 'kysely';

export function presentMessage(row: Selectable<MessagesTable>): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    receiver_id: row.receiver_id,
    content: row.content,
    created_at: row.created_at,
    is_read: Boolean(row.is_read),
    client_id: row.client_id,
  };
}
