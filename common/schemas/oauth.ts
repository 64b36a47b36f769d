import { z } from 'zod/mini';
import { defineErrors, rulesOf } from '../errorTemplates.ts';
import { fieldRule, text } from './fields.ts';

/**
 * Apps (issue 53): the scopes of Mastodon's client API. A broad scope holds its parts (`read` holds
 * `read:statuses`), and `follow` is Mastodon's older name for the follows', blocks' and mutes' parts.
 */
export const BROAD_SCOPES = ['read', 'write', 'follow', 'push', 'profile'] as const;
const READ_PARTS = [
  'accounts',
  'blocks',
  'bookmarks',
  'favourites',
  'filters',
  'follows',
  'lists',
  'mutes',
  'notifications',
  'search',
  'statuses',
] as const;
const WRITE_PARTS = [
  'accounts',
  'blocks',
  'bookmarks',
  'conversations',
  'favourites',
  'filters',
  'follows',
  'lists',
  'media',
  'mutes',
  'notifications',
  'reports',
  'statuses',
] as const;
export const SCOPES = [
  ...BROAD_SCOPES,
  ...READ_PARTS.map((part) => `read:${part}` as const),
  ...WRITE_PARTS.map((part) => `write:${part}` as const),
] as const;
export type Scope = (typeof SCOPES)[number];
const FOLLOW_PARTS = new Set<string>([
  'read:blocks',
  'read:follows',
  'read:mutes',
  'write:blocks',
  'write:follows',
  'write:mutes',
]);

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);

/** Whether a token or app with `granted` may do what needs `needed` (a scope or its part). */
export function scopeAllows(granted: readonly string[], needed: Scope): boolean {
  if (granted.includes(needed)) return true;
  const [broad] = needed.split(':');
  if (broad !== needed && granted.includes(broad!)) return true;
  // `profile` is the narrowest read of who the token's member is (verify_credentials only).
  if (needed === 'profile') return granted.includes('read') || granted.includes('read:accounts');
  return FOLLOW_PARTS.has(needed) && granted.includes('follow');
}

/** A space-separated scope list as clients send it; empty: Mastodon's default, `read`. */
export function parseScopes(value: string | undefined): string[] {
  const scopes = [...new Set((value ?? '').split(/[\s+]+/).filter(Boolean))];
  return scopes.length ? scopes : ['read'];
}

export const OUT_OF_BAND_URI = 'urn:ietf:wg:oauth:2.0:oob';
export const REDIRECT_URI_MAX_LENGTH = 2000;
export const APP_NAME_MAX_LENGTH = 200;

export const OAUTH_ERRORS = defineErrors({
  app_name_required: 'client_name is required: the name members see when they authorize the app.',
  redirect_uris_required: `redirect_uris is required: one or more addresses, or ${OUT_OF_BAND_URI}.`,
  redirect_uri_invalid: 'Each redirect URI must be an absolute address such as https://app.example/callback.',
  redirect_uri_scheme: 'A redirect URI cannot use {{scheme}}.',
  too_many_redirect_uris: 'An app can register at most {{max}} redirect URIs.',
  scope_unknown:
    'Unknown scope: {{scope}}. Use read, write, follow, push or their parts, such as read:statuses.',
  app_website_invalid: 'website must be an http or https address.',
  oauth_client_unknown: 'This app is not registered on this server. Ask its maker to register it again.',
  oauth_redirect_mismatch: 'This app asked to return to an address it did not register.',
  oauth_scope_not_registered: 'This app asked for more than it registered: {{scope}}.',
  oauth_response_type: 'response_type must be code.',
  oauth_challenge_method: 'code_challenge_method must be S256.',
  oauth_app_gone: 'This app was already revoked. Reload the list.',
  oauth_scope_missing: 'This access token does not allow this: it needs the {{scope}} scope.',
  oauth_token_invalid: 'The access token is invalid.',
  oauth_member_required: 'This method requires an authenticated user.',
  oauth_request_invalid: "request must be the app's authorization request, as the authorize page read it.",
});
const { rule, issue } = rulesOf(OAUTH_ERRORS);

// Addresses a browser would run or read as a page of ours rather than leave for (the authorize
// screen sends the member's browser to the redirect URI).
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:', 'about:']);

/** Why a redirect URI cannot be registered, or null. */
export function redirectUriProblem(
  value: string,
): { code: 'redirect_uri_invalid' } | { code: 'redirect_uri_scheme'; scheme: string } | null {
  if (value === OUT_OF_BAND_URI) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { code: 'redirect_uri_invalid' };
  }
  if (REFUSED_SCHEMES.has(url.protocol)) return { code: 'redirect_uri_scheme', scheme: url.protocol };
  if (url.hash) return { code: 'redirect_uri_invalid' };
  return null;
}

