import {
  addPasskeySchema,
  type MemberPasskey,
  passkeyOptionsSchema,
  passkeySignInSchema,
} from '@common/schemas/auth.ts';
import { listPasskeys, presentPasskey, removePasskey } from '@server/auth/passkeys.ts';
import { passwordMatches } from '@server/auth/passwords.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { httpError, notFound } from '@server/http/errors.ts';
import { idParam } from '@server/http/params.ts';
import { enforceLimit, memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance } from 'fastify';
import { forwardToBetterAuth } from './forward.ts';

type Limit = Parameters<typeof enforceLimit>[0];

/**
 * Passkeys (issue 52), Better Auth's passkey plugin behind our checks. Adding one takes the password
 * (a stolen session alone must not leave a key that outlives a password change), then the browser's
 * new credential; signing in with one takes the browser's signed answer and no password or second
 * step. Each ceremony's challenge lives in Better Auth's verification rows, so any node can finish it.
 */
export function passkeyRoutes(app: FastifyInstance, ctx: AppContext, ipLimit: Limit): void {
  const setupLimit = memberLimit(app, 'passkeySetup');

  app.get('/api/auth/passkeys', async (request): Promise<MemberPasskey[]> => {
    const viewer = await requireViewer(ctx, request);
    return listPasskeys(ctx.database.db, viewer.userId);
  });

  // 'Add a passkey', first step: the password gives the options the browser creates a passkey with.
  app.post('/api/auth/passkeys/options', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const viewer = await requireViewer(ctx, request);
    await setupLimit(request, viewer.userId);
    const { password } = parseInput(passkeyOptionsSchema, request.body);
    if (!(await passwordMatches(ctx.database.db, viewer.userId, password)))
      throw httpError(400, 'invalid_password');
    return forwardToBetterAuth(ctx, request, reply, '/passkey/generate-register-options', {
      method: 'GET',
      withQuery: false,
    });
  });

  // The browser's new passkey, with the member's name for it; only this session's challenge fits.
  app.post('/api/auth/passkeys', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const viewer = await requireViewer(ctx, request);
    await setupLimit(request, viewer.userId);
    const body = parseInput(addPasskeySchema, request.body);
    return forwardToBetterAuth(ctx, request, reply, '/passkey/verify-registration', {
      body,
      withQuery: false,
      present: presentPasskey,
    });
  });

  app.delete<{ Params: { id: string } }>('/api/auth/passkeys/:id', async (request, reply) => {
    const viewer = await requireViewer(ctx, request);
    const id = idParam(request.params.id, 'passkey_gone');
    if (!(await removePasskey(ctx.database.db, viewer.userId, id))) throw notFound('passkey_gone');
    return reply.status(204).send();
  });

  // 'Sign in with a passkey': a challenge for the browser (also for its autofill), then its answer.
  app.post('/api/auth/passkey/sign-in-options', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    return forwardToBetterAuth(ctx, request, reply, '/passkey/generate-authenticate-options', {
      method: 'GET',
      withQuery: false,
    });
  });
  app.post('/api/auth/passkey/sign-in', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const body = parseInput(passkeySignInSchema, request.body);
    return forwardToBetterAuth(ctx, request, reply, '/passkey/verify-authentication', {
      body,
      withQuery: false,
      // The session is in the cookie; its token is not repeated in the body.
      present: () => ({ status: true }),
    });
  });
}
