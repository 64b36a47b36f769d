import { perDatabase } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * A value each node keeps per member with the number it was read at (hidden_versions,
 * member_versions): the caller reads the number in a query it makes anyway, and the value is read
 * again only when the number moved on any node, or after `maxAgeMs`. Up to `max` members, the least
 * recently used dropped first. Used by hiddenMembers.ts, viewerGroups.ts, viewerAnswers.ts and
 * viewerMarks.ts (whose value, the only one, grows in place as pages ask).
 */
export function keptPerMember<T>(
  max: number,
  read: (db: Kysely<DB>, memberId: string, now: number) => Promise<T>,
  maxAgeMs = Number.POSITIVE_INFINITY,
): (db: Kysely<DB>, memberId: string, version: number) => Promise<T> {
  const kept = perDatabase(
    () => new LRUCache<string, { version: number; readAt: number; value: T }>({ max }),
  );
  return async (db, memberId, version) => {
    const now = Date.now();
    const found = kept(db).get(memberId);
    if (found && found.version === Number(version) && now - found.readAt < maxAgeMs) return found.value;
    const value = await read(db, memberId, now);
    // Shared by every page of this member on this node (read-only, but for viewerMarks' answers).
    kept(db).set(memberId, { version: Number(version), readAt: now, value });
    return value;
  };
}
