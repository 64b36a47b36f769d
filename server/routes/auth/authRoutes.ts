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
import { badRequest, notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { enforceLimit, memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { forwardToBetterAuth, notFoundAnswer } from './forward.ts';
import { passkeyRoutes } from './passkeyRoutes.ts';
import { twoFactorRoutes } from './twoFactorRoutes.ts';

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

  const forward = (
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: string,
    body?: unknown,
    beforeAnswer?: (status: number) => Promise<void>,
  ) => forwardToBetterAuth(ctx, request, reply, endpoint, { body, beforeAnswer });

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
  twoFactorRoutes(app, ctx, ipLimit);
  passkeyRoutes(app, ctx, ipLimit);
  app.all('/api/auth/*', async (request, reply) => notFoundAnswer(request, reply));
}
