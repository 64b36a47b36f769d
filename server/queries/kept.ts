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
  /** When it is too old: KEPT_MS after its read began, or up to half that sooner. */
  until: number;
  generation: number;
  value: T;
}

/**
 * A store of values by key, per database, holding at most `maxKeys` (when full, the stale ones are
 * dropped, and if none is, the one kept longest). `get` gives
 * the kept value while it is fresh; otherwise one read at a time: the requests that find it too old wait
 * for the read under way, unless a command committed since it began (they must see the commit). Each
 * starting its own, 50 requests at once made 50 reads every second. A read during which a command
 * committed serves the requests that waited for it, and is not kept.
 */
export function keptStore<T>(maxKeys: number) {
  return perDatabase((db) => {
    const kept = new Map<string, Entry<T>>();
    const reading = new Map<string, { generation: number; read: Promise<T> }>();
    const makeRoom = (now: number, generation: number) => {
      for (const [key, entry] of kept) {
        if (entry.generation !== generation || now >= entry.until) kept.delete(key);
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
        // Values read together (a page's lists, after a command) are read again at different
        // times, not all in the one request that finds them too old: each read blocks the node
        // (SQLite answers synchronously), and 14 of them at once made Upcoming's slowest answers.
        kept.set(key, { until: at + KEPT_MS * (1 - Math.random() / 2), generation, value });
      }
      return value;
    };
    return (key: string, read: () => Promise<T>): T | Promise<T> => {
      const generation = keptGeneration(db);
      const entry = kept.get(key);
      if (entry && entry.generation === generation && performance.now() < entry.until) {
        return entry.value;
      }
      const under = reading.get(key);
      if (under && under.generation === generation) return under.read;
      const fresh = readAndKeep(key, read, generation).finally(() => {
        if (reading.get(key)?.read === fresh) reading.delete(key);
      });
      reading.set(key, { generation, read: fresh });
      return fresh;
    };
  });
}
