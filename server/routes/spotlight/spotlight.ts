import { setTimeout as sleep } from 'node:timers/promises';
import { type Spotlight, spotlightDate } from '@common/schemas/spotlight.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { requestSpotlightNow, spotlightRunning } from '@server/jobs/dailySpotlight.ts';
import type { JobRunner } from '@server/jobs/index.ts';
import { readSpotlight } from '@server/queries/spotlight.ts';
import type { FastifyInstance } from 'fastify';

/** How long a refresh waits for another node that is computing the ranking already. */
const WAIT_FOR_OTHER_NODE_MS = 20_000;

/** The Daily Spotlight: today's ranking, and the page's one request to compute it when it is empty. */
export function spotlightRoutes(app: FastifyInstance, ctx: AppContext, jobs: JobRunner): void {
  const limit = memberLimit(app, 'spotlightRefresh');

  // One ranking for everybody; each viewer gets its top ten without the members hidden from them.
  app.get('/api/spotlight', async (request): Promise<Spotlight> => {
    const viewer = await requireViewer(ctx, request);
    const date = spotlightDate();
    return { date, entries: await readSpotlight(ctx.database.db, date, viewer.userId) };
  });

  // The page found today's ranking empty: the job is made due and this node's runner asked to run it
  // (the job's lease keeps it to one node); when another node has it, wait for that one.
  app.post('/api/spotlight/refresh', async (request): Promise<Spotlight> => {
    const viewer = await requireViewer(ctx, request);
    await limit(request, viewer.userId);
    const date = spotlightDate();
    const db = ctx.database.db;
    // Whether the day has a ranking at all (unfiltered): a viewer who has everyone in it hidden has an
    // empty list, and recomputing would not change that.
    if ((await readSpotlight(db, date)).length === 0) {
      await requestSpotlightNow(db);
      await jobs.tick();
      const giveUpAt = Date.now() + WAIT_FOR_OTHER_NODE_MS;
      while ((await spotlightRunning(db)) && Date.now() < giveUpAt) await sleep(250);
    }
    return { date, entries: await readSpotlight(db, date, viewer.userId) };
  });
}
