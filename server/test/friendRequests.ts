import type { TestServer } from '@server/test/harness.ts';
import { v7 as uuidv7 } from 'uuid';

// A pending friend request as a follow leaves it, written straight to the database, for the
// notification and friend-request tests.
export async function insertPendingRequest(server: TestServer, from: string, to: string) {
  const db = server.built.ctx.database.db;
  const now = new Date().toISOString();
  await db
    .insertInto('friendships')
    .values({ id: uuidv7(), user_id: from, friend_id: to, status: 'pending', created_at: now })
    .execute();
  await db
    .insertInto('notifications')
    .values({
      id: uuidv7(),
      user_id: to,
      from_user_id: from,
      type: 'friend_request',
      message: 'Friend request sent!',
      is_read: false,
      created_at: now,
    })
    .execute();
}
