import { updateAccountSchema, updateBioSchema } from '@common/schemas/settings.ts';
import type { Viewer } from '@server/auth/sessions.ts';
import { blockMember, muteMember, unblockMember, unmuteMember } from '@server/commands/blocks.ts';
import { followMember, unfollowMember } from '@server/commands/follows.ts';
import { runCommand } from '@server/commands/run.ts';
import { updateAccount, updateBio } from '@server/commands/settings.ts';
import type { AppContext } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { requireAppMember } from '@server/oauth/appTokens.ts';
import { presentAuthorAccount } from '@server/presenters/mastodon/account.ts';
import { presentStatus } from '@server/presenters/mastodon/status.ts';
import { findAccount, relationships, requireAccount } from '@server/queries/mastodon.ts';
import { listFeed } from '@server/queries/posts.ts';
import { listFollowsOf } from '@server/queries/profiles.ts';
import type { FastifyInstance } from 'fastify';
import { accountIdParam, cursorLink, cursorQuery, pageLink, pageQuery, statusPage } from './paging.ts';

type IdParams = { Params: { id: string } };

/** Mastodon's accounts routes (issue 53), on the web app's queries, commands and policies. */
export function mastodonAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const base = ctx.config.publicUrl;
  const followLimit = memberLimit(app, 'follow');

  app.get('/api/v1/accounts/verify_credentials', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'profile');
    const account = await findAccount(db, base, viewer, { id: viewer.userId });
    if (!account) throw notFound('user_not_found');
    const bio =
      (await db.selectFrom('profiles').select('bio').where('id', '=', viewer.userId).executeTakeFirst())
        ?.bio ?? '';
    return {
      ...account,
      source: {
        privacy: 'public',
        sensitive: false,
        language: '',
        note: bio,
        fields: [],
        follow_requests_count: 0,
      },
      role: null,
    };
  });

  app.get('/api/v1/accounts/lookup', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:accounts');
    const acct = String((request.query as { acct?: unknown }).acct ?? '')
      .trim()
      .replace(/^@/, '');
    const local = acct.split('@')[0]!.toLowerCase();
    const host = acct.split('@')[1];
    if (!local || local.length > 60 || (host && host !== new URL(base).host))
      throw notFound('user_not_found');
    const account = await findAccount(db, base, viewer, { username: local });
    if (!account) throw notFound('user_not_found');
    return account;
  });

  app.get('/api/v1/accounts/relationships', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:follows');
    const query = request.query as Record<string, unknown>;
    const raw = query['id[]'] ?? query.id ?? [];
    const ids = [raw]
      .flat()
      .filter((id): id is string => typeof id === 'string')
      .slice(0, 40);
    return relationships(
      db,
      viewer,
      ids.filter((id) => /^[0-9a-zA-Z-]{1,64}$/.test(id)),
    );
  });

  app.get<IdParams>('/api/v1/accounts/:id', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'read:accounts');
    return requireAccount(db, base, viewer, accountIdParam(request.params.id));
  });

  app.get<IdParams>('/api/v1/accounts/:id/statuses', async (request, reply) => {
    const { viewer } = await requireAppMember(db, request, 'read:statuses');
    const account = await requireAccount(db, base, viewer, accountIdParam(request.params.id));
    const query = pageQuery(request.query);
    const page = await statusPage(db, query, (before, limit) =>
      listFeed(db, viewer.userId, { authorId: account.id, before, limit }),
    );
    pageLink(reply, base, request.url, page);
    return page.posts.map((post) => presentStatus(base, post));
  });

  for (const direction of ['followers', 'following'] as const) {
    app.get<IdParams>(`/api/v1/accounts/:id/${direction}`, async (request, reply) => {
      const { viewer } = await requireAppMember(db, request, 'read:accounts');
      const id = accountIdParam(request.params.id);
      const { limit, before } = cursorQuery(request.query);
      const page = await listFollowsOf(db, viewer, id, direction, { before, limit });
      cursorLink(reply, base, request.url, page.next_cursor);
      return page.profiles.map((profile) => presentAuthorAccount(base, profile));
    });
  }

  // display_name and note (the bio), through the web app's own account and bio commands and checks.
  app.patch('/api/v1/accounts/update_credentials', async (request) => {
    const { viewer } = await requireAppMember(db, request, 'write:accounts');
    const body = (request.body ?? {}) as Record<string, unknown>;
    // Both are checked before either is saved, and saved together: a refused one changes nothing.
    const name =
      body.display_name === undefined
        ? null
        : parseInput(updateAccountSchema, { full_name: body.display_name });
    const note =
      body.note === undefined
        ? null
        : parseInput(updateBioSchema, { bio: body.note === '' ? null : body.note });
    await runCommand(ctx, async (trx) => {
      if (name) {
        await updateAccount(trx, viewer.userId, name).catch((error: unknown) => {
          // The same name again is no change, which Mastodon's apps send with every save.
          if ((error as { code?: string }).code !== 'no_changes') throw error;
        });
      }
      if (note) await updateBio(trx, viewer.userId, note.bio);
    });
    const account = await findAccount(db, base, viewer, { id: viewer.userId });
    if (!account) throw notFound('user_not_found');
    return account;
  });

  for (const [path, command] of [
    ['follow', followMember],
    ['unfollow', unfollowMember],
  ] as const) {
    app.post<IdParams>(`/api/v1/accounts/:id/${path}`, async (request) => {
      const { viewer } = await requireAppMember(db, request, 'write:follows');
      await followLimit(request, viewer.userId);
      const id = accountIdParam(request.params.id);
      await runCommand(ctx, (trx, after) => command(trx, after, viewer, id));
      return (await relationships(db, viewer, [id]))[0];
    });
  }
  type Toggle = (
    trx: Parameters<typeof blockMember>[0],
    after: Parameters<typeof blockMember>[1],
    viewer: Viewer,
    id: string,
  ) => Promise<unknown>;
  const toggles: Array<[string, 'write:blocks' | 'write:mutes', Toggle]> = [
    ['block', 'write:blocks', (trx, after, viewer, id) => blockMember(trx, after, viewer, id)],
    ['unblock', 'write:blocks', (trx, _after, viewer, id) => unblockMember(trx, viewer, id)],
    ['mute', 'write:mutes', (trx, _after, viewer, id) => muteMember(trx, viewer, id)],
    ['unmute', 'write:mutes', (trx, _after, viewer, id) => unmuteMember(trx, viewer, id)],
  ];
  for (const [path, scope, command] of toggles) {
    app.post<IdParams>(`/api/v1/accounts/:id/${path}`, async (request) => {
      const { viewer } = await requireAppMember(db, request, scope);
      await followLimit(request, viewer.userId);
      const id = accountIdParam(request.params.id);
      await runCommand(ctx, (trx, after) => command(trx, after, viewer, id));
      return (await relationships(db, viewer, [id]))[0];
    });
  }
}
