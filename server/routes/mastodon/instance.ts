import { MEDIA_LIMITS } from '@common/schemas/media.ts';
import {
  POLL_LENGTH_MAX_S,
  POLL_LENGTH_MIN_S,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
} from '@common/schemas/polls.ts';
import { ALT_TEXT_MAX_LENGTH, POST_CONTENT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import type { AppContext } from '@server/context.ts';
import { requireAppCaller, requireAppMember } from '@server/oauth/appTokens.ts';
import { SPLIKZ_VERSION } from '@server/version.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Mastodon's version line with ours: Mastodon.py and others read the first part to pick features. */
export const MASTODON_VERSION = `4.2.0 (compatible; Splikz ${SPLIKZ_VERSION})`;
const TITLE = 'Splikz';
const DESCRIPTION = 'Faith, food and laughter, shared with friends';

async function usage(ctx: AppContext) {
  const { db } = ctx.database;
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const halfYearAgo = new Date(Date.now() - 182 * 86_400_000).toISOString();
  const [users, posts, comments, active] = await Promise.all([
    db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('suspended_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('session')
      .select([
        sql<number>`count(distinct case when "updatedAt" >= ${monthAgo} then "userId" end)`.as('month'),
        sql<number>`count(distinct case when "updatedAt" >= ${halfYearAgo} then "userId" end)`.as('halfyear'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(users.n),
    statuses: Number(posts.n),
    comments: Number(comments.n),
    activeMonth: Number(active.month),
    activeHalfyear: Number(active.halfyear),
  };
}

function configuration() {
  return {
    statuses: {
      max_characters: POST_CONTENT_MAX_LENGTH,
      max_media_attachments: 1,
      characters_reserved_per_url: 23,
    },
    media_attachments: {
      supported_mime_types: [
        'image/jpeg',
        'image/png',
        'image/webp',
        'image/gif',
        'video/mp4',
        'video/quicktime',
        'video/webm',
      ],
      image_size_limit: MEDIA_LIMITS.photoBytes,
      image_matrix_limit: MEDIA_LIMITS.photoMaxSide * MEDIA_LIMITS.photoMaxSide,
      video_size_limit: MEDIA_LIMITS.videoBytes,
      video_frame_rate_limit: 60,
      video_matrix_limit: 1920 * 1080,
      description_limit: ALT_TEXT_MAX_LENGTH,
    },
    polls: {
      max_options: POLL_OPTIONS_MAX,
      max_characters_per_option: POLL_OPTION_MAX_LENGTH,
      min_expiration: POLL_LENGTH_MIN_S,
      max_expiration: POLL_LENGTH_MAX_S,
    },
    accounts: { max_featured_tags: 0 },
  };
}

/**
 * What a Mastodon app asks first (issue 53): the server's name, version, limits and where to stream;
 * NodeInfo for the network's crawlers; and Mastodon's lists that Splikz has nothing in.
 */
export function mastodonInstanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = ctx.config.publicUrl;
  const domain = new URL(base).host;
  const streaming = base.replace(/^http/, 'ws');
  // The address alone: MAIL_FROM may be 'Splikz <no-reply@host>'.
  const email = /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom;

  app.get('/api/v1/instance', async () => {
    const stats = await usage(ctx);
    return {
      uri: domain,
      title: TITLE,
      short_description: DESCRIPTION,
      description: DESCRIPTION,
      email,
      version: MASTODON_VERSION,
      urls: { streaming_api: streaming },
      stats: { user_count: stats.users, status_count: stats.statuses, domain_count: 1 },
      thumbnail: `${base}/icons/icon-512.png`,
      languages: ['en', 'de', 'es', 'fr', 'pt'],
      registrations: true,
      approval_required: false,
      invites_enabled: false,
      configuration: configuration(),
      contact_account: null,
      rules: [],
    };
  });

  app.get('/api/v2/instance', async () => ({
    domain,
    title: TITLE,
    version: MASTODON_VERSION,
    source_url: 'https://github.com/splikz/splikz',
    description: DESCRIPTION,
    usage: { users: { active_month: (await usage(ctx)).activeMonth } },
    thumbnail: { url: `${base}/icons/icon-512.png`, blurhash: null, versions: {} },
    languages: ['en', 'de', 'es', 'fr', 'pt'],
    configuration: {
      urls: { streaming },
      ...configuration(),
      translation: { enabled: false },
      vapid: { public_key: ctx.config.push.publicKey },
    },
    registrations: { enabled: true, approval_required: false, message: null },
    contact: { email, account: null },
    rules: [],
  }));

  app.get('/.well-known/nodeinfo', async () => ({
    links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${base}/nodeinfo/2.1` }],
  }));

  app.get('/nodeinfo/2.1', async (_request, reply) => {
    const stats = await usage(ctx);
    reply.type('application/json; profile="http://nodeinfo.diaspora.software/ns/schema/2.1#"');
    return {
      version: '2.1',
      software: { name: 'splikz', version: SPLIKZ_VERSION, homepage: base },
      protocols: [],
      services: { inbound: [], outbound: [] },
      openRegistrations: true,
      usage: {
        users: { total: stats.users, activeMonth: stats.activeMonth, activeHalfyear: stats.activeHalfyear },
        localPosts: stats.statuses,
        localComments: stats.comments,
      },
      metadata: { nodeName: TITLE, nodeDescription: DESCRIPTION },
    };
  });

  // Mastodon's lists Splikz has nothing in: empty, and honest about it.
  app.get('/api/v1/custom_emojis', async () => []);
  app.get('/api/v1/instance/peers', async () => []);
  app.get('/api/v1/instance/activity', async () => []);
  app.get('/api/v1/instance/rules', async () => []);
  app.get('/api/v1/announcements', async (request) => {
    await requireAppMember(ctx.database.db, request, 'read');
    return [];
  });
  app.get('/api/v1/filters', async (request) => {
    await requireAppMember(ctx.database.db, request, 'read:filters');
    return [];
  });
  app.get('/api/v2/filters', async (request) => {
    await requireAppMember(ctx.database.db, request, 'read:filters');
    return [];
  });
  app.get('/api/v1/lists', async (request) => {
    await requireAppMember(ctx.database.db, request, 'read:lists');
    return [];
  });
  app.get('/api/v1/markers', async (request) => {
    await requireAppMember(ctx.database.db, request, 'read:statuses');
    return {};
  });
  app.get('/api/v1/preferences', async (request) => {
    await requireAppMember(ctx.database.db, request, 'read:accounts');
    return {
      'posting:default:visibility': 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    };
  });
  app.get('/api/v1/apps/verify_credentials', async (request) => {
    const caller = await requireAppCaller(ctx.database.db, request, null);
    const row = await ctx.database.db
      .selectFrom('oauth_apps')
      .select(['name', 'website', 'scopes'])
      .where('id', '=', caller.appId)
      .executeTakeFirstOrThrow();
    return {
      name: row.name,
      website: row.website,
      scopes: row.scopes.split(' '),
      vapid_key: ctx.config.push.publicKey,
    };
  });
}
