import { errorMessage, type PlainErrorCode } from '@common/errors.ts';
import type { ErrorBody } from '@common/errorTemplates.ts';
import type { AppContext } from '@server/context.ts';
import { errorBody } from '@server/http/errors.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The one way a request reaches Better Auth (server/auth/auth.ts): our routes (authRoutes.ts,
// twoFactorRoutes.ts) check the input and the limits, then hand Better Auth the endpoint they chose.

const snakeCase = (code: string) => code.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Better Auth's refusals (and our hooks', server/auth) that common/errors.ts words, snake_cased. */
const BETTER_AUTH_CODES = new Set<string>([
  'email_not_verified',
  'invalid_email_or_password',
  'invalid_token',
  'user_already_exists',
  'username_taken',
  'account_suspended',
  'no_free_username',
  'invalid_password',
  'invalid_code',
  'invalid_backup_code',
  'totp_already_enabled',
  'totp_not_enabled',
  'backup_codes_not_enabled',
  'too_many_attempts_request_new_code',
  'invalid_two_factor_cookie',
  'account_temporarily_locked',
  'challenge_not_found',
  'passkey_not_found',
  'authentication_failed',
  'failed_to_verify_registration',
] satisfies PlainErrorCode[]);
const CLIENT_FAULTS = new Set(['failed_to_verify_registration']);

/**
 * A Better Auth refusal in our shape: its code snake_cased, worded by common/errors.ts when it is one
 * of ours; any other keeps Better Auth's own message, which the web shows as it is.
 */
function betterAuthError(parsed: { code?: string; message?: string }): ErrorBody {
  const code = parsed.code ? snakeCase(parsed.code) : 'auth_error';
  if (BETTER_AUTH_CODES.has(code)) return { code, message: errorMessage(code as PlainErrorCode) };
  return { code, message: parsed.message ?? errorMessage('auth_error') };
}

export const notFoundAnswer = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send(errorBody('not_found', { method: request.method, url: request.url }));

/**
 * The URL Better Auth receives: the allow-listed endpoint, never a path taken from the request (the
 * URL parser turns `\` into `/` and resolves `..`, which would reach endpoints we hide), and the
 * query string. Null when the result is not exactly that endpoint.
 */
export function betterAuthUrl(publicUrl: string, endpoint: string, rawUrl: string): URL | null {
  const url = new URL(publicUrl);
  url.pathname = `/api/auth${endpoint}`;
  const query = rawUrl.indexOf('?');
  if (query >= 0) url.search = rawUrl.slice(query);
  return url.pathname === `/api/auth${endpoint}` ? url : null;
}

export interface ForwardOptions {
  /** Better Auth's method for the endpoint, when it is not the request's (a GET behind our POST). */
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Runs once Better Auth has answered and before the client hears it. */
  beforeAnswer?: (status: number) => Promise<void>;
  /** What the client hears of a successful JSON answer, when not all of Better Auth's. */
  present?: (answer: unknown) => unknown;
  /** Whether Better Auth sees the request's query string (not for endpoints whose query we never check). */
  withQuery?: boolean;
}

/**
 * The request, as `endpoint` of Better Auth with `body`, and Better Auth's answer in our shape (its
 * refusals coded by betterAuthError).
 */
export async function forwardToBetterAuth(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: string,
  {
    method = request.method as 'GET' | 'POST',
    body,
    beforeAnswer,
    present,
    withQuery = true,
  }: ForwardOptions = {},
) {
  const target = betterAuthUrl(ctx.config.publicUrl, endpoint, withQuery ? request.url : '');
  if (!target) return notFoundAnswer(request, reply);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length' || key === 'host') continue;
    // The client may write any of these; Better Auth records the address we trust instead.
    if (key === 'x-forwarded-for' || key === 'x-real-ip' || key === 'forwarded') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-forwarded-for', request.ip);
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await ctx.auth.handler(
    new Request(target, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  await beforeAnswer?.(response.status);
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'content-encoding')
      reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json');
  if (response.status >= 400 && json) {
    const parsed = JSON.parse(text || '{}') as { code?: string; message?: string };
    const error = betterAuthError(parsed);
    // Better Auth answers 500 for a passkey response it could not verify: the client's input, not ours.
    if (response.status === 500 && CLIENT_FAULTS.has(error.code)) reply.status(400);
    return reply.send({ error });
  }
  if (present && json && response.status < 300) return reply.send(present(JSON.parse(text)));
  return reply.send(text);
}
