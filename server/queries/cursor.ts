import { badRequest } from '@server/http/errors.ts';

/** Keyset cursors are opaque to clients: base64url of "created_at|id" of the last row of a page. */
export function encodeCursor(row: { created_at: string; id: string }): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

/** Reads a cursor back; anything else is a 400 that tells the client to reload `what`. */
export function decodeCursor(cursor: string, what: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest(`The page cursor is not valid. Reload ${what}.`, 'invalid_cursor');
  }
  return { createdAt, id };
}
