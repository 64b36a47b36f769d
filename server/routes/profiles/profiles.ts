import { SEARCH_RESULT_LIMIT } from '@common/limits.ts';
import { type SearchProfilesResponse, searchProfilesQuerySchema } from '@common/schemas/profiles.ts';
import { type AppContext, requireViewer } from '@server/http/context.ts';
import { parseInput } from '@server/http/validate.ts';
import { presentProfileSummary, profileSummaryColumns } from '@server/presenters/profile.ts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Case-insensitive match on username or full name; exact and prefix matches first.
  app.get('/api/profiles/search', async (request): Promise<SearchProfilesResponse> => {
    await requireViewer(ctx, request);
    const { q } = parseInput(searchProfilesQuerySchema, request.query);
    const query = q.trim().toLowerCase();
    if (!query) return { profiles: [] };
    const contains = `%${escapeLike(query)}%`;
    const prefix = `${escapeLike(query)}%`;
    const rows = await ctx.database.db
      .selectFrom('profiles')
      .select(profileSummaryColumns)
      .where((eb) =>
        eb.or([
          eb(sql`lower(username)`, 'like', sql`${contains} escape '\\'`),
          eb(sql`lower(full_name)`, 'like', sql`${contains} escape '\\'`),
        ]),
      )
      .orderBy(
        sql`case when lower(username) = ${query} then 0
          when lower(username) like ${prefix} escape '\\' then 1
          when lower(full_name) like ${prefix} escape '\\' then 2 else 3 end`,
      )
      .orderBy('username')
      .limit(SEARCH_RESULT_LIMIT)
      .execute();
    return { profiles: rows.map(presentProfileSummary) };
  });
}