export const MAX_REDIRECT_URIS = 10;

const oneLine = (label: string, max: number) => text({ label, max });

/** POST /api/v1/apps, as JSON or a form: Mastodon's fields, others ignored as Mastodon does. */
export const registerAppSchema = z.object({
  client_name: text({
    label: 'client_name',
    min: 1,
    max: APP_NAME_MAX_LENGTH,
    typeError: rule('app_name_required'),
    required: rule('app_name_required'),
  }),
  // A string (several separated by white space, as Mastodon's form takes them) or a list.
  redirect_uris: z.pipe(
    z.union(
      [oneLine('redirect_uris', REDIRECT_URI_MAX_LENGTH * MAX_REDIRECT_URIS), z.array(z.string())],
      rule('redirect_uris_required'),
    ),
    z.transform((value, context) => {
      const uris = [
        ...new Set(
          (Array.isArray(value) ? value : value.split(/\s+/)).map((uri) => uri.trim()).filter(Boolean),
        ),
      ];
      if (uris.length === 0)
        context.issues.push({ code: 'custom', input: value, ...issue('redirect_uris_required') });
      if (uris.length > MAX_REDIRECT_URIS)
        context.issues.push({
          code: 'custom',
          input: value,
          ...issue('too_many_redirect_uris', { max: MAX_REDIRECT_URIS }),
        });
      for (const uri of uris) {
        const problem =
          uri.length > REDIRECT_URI_MAX_LENGTH || uri.includes('\u0000')
            ? { code: 'redirect_uri_invalid' as const }
            : redirectUriProblem(uri);
        if (problem?.code === 'redirect_uri_scheme')
          context.issues.push({
            code: 'custom',
            input: uri,
            ...issue('redirect_uri_scheme', { scheme: problem.scheme }),
          });
        else if (problem)
          context.issues.push({ code: 'custom', input: uri, ...issue('redirect_uri_invalid') });
      }
      return uris;
    }),
  ),
  scopes: z.optional(
    z.pipe(
      oneLine('scopes', 2000),
      z.transform((value, context) => {
        const scopes = parseScopes(value);
        const unknown = scopes.find((scope) => !isScope(scope));
        if (unknown)
          context.issues.push({
            code: 'custom',
            input: value,
            ...issue('scope_unknown', { scope: unknown.slice(0, 60) }),
          });
        return scopes;
      }),
    ),
  ),
  website: z.optional(
    z.pipe(
      oneLine('website', REDIRECT_URI_MAX_LENGTH),
      z.transform((value, context) => {
        if (!value) return null;
        if (!/^https?:\/\/[^\s/]+/i.test(value) || !URL.canParse(value))
          context.issues.push({ code: 'custom', input: value, ...issue('app_website_invalid') });
        return value;
      }),
    ),
  ),
});

/** What an app asks for on /oauth/authorize, as the screen sends it on to the server. */
export const authorizationRequestSchema = z.object({
  response_type: z.optional(oneLine('response_type', 20)),
  client_id: oneLine('client_id', 200),
  redirect_uri: z.optional(oneLine('redirect_uri', REDIRECT_URI_MAX_LENGTH)),
  scope: z.optional(oneLine('scope', 2000)),
  state: z.optional(text({ label: 'state', max: 2000, trim: false })),
  code_challenge: z.optional(oneLine('code_challenge', 200)),
  code_challenge_method: z.optional(oneLine('code_challenge_method', 20)),
  /** Mastodon's: show the sign-in even to a signed-in member. Accepted and ignored. */
  force_login: z.optional(z.unknown()),
  lang: z.optional(z.unknown()),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

export const authorizationDecisionSchema = z.strictObject({
  request: z.object(authorizationRequestSchema.shape, rule('oauth_request_invalid')),
  approve: z.boolean(fieldRule('not_boolean', { name: 'approve' })),
});

/** What the authorize screen shows: the app, and what it asks for. */
export interface AuthorizationPrompt {
  app: { name: string; website: string | null };
  scopes: string[];
  redirect_uri: string;
  out_of_band: boolean;
}

/**
 * Where the screen sends the browser after a decision, or (out of band) the code to show, or that
 * the member denied an out-of-band app (there is nowhere to send them).
 */
export type AuthorizationOutcome = { redirect_to: string } | { code: string } | { denied: true };

/** An app a member authorized, on /settings/apps. */
export interface AuthorizedApp {
  id: string;
  name: string;
  website: string | null;
  scopes: string[];
  authorized_at: string;
  last_used_at: string | null;
}
