import type { CommandContext } from '@server/commands/run.ts';
import { announcementsJob } from './announcements.ts';
import { anonymousMediaJob } from './anonymousMedia.ts';
import { dailySpotlightJob } from './dailySpotlight.ts';
import { deleteUnconfirmedAccountsJob } from './deleteUnconfirmedAccounts.ts';
import { emailDigestsJob, type MailContext } from './emailDigests.ts';
import { endStaleCirclesJob } from './endStaleCircles.ts';
import { eventRemindersJob } from './eventReminders.ts';
import { finishPollsJob } from './finishPolls.ts';
import { foldVersionShardsJob } from './foldVersionShards.ts';
import { type LinkCardReader, linkCardsJob } from './linkCards.ts';
import { openEventCirclesJob } from './openEventCircles.ts';
import { prayerRemindersJob } from './prayerReminders.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.ts';
import { sweepUploadsJob } from './sweepUploads.ts';

export type { JobDefinition, JobRunner } from './runner.ts';

/**
 * Starts this node's jobs runner with every periodic job of the app; every node calls it, the leases
 * in job_leases decide which node runs what. Call `stop()` on the result before closing the database.
 */
export function startJobs(
  ctx: CommandContext & Pick<MailContext, 'mailer' | 'config'> & { linkCards?: LinkCardReader },
  options: Omit<JobRunnerOptions, 'db' | 'log' | 'jobs'> & {
    /** false: the runner only runs when asked (`tick()`), as the tests not about jobs want. */
    start?: boolean;
  } = {},
): JobRunner {
  const { start = true, ...runnerOptions } = options;
  const runner = createJobRunner({
    ...runnerOptions,
    db: ctx.database.db,
    log: ctx.log,
    jobs: [
      sweepUploadsJob(ctx),
      anonymousMediaJob(ctx),
      endStaleCirclesJob(ctx),
      dailySpotlightJob(ctx),
      emailDigestsJob(ctx),
      announcementsJob(ctx),
      deleteUnconfirmedAccountsJob(ctx),
      eventRemindersJob(ctx),
      openEventCirclesJob(ctx),
      prayerRemindersJob(ctx),
      finishPollsJob(ctx),
      foldVersionShardsJob(ctx),
      ...(ctx.linkCards ? [linkCardsJob(ctx.linkCards)] : []),
    ],
  });
  if (start) runner.start();
  return runner;
}
