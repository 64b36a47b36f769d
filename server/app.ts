import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import { SESSIONS } from '@server/cache/declared.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createAuth } from './auth/auth.ts';
import { createMailQuota } from './auth/mailQuota.ts';
import { SessionResolver } from './auth/sessions.ts';
import { JanusMedia } from './circles/janus.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { answerFrameworkError, registerErrorHandler } from './http/errors.ts';
import { registerOriginCheck } from './http/origin.ts';
import { endCirclesOnJanus } from './jobs/endStaleCircles.ts';
import { startJobs } from './jobs/index.ts';
import { createLinkCardReader } from './jobs/linkCards.ts';
import { createMailer } from './mail/mailer.ts';
import { createMediaStorage } from './media/createStorage.ts';
import { countingMailer, countingRealtime, createMetrics } from './metrics/metrics.ts';
import { forgetMemberTokens } from './oauth/appTokens.ts';
import { createPlacesService } from './places/placesService.ts';
import { PushSender } from './push/pushSender.ts';
import { adminRoutes } from './routes/admin/admin.ts';
import { authRoutes } from './routes/auth/authRoutes.ts';
import { blockRoutes } from './routes/blocks/blocks.ts';
import { bookmarkRoutes } from './routes/bookmarks/bookmarks.ts';
import { circleRoutes } from './routes/circles/circles.ts';
import { comedyShowRoutes } from './routes/comedy/comedyShows.ts';
import { commentRoutes } from './routes/comments/comments.ts';
import { contactRoutes } from './routes/contact/contact.ts';
import { unsubscribeRoutes } from './routes/email/unsubscribe.ts';
import { calendarFeedRoutes } from './routes/events/calendarFeed.ts';
import { eventRoutes } from './routes/events/events.ts';
import { followRoutes } from './routes/follows/follows.ts';
import { friendRequestRoutes } from './routes/friendRequests/friendRequests.ts';
import { groupRoutes } from './routes/groups/groups.ts';
import { healthRoutes } from './routes/health/health.ts';
import { mastodonRoutes } from './routes/mastodon/mastodon.ts';
import { meRoutes } from './routes/me/me.ts';
import { mediaRoutes } from './routes/media/media.ts';
import { messageRoutes } from './routes/messages/messages.ts';
import { metricsRoutes, registerRequestMetrics } from './routes/metrics/metrics.ts';
import { notificationRoutes } from './routes/notifications/notifications.ts';
import { oauthRoutes } from './routes/oauth/oauth.ts';
import { registerWebApp } from './routes/pages/webApp.ts';
import { placesRoutes } from './routes/places/places.ts';
import { pollRoutes } from './routes/polls/polls.ts';
import { postRoutes } from './routes/posts/posts.ts';
import { prayerRoutes } from './routes/prayer/prayer.ts';
import { profileMediaRoutes } from './routes/profiles/profileMedia.ts';
import { profileRoutes } from './routes/profiles/profiles.ts';
import { pushRoutes } from './routes/push/push.ts';
import { recipeRoutes } from './routes/recipes/recipes.ts';
import { reportRoutes } from './routes/reports/reports.ts';
import { searchRoutes } from './routes/search/search.ts';
import { settingsRoutes } from './routes/settings/settings.ts';
import { spotlightRoutes } from './routes/spotlight/spotlight.ts';
import { tagRoutes } from './routes/tags/tags.ts';
import { wallRoutes } from './routes/wall/wall.ts';
import { attachSocketServer } from './sockets/socketServer.ts';
import { AppStreamHub } from './streaming/appStreams.ts';
import { attachStreamingSocket } from './streaming/webSocket.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route as registered (the authorization matrix fails on one it has no row for). */
  /** Every route registered; `withoutOrigin`: exempt from the Origin check (its request is its own credential). */
  routes: Array<{ method: string; url: string; withoutOrigin: boolean }>;
  close: () => Promise<void>;
}

