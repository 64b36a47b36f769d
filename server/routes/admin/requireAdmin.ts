import type { Viewer } from '@server/auth/sessions.ts';
import { twoFactorEnabled } from '@server/auth/twoFactor.ts';
import { type AppContext, requireViewer } from '@server/context.ts';
import { badRequest, forbidden } from '@server/http/errors.ts';
import { isAdmin } from '@server/queries/admin.ts';
import type { FastifyRequest } from 'fastify';

/**
 * A signed-in member with the admin role: 401 for visitors, 403 for everyone else; with
 * REQUIRE_ADMIN_2FA, 403 two_factor_required for an admin without two-factor sign-in (issue 52).
 */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(ctx, request);
  if (!(await isAdmin(ctx.database.db, viewer.userId))) throw forbidden('not_admin');
  if (ctx.config.requireAdmin2fa && !(await twoFactorEnabled(ctx, viewer.userId))) {
    throw forbidden('two_factor_required');
  }
  return viewer;
}

const ID = /^[0-9a-zA-Z-]{1,64}$/;

/** An id from an admin path: malformed is a 400 (the admin typed or pasted it), unknown a 404 later. */
export function pathId(
  id: string,
  code: 'user_id_invalid' | 'show_id_invalid' | 'report_id_invalid',
): string {
  if (!ID.test(id)) throw badRequest(code);
  return id;
}
