import type { FeedPage } from '@common/schemas/posts.ts';
import {
  type AboutField,
  type ProfilePage,
  profileDetailsSchema,
  type SearchProfilesResponse,
  searchProfilesQuerySchema,
  wallQuerySchema,
} from '@common/schemas/profiles.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { memberIdParam } from '@server/http/params.ts';
import { memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { listFeed } from '@server/queries/posts.ts';
import { loadProfilePage, ownProfilePage, requireProfile, searchProfiles } from '@server/queries/profiles.ts';
import type { FastifyInstance } from 'fastify';

type IdParams = { Params: { id: string } };

/** Profiles (spec section 2, 'Profile'): search, the page itself, its About details and its wall. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const searchLimit = memberLimit(app, 'profileSearch');

  app.get<{ Params: { username: string } }>(
    '/api/profiles/by-username/:username',
    async (request): Promise<ProfilePage> => {
      const viewer = await requireViewer(ctx, request);
      const username = request.params.username.toLowerCase();
      const page = /^[a-z0-9_]{1,64}$/.test(username)
        ? await loadProfilePage(db, viewer, { username })
        : null;
      if (!page) throw notFound('user_not_found');
      return page;
    },
  );

  // A mention's link names the member by id (issue 51), so a later change of username keeps it.
  app.get<IdParams>('/api/profiles/by-id/:id', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const page = await loadProfilePage(db, viewer, { id: memberIdParam(request.params.id) });
    if (!page) throw notFound('user_not_found');
    return page;
  });

  app.patch('/api/profiles/me/details', async (request): Promise<ProfilePage> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(profileDetailsSchema, request.body);
    const changes: Partial<Record<AboutField, string | null>> = {};
    for (const [field, value] of Object.entries(input) as Array<[AboutField, string | undefined]>) {
      if (value !== undefined) changes[field] = value === '' ? null : value;
    }
    if (Object.keys(changes).length > 0) {
      await db
        .updateTable('profiles')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', viewer.userId)
        .execute();
    }
    return ownProfilePage(db, viewer);
  });

  app.get<IdParams>('/api/profiles/:id/posts', async (request): Promise<FeedPage> => {
    const viewer = await requireViewer(ctx, request);
    const query = parseInput(wallQuerySchema, request.query);
    const profile = await requireProfile(db, viewer, memberIdParam(request.params.id));
    return listFeed(db, viewer.userId, { ...query, wallOf: profile.id });
  });

  app.get('/api/profiles/search', async (request): Promise<SearchProfilesResponse> => {
    const viewer = await requireViewer(ctx, request);
    await searchLimit(request, viewer.userId);
    const { q } = parseInput(searchProfilesQuerySchema, request.query);
    return searchProfiles(db, viewer.userId, q);
  });
}