/** Builds the whole server (used by main.ts, the tests and the benchmarks). Applies migrations. */
export async function buildApp(
  config: Config,
  options: {
    logger?: boolean;
    /** Folder of the built web app; null serves the API alone. Default: dist/ at the repository root. */
    webDist?: string | null;
    log?: (message: string) => void;
    /** Whether the jobs runner ticks on its own (default true); tests start it only when about jobs. */
    runJobs?: boolean;
  } = {},
): Promise<BuiltApp> {
  let app: FastifyInstance | undefined;
  const database = openDatabase({
    ...config,
    onError: (error) => app?.log.warn({ err: error }, 'database connection lost; it will be replaced'),
  });
  await migrateToLatest(database.db);

  app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    // Fastify fails closed on a bare hop count, so the count is a function: the n nearest hops are
    // proxies and the next address in X-Forwarded-For is the client (DEPLOY.md: reach the app only
    // through those proxies, or list their addresses instead).
    trustProxy: trustedProxies(config.trustProxy),
    // Mastodon's apps ask for `/api/v1/instance/` and `/oauth/authorize/` as often as without the slash.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (route) => {
    // Read when asked: a scope's own onRoute hook (the Mastodon API's) may set it after this one ran.
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        get withoutOrigin() {
          return Boolean((route.config as { withoutOrigin?: boolean } | undefined)?.withoutOrigin);
        },
      });
  });
  const log = options.log ?? ((message: string) => app.log.info(message));
  const metrics = createMetrics();
  const mailer = countingMailer(
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
    }),
    metrics,
  );
  const sessions = new SessionResolver(
    database.db,
    config.authSecret,
    config.publicUrl.startsWith('https://'),
    SESSIONS,
    // With REDIS_URL a revocation reaches every node's cache and sockets within milliseconds.
    { redisUrl: config.redisUrl, log: (message, error) => app?.log.warn({ err: error }, message) },
  );
  // With JANUS_URL, circles' media goes through Janus; a server that stops answering ends its circles.
  let ctxForJanus: AppContext | undefined;
  const janus = config.janus
    ? new JanusMedia(config.janus, database.db, app.log, (url) => {
        if (ctxForJanus) void endCirclesOnJanus(ctxForJanus, url);
      })
    : undefined;
  const sockets = attachSocketServer(app.server, {
    sessions,
    trustedOrigins: [config.publicUrl],
    redisUrl: config.redisUrl,
    handlers: { db: database.db, log: app.log, janus },
  });
  // Reset and confirmation mails per address per day (server/auth/mailQuota.ts).
  const mailQuota = createMailQuota({ redisUrl: config.redisUrl });
  const auth = createAuth({
    config,
    database,
    mailer,
    mailQuota,
    log: app.log,
    // Drops the member's cached sessions and sockets on every node (sessions.ts, socketServer.ts).
    onSessionsChanged: (userId) => sessions.forgetUser(userId),
  });
  const media = createMediaStorage(config);
  const ctx: AppContext = {
    config,
    database,
    auth,
    sessions,
    mailer,
    media,
    realtime: countingRealtime(sockets.realtime, metrics),
    log: app.log,
    push: new PushSender(database.db, config.push, app.log),
    metrics,
    janus,
    circleMedia: janus,
  };
  ctx.linkCards = createLinkCardReader(ctx, {
    userAgent: `SplikzLinkPreview/1.0 (+${config.publicUrl}/about)`,
    allow: config.linkPreviewAllowPrivate,
  });
  ctxForJanus = ctx;
  // The Mastodon API's streams: fed on every node through the Socket.IO server's Redis adapter.
  const appStreams = new AppStreamHub(database.db, config.publicUrl, sockets.nodes, app.log);
  ctx.appStreams = appStreams;
  const streamingSocket = attachStreamingSocket(app.server, database.db, appStreams);
  // A member's sessions ended (suspension, deletion, sign-out everywhere): their app streams end too.
  sessions.onRevoked((userId) => {
    forgetMemberTokens(database.db, userId);
    appStreams.closeMember(userId);
  });
  metrics.countSocketsWith(sockets.openSockets);

  // Every node runs the jobs runner; leases in the database decide which node runs each job.
  const jobs = startJobs(ctx, {
    start: options.runJobs ?? true,
    onRunEnd: (job, failed) => {
      metrics.jobRuns.inc({ job });
      if (failed) metrics.jobFailures.inc({ job });
    },
  });

  registerErrorHandler(app);
  registerRequestMetrics(app, metrics);
  // With REDIS_URL the counters are shared, so limits hold across every app node.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  await app.register(rateLimit, { global: false, ...(rateLimitRedis ? { redis: rateLimitRedis } : {}) });
  registerOriginCheck(app, [config.publicUrl]);
  // One geocoder and its caches for 'Find Local Churches', events' addresses and 'Near me'.
  const places = createPlacesService({
    nominatimUrl: ctx.config.nominatimUrl,
    overpassUrl: ctx.config.overpassUrl,
    publicUrl: ctx.config.publicUrl,
    db: ctx.database.db,
    log: ctx.log,
  });
  healthRoutes(app, ctx, { redis: rateLimitRedis });
  metricsRoutes(app, ctx, metrics);
  authRoutes(app, ctx);
  meRoutes(app, ctx);
  profileRoutes(app, ctx);
  contactRoutes(app, ctx);
  mediaRoutes(app, ctx);
  postRoutes(app, ctx);
  prayerRoutes(app, ctx);
  recipeRoutes(app, ctx);
  commentRoutes(app, ctx);
  comedyShowRoutes(app, ctx);
  notificationRoutes(app, ctx);
  profileMediaRoutes(app, ctx);
  followRoutes(app, ctx);
  blockRoutes(app, ctx);
  bookmarkRoutes(app, ctx);
  tagRoutes(app, ctx);
  searchRoutes(app, ctx);
  pollRoutes(app, ctx);
  groupRoutes(app, ctx);
  eventRoutes(app, ctx, places);
  calendarFeedRoutes(app, ctx);
  reportRoutes(app, ctx);
  wallRoutes(app, ctx);
  friendRequestRoutes(app, ctx);
  settingsRoutes(app, ctx);
  messageRoutes(app, ctx);
  circleRoutes(app, ctx);
  adminRoutes(app, ctx);
  placesRoutes(app, ctx, places);
  spotlightRoutes(app, ctx, jobs);
  unsubscribeRoutes(app, ctx);
  pushRoutes(app, ctx);
  oauthRoutes(app, ctx);
  mastodonRoutes(app, ctx);
  await registerWebApp(
    app,
    options.webDist === undefined ? path.join(repoRoot, 'dist') : options.webDist,
    ctx,
  );

  return {
    app,
    ctx,
    routes,
    close: async () => {
      await jobs.stop();
      await ctx.linkCards?.idle();
      appStreams.closeAll();
      await streamingSocket.close();
      await sockets.close();
      await janus?.close();
      await sessions.close();
      await app.close();
      await rateLimitRedis?.quit().catch(() => undefined);
      await mailQuota.close();
      await database.destroy();
      media.close?.();
    },
  };
}

function trustedProxies(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}
