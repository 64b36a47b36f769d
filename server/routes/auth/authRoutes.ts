import { errorMessage, type PlainErrorCode } from '@common/errors.ts';
import type { ErrorBody } from '@common/errorTemplates.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  type MemberSession,
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@common/schemas/auth.ts';
import { sanitizeUsername } from '@common/username.ts';
import { endOtherSessions, endSession, listSessions } from '@server/auth/memberSessions.ts';
import { afterPasswordChange } from '@server/auth/passwordChange.ts';
import { throttleSignIn } from '@server/auth/signInThrottle.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { badRequest, errorBody, notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { enforceLimit, memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';

// Only the Better Auth endpoints the product uses are reachable; the rest (update-user, change-email,
// delete-user...) would let a client set fields it may not, so they answer 404.
const validatedPosts: Record<string, z.ZodMiniType<object>> = {
  '/sign-up/email': signUpSchema,
  '/sign-in/email': signInSchema,
  '/request-password-reset': forgotPasswordSchema,
  '/reset-password': resetPasswordSchema,
  '/send-verification-email': resendConfirmationSchema,
};
const passthrough: Array<[method: 'GET' | 'POST', path: string]> = [
  ['GET', '/get-session'],
  ['POST', '/sign-out'],
  ['GET', '/verify-email'],
];
// Better Auth's reset tokens are letters and digits; anything else (`..\`, `/`, `%`) is not a token.
const RESET_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

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
] satisfies PlainErrorCode[]);

/**
 * A Better Auth refusal in our shape: its code snake_cased, worded by common/errors.ts when it is one
 * of ours; any other keeps Better Auth's own message, which the web shows as it is.
 */
function betterAuthError(parsed: { code?: string; message?: string }): ErrorBody {
  const code = parsed.code ? snakeCase(parsed.code) : 'auth_error';
  if (BETTER_AUTH_CODES.has(code)) return { code, message: errorMessage(code as PlainErrorCode) };
  return { code, message: parsed.message ?? errorMessage('auth_error') };
}

const notFoundAnswer = (request: FastifyRequest, reply: FastifyReply) =>
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

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { authRateLimit } = ctx.config;
  const ipLimit = app.createRateLimit({
    max: authRateLimit.perIp,
    timeWindow: authRateLimit.windowMs,
    keyGenerator: (request) => `auth:${request.routeOptions.url}:ip:${request.ip}`,
  });

  /**
   * A taken username is refused before Better Auth sees the email: it answers an address that already
   * has an account like a new one, so the username answer must not depend on the email either.
   */
  async function refuseTakenUsername({ username }: { username?: string }) {
    const requested = username ? sanitizeUsername(username) : '';
    if (!requested) return;
    const taken = await ctx.database.db
      .selectFrom('profiles')
      .select('id')
      .where('username', '=', requested)
      .executeTakeFirst();
    if (taken) throw badRequest('username_taken');
  }

  /** `beforeAnswer` runs once Better Auth has answered and before the client hears it. */
  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    body?: unknown,
    beforeAnswer?: (status: number) => Promise<void>,
  ) {
    const target = betterAuthUrl(ctx.config.publicUrl, endpoint, request.url);
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
        method: request.method,
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
    if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
      const parsed = JSON.parse(text || '{}') as { code?: string; message?: string };
      return reply.send({ error: betterAuthError(parsed) });
    }
    return reply.send(text);
  }

  for (const [path, schema] of Object.entries(validatedPosts)) {
    const url = `/api/auth${path}`;
    const emailLimit = app.createRateLimit({
      max: authRateLimit.perEmail,
      timeWindow: authRateLimit.windowMs,
      keyGenerator: (request) => `auth:${url}:email:${(request.body as { email: string }).email}`,
    });
    app.post(url, async (request, reply) => {
      await enforceLimit(ipLimit, request);
      const body = parseInput(schema, request.body);
      if ('email' in body && typeof body.email === 'string') {
        request.body = { ...body, email: body.email.toLowerCase() };
        await enforceLimit(emailLimit, request);
      }
      if (path === '/sign-up/email') await refuseTakenUsername(body as { username?: string });
      const send = (beforeAnswer?: (status: number) => Promise<void>) =>
        forward(request, reply, path, request.body, beforeAnswer);
      return path === '/sign-in/email' ? throttleSignIn(ctx, request, reply, send) : send();
    });
  }
  for (const [method, path] of passthrough) {
    app.route({
      method,
      url: `/api/auth${path}`,
      handler: (request, reply) =>
        forward(request, reply, path, method === 'POST' ? (request.body ?? {}) : undefined),
    });
  }
  // 'Change password' (issue 52): Better Auth checks the current password and writes the new hash;
  // the other sessions end in afterPasswordChange, so this browser keeps its session and cookie.
  // Wrong current passwords count against the member like failed sign-ins.
  const passwordLimit = memberLimit(app, 'changePassword');
  app.post('/api/auth/change-password', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const viewer = await requireViewer(ctx, request);
    await passwordLimit(request, viewer.userId);
    const body = parseInput(changePasswordSchema, request.body);
    return forward(
      request,
      reply,
      '/change-password',
      { ...body, revokeOtherSessions: false },
      async (status) => {
        if (status === 200) await afterPasswordChange(ctx, viewer);
      },
    );
  });
  // "Where you're signed in" (issue 52): the member's own sessions, each ended on every node at once.
  app.get('/api/auth/sessions', async (request): Promise<MemberSession[]> => {
    const viewer = await requireViewer(ctx, request);
    return listSessions(ctx, viewer);
  });
  app.delete<{ Params: { id: string } }>('/api/auth/sessions/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'session_not_found');
    if (!(await endSession(ctx, viewer, id))) throw notFound('session_not_found');
    return reply.status(204).send();
  });
  app.post('/api/auth/sessions/sign-out-others', async (request) => {
    const viewer = await requireViewer(ctx, request);
    return { ended: await endOtherSessions(ctx, viewer) };
  });
  // The reset link: the router has decoded the token, so `%5c` and `%2e` are checked as `\` and `.`.
  app.get<{ Params: { token: string } }>('/api/auth/reset-password/:token', (request, reply) => {
    const { token } = request.params;
    if (!RESET_TOKEN.test(token)) return notFoundAnswer(request, reply);
    return forward(request, reply, `/reset-password/${token}`);
  });
  app.all('/api/auth/*', async (request, reply) => notFoundAnswer(request, reply));
}
