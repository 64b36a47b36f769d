import { NOTIFICATION_TYPES, type NotificationType } from '@common/schemas/notifications.ts';
import { acceptFriendRequest, declineFriendRequest } from '@server/commands/friendships.ts';
import { runCommand } from '@server/commands/run.ts';
import type { AppContext } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { requireAppMember } from '@server/oauth/appTokens.ts';
import {
  MASTODON_NOTIFICATION_TYPES,
  presentMastodonNotification,
} from '@server/presenters/mastodon/notification.ts';
import { findAccount, listFriendRequestsTo, relationships } from '@server/queries/mastodon.ts';
import { listNotificationPage } from '@server/queries/notifications.ts';
import { getPost } from '@server/queries/posts.ts';
import type { FastifyInstance } from 'fastify';
import { accountIdParam, pageLink, pageQuery } from './paging.ts';

type IdParams = { Params: { id: string } };

const SPLIKZ_TYPES = new Map<string, NotificationType[]>();
for (const type of NOTIFICATION_TYPES) {
  const name = MASTODON_NOTIFICATION_TYPES[type] ?? type;
  SPLIKZ_TYPES.set(name, [...(SPLIKZ_TYPES.get(name) ?? []), type]);
}

/** `types[]` and `exclude_types[]` as Mastodon's apps send them, as Splikz's own types (null: all). */
function typesAsked(query: Record<string, unknown>): NotificationType[] | null {
  const list = (name: string) =>
    [query[`${name}[]`] ?? query[name] ?? []]
      .flat()
      .filter((value): value is string => typeof value === 'string');
  const only = list('types');
  const except = new Set(list('exclude_types'));
  if (only.length === 0 && except.size === 0) return null;
  const names = only.length ? only : [...SPLIKZ_TYPES.keys()];
  return names.filter((name) => !except.has(name)).flatMap((name) => SPLIKZ_TYPES.get(name) ?? []);
}

/** Mastodon's notifications and follow requests (issue 53): the bell's rows, Splikz's friend requests. */
export function mastodonNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const base = ctx.config.publicUrl;
  const followLimit = memberLimit(app, 'follow');

  app.get('/api/v1/notifications', async (request, reply) => {
    const { viewer } = await requireAppMember(db, request, 'read:notifications');
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = pageQuery(query);
    const types = typesAsked(query);
    if (types?.length === 0) return [];
    const { rows, more } = await listNotificationPage(db, viewer.userId, {
      limit: page.limit,
      maxId: page.maxId,
      sinceId: page.sinceId ?? page.minId,
      types,
    });
    const posts = new Map<string, Awaited<ReturnType<typeof getPost>>>();
    for (const id of new Set(rows.map((row) => row.post_id).filter((id): id is string => Boolean(id)))) {
      posts.set(id, await getPost(db, viewer.userId, id));
    }
    pageLink(reply, base, request.url, { posts: rows, more });
    return rows.map((row) =>
      presentMastodonNotification(base, row, row.post_id ? (posts.get(row.post_id) ?? null) : null),
    );
  });

  app.post('/api/v1/notifications/clear', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:notifications');
    await runCommand(ctx, async (trx, after) => {
      await trx.deleteFrom('notifications').where('user_id', '=', viewer.userId).execute();
      after.notificationsChanged(viewer.userId);
    });
    return {};
  });

  app.post<IdParams>('/api/v1/notifications/:id/dismiss', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:notifications');
    const id = request.params.id;
    if (!/^[0-9a-zA-Z-]{1,64}$/.test(id)) throw notFound('notification_not_found');
    // Only the member's own: another's id is as missing as one that never was.
    await runCommand(ctx, async (trx, after) => {
      const deleted = await trx
        .deleteFrom('notifications')
        .where('id', '=', id)
        .where('user_id', '=', viewer.userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('notification_not_found');
      after.notificationsChanged(viewer.userId);
    });
    return {};
  });

  app.get('/api/v1/follow_requests', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:follows');
    const ids = await listFriendRequestsTo(db, viewer.userId);
    const accounts = [];
    for (const id of ids) {
      const account = await findAccount(db, base, viewer, { id });
      if (account) accounts.push(account);
    }
    return accounts;
  });

  for (const [path, command] of [
    ['authorize', acceptFriendRequest],
    ['reject', declineFriendRequest],
  ] as const) {
    app.post<IdParams>(`/api/v1/follow_requests/:id/${path}`, async (request) => {
      const { viewer } = await requireAppMember(db, request, 'write:follows');
      await followLimit(request, viewer.userId);
      const id = accountIdParam(request.params.id);
      await runCommand(ctx, (trx, after) => command(trx, after, viewer, id));
      return (await relationships(db, viewer, [id]))[0] ?? { id };
    });
  }
}
