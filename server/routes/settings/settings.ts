import {
  type AccountSettings,
  type DataExport,
  type DataSummary,
  deleteAccountSchema,
  type Preferences,
  type PrivacySettings,
  type ProfileDetailsSettings,
  updateAccountSchema,
  updateBioSchema,
  updatePreferencesSchema,
  updatePrivacySchema,
} from '@common/schemas/settings.ts';
import { deleteAccount, verifyPassword } from '@server/commands/deleteAccount.ts';
import { runCommand } from '@server/commands/run.ts';
import { updateAccount, updateBio, updatePreferences, updatePrivacy } from '@server/commands/settings.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { unauthorized } from '@server/http/errors.ts';
import { enforceLimit, memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { exportMemberData, summarizeMemberData } from '@server/queries/dataExport.ts';
import { getAccountSettings, getPreferences, getPrivacySettings } from '@server/queries/settings.ts';
import type { FastifyInstance } from 'fastify';

// Deleting an account asks for the password: a stolen session must not get to guess it freely.
const DELETE_ACCOUNT_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 };

/** Expires Better Auth's cookies in the browser that deleted its account. */
function expiredSessionCookies(secure: boolean): string[] {
  const prefix = secure ? '__Secure-' : '';
  const attributes = `Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return ['session_token', 'session_data'].map((name) => `${prefix}better-auth.${name}=; ${attributes}`);
}

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const exportLimit = memberLimit(app, 'dataExport');
  const deleteLimit = app.createRateLimit({
    ...DELETE_ACCOUNT_LIMIT,
    keyGenerator: (request) => `delete-account:${request.ip}`,
  });

  const profileDetails = async (userId: string): Promise<ProfileDetailsSettings> => {
    const row = await db
      .selectFrom('profiles')
      .select(['username', 'full_name', 'bio'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw unauthorized();
    return { username: row.username, full_name: row.full_name, bio: row.bio ?? null };
  };

  app.get('/api/settings/account', async (request): Promise<AccountSettings> => {
    const viewer = await requireViewer(ctx, request);
    return getAccountSettings(db, viewer.userId);
  });

  app.patch('/api/settings/account', async (request): Promise<AccountSettings> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(updateAccountSchema, request.body);
    return runCommand(ctx, (trx) => updateAccount(trx, viewer.userId, input));
  });

  app.get('/api/settings/profile-details', async (request): Promise<ProfileDetailsSettings> => {
    const viewer = await requireViewer(ctx, request);
    return profileDetails(viewer.userId);
  });

  app.patch('/api/settings/profile-details', async (request): Promise<ProfileDetailsSettings> => {
    const viewer = await requireViewer(ctx, request);
    const { bio } = parseInput(updateBioSchema, request.body);
    await updateBio(db, viewer.userId, bio);
    return profileDetails(viewer.userId);
  });

  app.get('/api/settings/privacy', async (request): Promise<PrivacySettings> => {
    const viewer = await requireViewer(ctx, request);
    return getPrivacySettings(db, viewer.userId);
  });

  app.patch('/api/settings/privacy', async (request): Promise<PrivacySettings> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(updatePrivacySchema, request.body);
    await updatePrivacy(db, viewer.userId, input);
    return getPrivacySettings(db, viewer.userId);
  });

  app.get('/api/settings/preferences', async (request): Promise<Preferences> => {
    const viewer = await requireViewer(ctx, request);
    return getPreferences(db, viewer.userId);
  });

  app.patch('/api/settings/preferences', async (request): Promise<Preferences> => {
    const viewer = await requireViewer(ctx, request);
    const input = parseInput(updatePreferencesSchema, request.body);
    return runCommand(ctx, (trx) => updatePreferences(trx, viewer.userId, input));
  });

  app.get<{ Querystring: { download?: string } }>(
    '/api/settings/data',
    async (request, reply): Promise<DataExport> => {
      const viewer = await requireViewer(ctx, request);
      await exportLimit(request, viewer.userId);
      const data = await exportMemberData(db, viewer.userId, ctx.media);
      reply.header('cache-control', 'no-store');
      if (request.query.download === '1') {
        const username = String(data.profile.username);
        reply.header('content-disposition', `attachment; filename="splikz-data-${username}.json"`);
      }
      return data;
    },
  );

  app.get('/api/settings/data/summary', async (request, reply): Promise<DataSummary> => {
    const viewer = await requireViewer(ctx, request);
    reply.header('cache-control', 'no-store');
    return summarizeMemberData(db, viewer.userId);
  });

  app.post('/api/settings/delete-account', async (request, reply) => {
    await enforceLimit(deleteLimit, request);
    const viewer = await requireViewer(ctx, request);
    const { password } = parseInput(deleteAccountSchema, request.body);
    await verifyPassword(db, viewer.userId, password);
    await runCommand(ctx, (trx, after) => {
      after.run(() => ctx.sessions.forgetUser(viewer.userId));
      return deleteAccount(trx, after, viewer.userId);
    });
    return reply
      .header('set-cookie', expiredSessionCookies(ctx.config.publicUrl.startsWith('https://')))
      .header('cache-control', 'no-store')
      .send({ deleted: true });
  });
}
