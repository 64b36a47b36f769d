import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { MemberValue } from './declared.ts';
import { memberNumber } from './versions.ts';

/** What a node keeps of one declared per-member value (declared.ts PER_MEMBER). */
export interface MemberStore<T> {
  /** The member's value as of `version` (numberOf, read by the caller before): kept, or read now. */
  (db: Kysely<DB>, memberId: string, version: number): Promise<T>;
  /** The member's number, as a column of the caller's query; `memberId` may be a placeholder. */
  numberOf(memberId: string): RawBuilder<number>;
  /** The member's number now, for a caller with no query of its own to read it in. */
  version(db: Kysely<DB>, memberId: string): Promise<number>;
}

/**
 * A value each node keeps per member with the number it was read at: read again when the number moved
 * on any node, or past its age. Up to `maxMembers`, the least recently used dropped first. The value is
 * shared by every page of the member on this node (read-only, but for viewerMarks', which grows in
 * place as pages ask).
 */
export function memberValue<T>(
  declared: MemberValue,
  read: (db: Kysely<DB>, memberId: string, now: number) => Promise<T>,
): MemberStore<T> {
  const kept = perDatabase(
    () => new LRUCache<string, { version: number; readAt: number; value: T }>({ max: declared.maxMembers }),
  );
  const get = async (db: Kysely<DB>, memberId: string, version: number) => {
    const now = Date.now();
    const found = kept(db).get(memberId);
    if (found && found.version === Number(version) && now - found.readAt < declared.maxAgeMs)
      return found.value;
    const value = await read(db, memberId, now);
    kept(db).set(memberId, { version: Number(version), readAt: now, value });
    return value;
  };
  const numberOf = (memberId: string) => memberNumber(declared.number, memberId);
  const versionQuery = perDatabase((db) =>
    preparedQuery(db, { memberId: '\u0000member' }, (v) => ({
      compile: () => sql<{ version: number }>`select ${numberOf(v.memberId)} as version`.compile(db),
    })),
  );
  const version = async (db: Kysely<DB>, memberId: string) => {
    const [row] = await versionQuery(db)({ memberId });
    return Number(row?.version ?? 0);
  };
  return Object.assign(get, { numberOf, version });
}
