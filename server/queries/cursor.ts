import { badRequest } from '@server/http/errors.ts';

/** Keyset cursors are opaque to clients: base64url of "created_at|id" of the last row of a page. */
export function encodeCursor(row: { created_at: string; id: string }): string {
  return Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A timestamp as the app writes them (ISO, UTC), on a real date: `2026-02-30T...` would be moved to
 * March by Date.parse, and PostgreSQL refuses what SQLite would compare as text.
 */
export function isIsoInstant(value: string): boolean {
  if (!ISO_INSTANT.test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

export const isUuid = (value: string) => UUID.test(value);

/** Reads a cursor back; anything else is a 400 that tells the client to reload `what`. */
export function decodeCursor(cursor: string, what: string): { createdAt: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [createdAt, id] = parts;
  if (parts.length !== 2 || !createdAt || !id || !isIsoInstant(createdAt) || !isUuid(id)) {
    throw badRequest('invalid_cursor', { what });
  }
  return { createdAt, id };
}
