import type { Auth } from '@server/auth/auth.ts';
import type { SessionResolver, Viewer } from '@server/auth/sessions.ts';
import type { JanusMedia } from '@server/circles/janus.ts';
import type { CommandContext } from '@server/commands/run.ts';
import type { Config } from '@server/config.ts';
import type { Database_ } from '@server/db/database.ts';
import { unauthorized } from '@server/http/errors.ts';
import type { LinkCardReader } from '@server/jobs/linkCards.ts';
import type { Log } from '@server/log.ts';
import type { Mailer } from '@server/mail/mailer.ts';
import type { MediaStorage } from '@server/media/storage.ts';
import type { AppMetrics } from '@server/metrics/metrics.ts';
import type { PushSender } from '@server/push/pushSender.ts';
import type { Realtime } from '@server/realtime/realtime.ts';
import type { AppStreamHub } from '@server/streaming/appStreams.ts';
import type { FastifyRequest } from 'fastify';

/** What every route plugin receives: the app's parts, built once by buildApp. Commands take it too. */
export interface AppContext extends CommandContext {
  config: Config;
  database: Database_;
  auth: Auth;
  sessions: SessionResolver;
  mailer: Mailer;
  /** Uploaded photos and videos (DATA_DIR/media for now). */
  media: MediaStorage;
  /** Tell members' open tabs what changed, after the transaction commits. */
  realtime: Realtime;
  /** The app's logger, for what happens outside a request (effects after a commit, jobs). */
  log: Log;
  push: PushSender;
  /** This node's Janus sessions and handles (JANUS_URL); undefined: circles use the mesh. */
  janus?: JanusMedia | undefined;
  /** This node's Prometheus counters (/metrics); absent where no app is built (scripts, some tests). */
  metrics?: AppMetrics;
  /** Reads the link cards of posts after their commit, and what a stopped node left (the job). */
  linkCards?: LinkCardReader;
  /** The Mastodon API's open streams on this node, fed from every node (issue 53). */
  appStreams?: AppStreamHub;
}

export async function optionalViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer | null> {
  return ctx.sessions.resolve(request.headers.cookie);
}

export async function requireViewer(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await ctx.sessions.resolve(request.headers.cookie);
  if (!viewer) throw unauthorized();
  return viewer;
}
