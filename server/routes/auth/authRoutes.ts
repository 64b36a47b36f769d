import {
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@common/schemas/auth.ts';
import type { AppContext } from '@server/http/context.ts';
import { enforceLimit } from '@server/http/rateLimit.ts';
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
  ['GET', '/reset-password/:token'],
];

const FRIENDLY_MESSAGES: Record<string, string> = {
  EMAIL_NOT_VERIFIED: 'Please confirm your email first. We sent a new confirmation link to your inbox.',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  INVALID_TOKEN: 'This link is invalid or has expired. Please ask for a new one.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
};

const snakeCase = (code: string) => code.toLowerCase().replace(/[^a-z0-9]+/g, '_');

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { authRateLimit } = ctx.config;
  const ipLimit = app.createRateLimit({
    max: authRateLimit.perIp,
    timeWindow: authRateLimit.windowMs,
    keyGenerator: (request) => `auth:${request.routeOptions.url}:ip:${request.ip}`,
  });

  async function forward(request: FastifyRequest, reply: FastifyReply, body?: unknown) {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === 'content-length' || key === 'host') continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    if (body !== undefined) headers.set('content-type', 'application/json');
    const response = await ctx.auth.handler(
      new Request(new URL(request.url, ctx.config.publicUrl), {
        method: request.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
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
      const code = parsed.code ?? 'auth_error';
      return reply.send({
        error: {
          code: snakeCase(code),
          message: FRIENDLY_MESSAGES[code] ?? parsed.message ?? 'Request failed.',
        },
      });
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
      return forward(request, reply, request.body);
    });
  }
  for (const [method, path] of passthrough) {
    app.route({
      method,
      url: `/api/auth${path}`,
      handler: (request, reply) =>
        forward(request, reply, method === 'POST' ? (request.body ?? {}) : undefined),
    });
  }
  app.all('/api/auth/*', async (request, reply) =>
    reply
      .status(404)
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url}.` } }),
  );
}
