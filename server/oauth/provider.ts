import {
  type AuthorizationOutcome,
  type AuthorizationPrompt,
  type AuthorizationRequest,
  OUT_OF_BAND_URI,
  parseScopes,
} from '@common/schemas/oauth.ts';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { DB } from '@server/db/types.ts';
import { badRequest } from '@server/http/errors.ts';
import { OAuthAnswer } from '@server/http/oauthAnswer.ts';
import type { Kysely } from 'kysely';
import { findClient, grantableScopes, oauthModel } from './model.ts';

/** A code is exchanged at once by the app that asked for it. */
const CODE_LIFETIME_SECONDS = 10 * 60;

/** The OAuth 2 provider of the Mastodon client API (issue 53), on @node-oauth/oauth2-server. */
export class OAuthProvider {
  readonly #server: OAuth2Server;

  constructor(private readonly db: Kysely<DB>) {
    this.#server = new OAuth2Server({
      model: oauthModel(db),
      authorizationCodeLifetime: CODE_LIFETIME_SECONDS,
      allowEmptyState: true,
      // created_at, which Mastodon answers and some clients read, goes into the token's answer.
      allowExtendedTokenAttributes: true,
      // A token request proven by its PKCE verifier needs no secret (an app on a phone has none it can keep).
      requireClientAuthentication: { authorization_code: true, client_credentials: true },
    });
  }

  /**
   * What the authorize screen shows, after the checks the decision makes too (the same model
   * functions): a registered client, one of its redirect URIs, scopes it registered, a code response.
   */
  async describe(request: AuthorizationRequest): Promise<AuthorizationPrompt> {
    const client = await findClient(this.db, request.client_id);
    if (!client) throw badRequest('oauth_client_unknown');
    if ((request.response_type ?? 'code') !== 'code') throw badRequest('oauth_response_type');
    if (request.code_challenge && (request.code_challenge_method ?? 'plain') !== 'S256')
      throw badRequest('oauth_challenge_method');
    const redirectUri = request.redirect_uri ?? client.redirectUris[0]!;
    if (!client.redirectUris.includes(redirectUri)) throw badRequest('oauth_redirect_mismatch');
    const scopes = grantableScopes(client, parseScopes(request.scope));
    if (!scopes) {
      const extra = parseScopes(request.scope).find((scope) => !grantableScopes(client, [scope])) ?? '';
      throw badRequest('oauth_scope_not_registered', { scope: extra.slice(0, 60) });
    }
    return {
      app: { name: client.name, website: client.website },
      scopes,
      redirect_uri: redirectUri,
      out_of_band: redirectUri === OUT_OF_BAND_URI,
    };
  }

  /** The member's 'Authorize' or 'Deny': where their browser goes next, or the code to show them. */
  async decide(
    userId: string,
    request: AuthorizationRequest,
    approve: boolean,
  ): Promise<AuthorizationOutcome> {
    const prompt = await this.describe(request);
    const body = {
      ...request,
      response_type: 'code',
      redirect_uri: prompt.redirect_uri,
      scope: prompt.scopes.join(' '),
      allowed: approve ? 'true' : 'false',
    };
    const oauthRequest = new OAuth2Server.Request({ method: 'POST', query: {}, headers: {}, body });
    const response = new OAuth2Server.Response();
    try {
      await this.#server.authorize(oauthRequest, response, {
        authenticateHandler: { handle: () => ({ id: userId }) },
      });
    } catch (error) {
      if (!(error instanceof OAuth2Server.AccessDeniedError)) throw error;
    }
    const location = response.get('location') as string | undefined;
    if (!location) throw new Error('The authorization answered no redirect');
    if (prompt.out_of_band) {
      const code = new URL(location).searchParams.get('code');
      return code ? { code } : { denied: true };
    }
    return { redirect_to: location };
  }

  /**
   * POST /oauth/token: the library checks the grant; the answer is Mastodon's (`access_token`,
   * `token_type`, every granted `scope`, `created_at`), or an OAuth error with its status.
   */
  async token(body: Record<string, unknown>, authorization: string | undefined) {
    const oauthRequest = new OAuth2Server.Request({
      method: 'POST',
      query: {},
      // JSON bodies are as good as forms here (masto and megalodon send JSON).
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': '1',
        ...(authorization ? { authorization } : {}),
      },
      body: Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
      ),
    });
    const response = new OAuth2Server.Response();
    try {
      await this.#server.token(oauthRequest, response);
    } catch (error) {
      if (error instanceof OAuth2Server.OAuthError) throw new OAuthAnswer(error);
      throw error;
    }
    const { access_token, token_type, scope, created_at } = response.body as Record<string, unknown>;
    return { access_token, token_type, scope, created_at };
  }
}
