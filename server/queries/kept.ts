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
  at: number;
  generation: number;
  value: T;
}

/**
 * A store of values by key, per database, holding at most `maxKeys` (all dropped when full). `get` gives
 * the kept value while it is fresh; otherwise one read at a time: the requests that find it too old wait
 * for the read under way, unless a command committed since it began (they must see the commit). Each
 * starting its own, 50 requests at once made 50 reads every second. A read during which a command
 * committed serves the requests that waited for it, and is not kept.
 */
export function keptStore<T>(maxKeys: number) {
  return perDatabase((db) => {
    const kept = new Map<string, Entry<T>>();
    const reading = new Map<string, { generation: number; read: Promise<T> }>();
    const readAndKeep = async (key: string, read: () => Promise<T>, generation: number): Promise<T> => {
      const at = performance.now();
      const value = await read();
      if (keptGeneration(db) === generation) {
        if (kept.size >= maxKeys) kept.clear();
        kept.set(key, { at, generation, value });
      }
      return value;
    };
    return (key: string, read: () => Promise<T>): T | Promise<T> => {
      const generation = keptGeneration(db);
      const entry = kept.get(key);
      if (entry && entry.generation === generation && performance.now() - entry.at < KEPT_MS) {
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
