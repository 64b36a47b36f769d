import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  recoveryCodeSchema,
  type TwoFactorStatus,
  twoFactorCodeSchema,
} from '@common/schemas/auth.ts';
import { passwordMatches } from '@server/auth/passwords.ts';
import {
  claimTotpStep,
  setTwoFactor,
  totpCodeStep,
  twoFactorEnabled,
  twoFactorLockedSeconds,
  twoFactorPending,
  twoFactorUserId,
} from '@server/auth/twoFactor.ts';
import { type AppContext, optionalViewer, requireViewer } from '@server/context.ts';
import { httpError } from '@server/http/errors.ts';
import { enforceLimit, memberLimit } from '@server/http/rateLimit.ts';
import { parseInput } from '@server/http/validate.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forwardToBetterAuth } from './forward.ts';

type Limit = Parameters<typeof enforceLimit>[0];

const lockedAnswer = (reply: FastifyReply, seconds: number) => {
  const error = httpError(429, 'two_factor_locked', { count: Math.max(1, Math.ceil(seconds / 60)) });
  return reply.status(429).header('retry-after', String(seconds)).send({ error: error.body });
};
const codeUsed = () => httpError(401, 'two_factor_code_used');

/**
 * Two-factor sign-in (issue 52), Better Auth's twoFactor plugin behind our checks: each body parsed
 * by a shared schema (no `trustDevice`: no device skips the second step), every call under the auth
 * limit per IP, the member's own calls under a limit per member, a locked account answered before
 * Better Auth is asked, and a TOTP code taken once (auth/twoFactor.ts).
 */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext, ipLimit: Limit): void {
  const setupLimit = memberLimit(app, 'twoFactorSetup');
  /** The step of a code not taken yet (null: no code of now); a code already taken is refused. */
  const unusedStep = async (userId: string, code: string) => {
    const { step, used } = await totpCodeStep(ctx, userId, code);
    if (used) throw codeUsed();
    return step;
  };
  /** Takes the step; a request that took it first (on any node) wins, and this one is refused. */
  const take = async (userId: string, step: number) => {
    if (!(await claimTotpStep(ctx, userId, step))) throw codeUsed();
  };

  app.get('/api/auth/two-factor', async (request): Promise<TwoFactorStatus> => {
    const viewer = await requireViewer(ctx, request);
    return { enabled: await twoFactorEnabled(ctx, viewer.userId) };
  });

  // 'Turn on two-factor authentication': the password, then a new secret and recovery codes, kept
  // unverified until a code of the app comes back (verify-totp with the session).
  app.post('/api/auth/two-factor/enable', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const viewer = await requireViewer(ctx, request);
    await setupLimit(request, viewer.userId);
    const body = parseInput(enableTwoFactorSchema, request.body);
    return forwardToBetterAuth(ctx, request, reply, '/two-factor/enable', { body });
  });

  // A code of the app: the second step of a sign-in (Better Auth's two_factor cookie, which makes the
  // session), or, with a session, the first code that turns two-factor sign-in on (done here).
  app.post('/api/auth/two-factor/verify-totp', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const viewer = await optionalViewer(ctx, request);
    if (viewer) await setupLimit(request, viewer.userId);
    const { code } = parseInput(twoFactorCodeSchema, request.body);
    const userId = await twoFactorUserId(ctx, request.headers.cookie, viewer?.userId ?? null);
    if (!userId) throw httpError(401, 'invalid_two_factor_cookie');
    if (viewer) {
      if (!(await twoFactorPending(ctx, userId))) {
        throw httpError(
          400,
          (await twoFactorEnabled(ctx, userId)) ? 'totp_already_enabled' : 'totp_not_enabled',
        );
      }
      const step = await unusedStep(userId, code);
      if (step === null) throw httpError(401, 'invalid_code');
      await take(userId, step);
      await setTwoFactor(ctx, userId, true);
      return { status: true };
    }
    const locked = await twoFactorLockedSeconds(ctx, userId);
    if (locked > 0) return lockedAnswer(reply, locked);
    // Taken before Better Auth answers, so two requests with one code cannot both pass; a code of no
    // step of now goes to Better Auth, which refuses it and counts the failure.
    const step = await unusedStep(userId, code);
    if (step !== null) await take(userId, step);
    return forwardToBetterAuth(ctx, request, reply, '/two-factor/verify-totp', { body: { code } });
  });

  // 'Use a recovery code': each works once (Better Auth removes it with a compare-and-set).
  app.post('/api/auth/two-factor/verify-backup-code', async (request, reply) => {
    await enforceLimit(ipLimit, request);
    const { code } = parseInput(recoveryCodeSchema, request.body);
    const userId = await twoFactorUserId(ctx, request.headers.cookie, null);
    if (!userId) throw httpError(401, 'invalid_two_factor_cookie');
    const locked = await twoFactorLockedSeconds(ctx, userId);
    if (locked > 0) return lockedAnswer(reply, locked);
    return forwardToBetterAuth(ctx, request, reply, '/two-factor/verify-backup-code', {
      body: { code },
    });
  });

  // Turning it off takes the password and a code of the app; the code is taken only once the
  // password was right, so a mistyped password does not use it up.
  app.post('/api/auth/two-factor/disable', async (request) => {
    await enforceLimit(ipLimit, request);
    const viewer = await requireViewer(ctx, request);
    await setupLimit(request, viewer.userId);
    const { password, code } = parseInput(disableTwoFactorSchema, request.body);
    if (!(await twoFactorEnabled(ctx, viewer.userId))) throw httpError(400, 'totp_not_enabled');
    const step = await unusedStep(viewer.userId, code);
    if (step === null) throw httpError(400, 'invalid_code');
    if (!(await passwordMatches(ctx.database.db, viewer.userId, password)))
      throw httpError(400, 'invalid_password');
    await take(viewer.userId, step);
    await setTwoFactor(ctx, viewer.userId, false);
    return { status: true };
  });
}
