import {
  type AuthorizationOutcome,
  type AuthorizationPrompt,
  type AuthorizedApp,
  authorizationDecisionSchema,
  authorizationRequestSchema,
  registerAppSchema,
  SCOPES,
} from '@common/schemas/oauth.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { notFound } from '@server/http/errors.ts';
import { mastodonScope } from '@server/http/mastodonScope.ts';
import { idParam } from '@server/http/params.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import { digest, listAuthorizedApps, registerApp } from '@server/oauth/model.ts';
import { OAuthProvider } from '@server/oauth/provider.ts';
import type { FastifyInstance } from 'fastify';

/**
 * The OAuth 2 provider of the Mastodon client API (issue 53): apps register, a member authorizes one
 * on /oauth/authorize (the web app's screen, which asks the routes below), the app trades its code
 * for a token, and /settings/apps lists and revokes what the member authorized.
 */
export function oauthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const provider = new OAuthProvider(db);
  const base = ctx.config.publicUrl;
  // Registering needs no account (an app registers before anyone signs in): per address, as sign-up.
  const registerLimit = app.createRateLimit({
    max: 30,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `oauth:apps:${request.ip}`,
  });
  const tokenLimit = app.createRateLimit({
    max: 60,
    timeWindow: 60_000,
    keyGenerator: (request) => `oauth:token:${request.ip}`,
  });

  mastodonScope(app, (api) => {
    api.post('/api/v1/apps', async (request) => {
      await enforceLimit(registerLimit, request);
      const input = parseInput(registerAppSchema, request.body);
      const scopes = input.scopes ?? ['read'];
      const registered = await registerApp(db, {
        name: input.client_name,
        redirectUris: input.redirect_uris,
        scopes,
        website: input.website ?? null,
      });
      return {
        id: registered.id,
        name: input.client_name,
        website: input.website ?? null,
        scopes,
        redirect_uri: input.redirect_uris.join('\n'),
        redirect_uris: input.redirect_uris,
        client_id: registered.clientId,
        client_secret: registered.clientSecret,
        client_secret_expires_at: 0,
        vapid_key: ctx.config.push.publicKey,
      };
    });

    api.post('/oauth/token', async (request, reply) => {
      await enforceLimit(tokenLimit, request);
      reply.header('cache-control', 'no-store');
      return provider.token((request.body ?? {}) as Record<string, unknown>, request.headers.authorization);
    });

    // RFC 7009: the answer is the same whether the token existed; only its own app may revoke it.
    api.post('/oauth/revoke', async (request) => {
      await enforceLimit(tokenLimit, request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const token = typeof body.token === 'string' ? body.token : '';
      const clientId = typeof body.client_id === 'string' ? body.client_id : '';
      const clientSecret = typeof body.client_secret === 'string' ? body.client_secret : '';
      if (token && clientId && clientSecret) {
        const owner = await db
          .selectFrom('oauth_apps')
          .select('id')
          .where('client_id', '=', clientId)
          .where('client_secret_hash', '=', digest(clientSecret))
          .executeTakeFirst();
        if (owner) {
          const gone = await db
            .deleteFrom('oauth_tokens')
            .where('token_hash', '=', digest(token))
            .where('app_id', '=', owner.id)
            .returning('id')
            .execute();
          if (gone.length) ctx.appStreams?.publish({ type: 'revoked', tokenIds: gone.map((row) => row.id) });
        }
      }
      return {};
    });
  });

  app.get('/.well-known/oauth-authorization-server', async () => ({
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    revocation_endpoint: `${base}/oauth/revoke`,
    app_registration_endpoint: `${base}/api/v1/apps`,
    scopes_supported: SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${base}/about`,
  }));

  // The authorize screen's two questions: what does this app ask for, and the member's answer.
  app.get('/api/oauth/authorization', async (request): Promise<AuthorizationPrompt> => {
    await requireViewer(ctx, request);
    return provider.describe(parseInput(authorizationRequestSchema, request.query));
  });

  app.post('/api/oauth/authorization', async (request): Promise<AuthorizationOutcome> => {
    const viewer = await requireViewer(ctx, request);
    const { request: asked, approve } = parseInput(authorizationDecisionSchema, request.body);
    return provider.decide(viewer.userId, asked, approve);
  });

  app.get('/api/settings/apps', async (request): Promise<AuthorizedApp[]> => {
    const viewer = await requireViewer(ctx, request);
    return listAuthorizedApps(db, viewer.userId);
  });

  app.delete<{ Params: { id: string } }>('/api/settings/apps/:id', async (request) => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'oauth_app_gone');
    const gone = await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('oauth_codes')
        .where('app_id', '=', id)
        .where('user_id', '=', viewer.userId)
        .execute();
      return trx
        .deleteFrom('oauth_tokens')
        .where('app_id', '=', id)
        .where('user_id', '=', viewer.userId)
        .returning('id')
        .execute();
    });
    if (gone.length === 0) throw notFound('oauth_app_gone');
    // Its open streams close on every node.
    ctx.appStreams?.publish({ type: 'revoked', tokenIds: gone.map((row) => row.id) });
    return null;
  });
}
