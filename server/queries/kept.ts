import { perDatabase } from '@server/db/prepared.ts';
import type { DB } from '@server/db/types.ts';
import type { Kysely } from 'kysely';

// What one node keeps between requests to cut first pages from (the feeds' newest posts,
// queries/newestPage.ts; Upcoming's next events, queries/upcomingPage.ts): each value is used while no
// command has committed on this node since it was read (the generation) and for at most KEPT_MS, so
// what another node, a job or the admin script wrote shows within a second.

/** How long a kept value serves at most. */
export const KEPT_MS = 1000;

const generations = perDatabase(() => ({ generation: 0 }));

/** Moves whenever something may have changed what is kept: every kept value is then read again. */
export function keptGeneration(db: Kysely<DB>): number {
  return generations(db).generation;
}

/** A command committed (or a request that may write was answered): nothing kept is used again. */
export function forgetKept(db: Kysely<DB>): void {
  generations(db).generation += 1;
}

interface Entry<T> {
  /** When its read began: it is never used KEPT_MS after. */
  at: number;
  /** From when a request that uses it also starts reading it again, for the requests after. */
  renewAt: number;
  generation: number;
  value: T;
}

/**
 * A store of values by key, per database, holding at most `maxKeys` (when full, the stale ones are
 * dropped, and if none is, the one kept longest). `get` gives the kept value while it is fresh (no
 * command committed on this node since its read began, and younger than KEPT_MS); from a random moment
 * between half and three quarters of KEPT_MS, the request that finds it also starts reading it again,
 * one read at a time, and is answered with the kept value meanwhile. Only a value too old or from
 * before a commit is waited for: then the requests wait for the read under way, unless a command
 * committed since it began (they must see the commit). Each starting its own, 50 requests at once made
 * 50 reads every second; all waiting for one, every request that came during a read of Upcoming's
 * lists (SQLite answers synchronously, and other requests' queries come between the read's) waited its
 * length, which made Upcoming's slowest answers. A read during which a command committed serves the
 * requests that waited for it, and is not kept.
 */
export function keptStore<T>(maxKeys: number) {
  return perDatabase((db) => {
    const kept = new Map<string, Entry<T>>();
    const reading = new Map<string, { generation: number; read: Promise<T> }>();
    const makeRoom = (now: number, generation: number) => {
      for (const [key, entry] of kept) {
        if (entry.generation !== generation || now - entry.at >= KEPT_MS) kept.delete(key);
      }
      // Keys in the order they were kept: the first is the oldest.
      if (kept.size >= maxKeys) kept.delete(kept.keys().next().value!);
    };
    const readAndKeep = async (key: string, read: () => Promise<T>, generation: number): Promise<T> => {
      const at = performance.now();
      const value = await read();
      if (keptGeneration(db) === generation) {
        kept.delete(key);
        if (kept.size >= maxKeys) makeRoom(at, generation);
        // At different moments for values read together (a page's lists, after a command).
        const renewAt = at + KEPT_MS * (0.5 + Math.random() / 4);
        kept.set(key, { at, renewAt, generation, value });
      }
      return value;
    };
    const startReading = (key: string, read: () => Promise<T>, generation: number) => {
      const fresh = readAndKeep(key, read, generation).finally(() => {
        if (reading.get(key)?.read === fresh) reading.delete(key);
      });
      reading.set(key, { generation, read: fresh });
      return fresh;
    };
    return (key: string, read: () => Promise<T>): T | Promise<T> => {
      const generation = keptGeneration(db);
      const entry = kept.get(key);
      const now = performance.now();
      const under = reading.get(key);
      if (entry && entry.generation === generation && now - entry.at < KEPT_MS) {
        if (now >= entry.renewAt && !(under && under.generation === generation)) {
          // Nobody waits for it: a failed read is the next request's to try again.
          startReading(key, read, generation).catch(() => {});
        }
        return entry.value;
      }
      if (under && under.generation === generation) return under.read;
      return startReading(key, read, generation);
    };
  });
}
