import { isLanguageCode } from '@common/options.ts';
import type { Me } from '@common/schemas/profiles.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { unauthorized } from '@server/http/errors.ts';
import { presentProfileSummary, profileSummaryColumns } from '@server/presenters/profile.ts';
import type { FastifyInstance } from 'fastify';

export function meRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/me', async (request): Promise<Me> => {
    const viewer = await requireViewer(ctx, request);
    const { db } = ctx.database;
    const profile = await db
      .selectFrom('profiles')
      .select(profileSummaryColumns)
      .where('id', '=', viewer.userId)
      .executeTakeFirst();
    if (!profile) throw unauthorized();
    const admin = await db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', viewer.userId)
      .where('role', '=', 'admin')
      .executeTakeFirst();
    const settings = await db
      .selectFrom('user_settings')
      .select('language')
      .where('user_id', '=', viewer.userId)
      .executeTakeFirst();
    return {
      id: viewer.userId,
      email: viewer.email,
      is_admin: Boolean(admin),
      language: settings && isLanguageCode(settings.language) ? settings.language : null,
      profile: presentProfileSummary(profile),
    };
  });
}
