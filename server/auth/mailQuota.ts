import { createHash } from 'node:crypto';
import { createWindowCounter } from '@server/http/windowCounter.ts';
import { Redis } from 'ioredis';

/**
 * Confirmation and reset mails one address may receive in 24 hours, both kinds together. The routes
 * limit asks per minute; this stops a script that asks a few times a minute all day from flooding an
 * inbox (and our sender's reputation). A person needs two or three.
 */
export const MAILS_PER_ADDRESS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

export interface MailQuota {
  /** True when one more mail may go to this address now (and counts it); false when it is held back. */
  take(email: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The daily count per address: with REDIS_URL shared by every node, otherwise per node. Addresses are
 * kept as hashes. Past the cap, the caller answers as usual and sends nothing, so the answer never
 * tells whether the address has an account.
 */
export function createMailQuota(options: { redisUrl?: string | undefined; perDay?: number }): MailQuota {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  const counter = createWindowCounter({ prefix: 'mail-quota', redis });
  const perDay = options.perDay ?? MAILS_PER_ADDRESS_PER_DAY;
  return {
    async take(email) {
      const key = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
      return (await counter.hit(key, DAY_MS)).count <= perDay;
    },
    close: async () => {
      await redis?.quit().catch(() => undefined);
    },
  };
}
