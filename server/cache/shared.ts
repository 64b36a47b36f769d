import { perDatabase, preparedQuery } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import { type Kysely, sql } from 'kysely';
import type { SharedValue } from './declared.ts';
import { sharedNumber } from './versions.ts';

interface Entry<T> {
  /** When its read began: it is never used maxAgeMs after. */
  at: number;
  /** From when a request that uses it also starts reading it again, for the requests after. */
  renewAt: number;
  /** The number of its tables it was read at. */
  version: number;
  value: T;
}

/** What a node keeps of one declared value (declared.ts SHARED), per database. */
export interface SharedStore<T> {
  /**
   * The kept value of `key` when it was read at `version` or later (sharedNumber of the value's
   * tables, read by the caller before; the number only grows) and is younger than its age; else the
   * read under way, or a new one.
   */
  get(key: string, version: number, read: () => Promise<T>): T | Promise<T>;
  /** The value's number now, for a caller with no query of its own to read it in. */
  version(): Promise<number>;
}

/**
 * A store of a shared value by key, holding at most `maxKeys` (when full, the stale ones are dropped,
 * and if none is, the one kept longest). From a random moment between half and three quarters of its
 * age, the request that finds a value also starts reading it again, one read at a time, and is answered
 * with the kept value meanwhile: 50 requests at once each starting their own made 50 reads a second.
 * Only a value too old or of an older number is waited for, and then only a read at the same number.
 */
export function sharedValue<T>(declared: SharedValue): (db: Kysely<DB>) => SharedStore<T> {
  const { maxAgeMs, maxKeys } = declared;
  return perDatabase((db) => {
    const kept = new Map<string, Entry<T>>();
    const reading = new Map<string, { version: number; read: Promise<T> }>();
    const versionQuery = preparedQuery(db, {}, () => ({
      compile: () => sql<{ version: number }>`select ${sharedNumber(declared.number)} as version`.compile(db),
    }));
    const makeRoom = (now: number, version: number) => {
      for (const [key, entry] of kept) {
        if (entry.version !== version || now - entry.at >= maxAgeMs) kept.delete(key);
      }
      // Keys in the order they were kept: the first is the oldest.
      if (kept.size >= maxKeys) kept.delete(kept.keys().next().value!);
    };
    const startReading = (key: string, version: number, read: () => Promise<T>) => {
      const at = performance.now();
      const fresh = read()
        .then((value) => {
          kept.delete(key);
          if (kept.size >= maxKeys) makeRoom(at, version);
          // At different moments for values read together (a page's lists, after a write).
          const renewAt = at + maxAgeMs * (0.5 + Math.random() / 4);
          kept.set(key, { at, renewAt, version, value });
          return value;
        })
        .finally(() => {
          if (reading.get(key)?.read === fresh) reading.delete(key);
        });
      reading.set(key, { version, read: fresh });
      return fresh;
    };
    return {
      get(key, version, read) {
        version = Number(version);
        const entry = kept.get(key);
        const now = performance.now();
        const under = reading.get(key);
        if (entry && entry.version >= version && now - entry.at < maxAgeMs) {
          if (now >= entry.renewAt && !(under && under.version >= entry.version)) {
            // Nobody waits for it: a failed read is the next request's to try again.
            startReading(key, entry.version, read).catch(() => {});
          }
          return entry.value;
        }
        if (under && under.version >= version) return under.read;
        return startReading(key, version, read);
      },
      async version() {
        const [row] = await versionQuery({});
        return Number(row?.version ?? 0);
      },
    };
  });
}
