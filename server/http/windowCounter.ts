import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/** Counts hits per key in fixed windows that start at a key's first hit. */
export interface WindowCounter {
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

/**
 * A fixed-window counter for limits that are not one HTTP route's (socket events, mails). With a Redis
 * client (REDIS_URL) every node shares the count; without one, or while Redis fails, each node counts
 * alone in bounded memory (a limit per node is still a limit). In Redis the window is set with the
 * first hit in one MULTI, so a key can never outlive its window.
 */
export function createWindowCounter(options: { prefix: string; redis?: Redis | undefined }): WindowCounter {
  const local = new LRUCache<string, { count: number; resetAt: number }>({ max: 100_000 });

  function hitLocally(key: string, windowMs: number): WindowCount {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      local.set(key, entry, { ttl: windowMs });
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  return {
    async hit(key, windowMs) {
      const { redis } = options;
      if (!redis) return hitLocally(key, windowMs);
      const name = `${options.prefix}:${key}`;
      try {
        const results = await redis.multi().set(name, '0', 'PX', windowMs, 'NX').incr(name).pttl(name).exec();
        const [incrError, count] = results?.[1] ?? [];
        const ttl = Number(results?.[2]?.[1]);
        if (incrError || typeof count !== 'number') return hitLocally(key, windowMs);
        return { count, resetInMs: ttl > 0 ? ttl : windowMs };
      } catch {
        return hitLocally(key, windowMs);
      }
    },
  };
}
