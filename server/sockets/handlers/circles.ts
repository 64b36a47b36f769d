import { rooms } from '@common/realtime.ts';
import { signalSchema } from '@common/schemas/circleSignals.ts';
import { badRequest, httpError } from '@server/http/errors.ts';
import { signalPreviewEnds } from '@server/queries/circles.ts';
import { defineHandler } from './define.ts';

/**
 * Signals one socket may send per window: a connection takes an offer request, an answer and a
 * dozen ICE candidates, so this is far above a page's needs and stops a script flooding the host.
 */
export const SIGNAL_BUDGET = { max: 120, windowMs: 10_000 };
const budgets = new WeakMap<object, { start: number; used: number }>();
export function spendSignal(socket: object): void {
  const now = Date.now();
  let budget = budgets.get(socket);
  if (!budget || now - budget.start >= SIGNAL_BUDGET.windowMs) {
    budget = { start: now, used: 0 };
    budgets.set(socket, budget);
  }
  budget.used += 1;
  if (budget.used > SIGNAL_BUDGET.max) {
    throw httpError(429, 'too_many_signals').waitFor(5);
  }
}

/**
 * WebRTC signalling of a circle (spec section 7: offer, answer, ice, request-offer), relayed to the
 * addressed member only. Media goes from the host to each guest: a guest (or a non-member inside
 * their preview window) may only address the host, and the host only a member or a previewer
 * (signalPreviewEnds decides, through policies/circle.ts; a circle hidden from the sender is a 404).
 * Nobody else's socket ever sees the message.
 */
export const circleHandlers = [
  defineHandler({
    event: 'circle:signal',
    schema: signalSchema,
    async handle(socket, input, { db }) {
      spendSignal(socket);
      const fromUserId = socket.data.viewer.userId;
      if (input.to_user_id === fromUserId) throw badRequest('signal_self');
      if ((input.kind === 'offer' || input.kind === 'answer') && !input.sdp) {
        throw badRequest('signal_sdp_missing');
      }
      const previewEnds = await signalPreviewEnds(db, fromUserId, input);
      const { to_user_id, ...signal } = input;
      socket.nsp
        .to(rooms.user(to_user_id))
        .emit('circle:signal', { ...signal, from_user_id: fromUserId, preview_until: previewEnds });
      return { delivered: true as const };
    },
  }),
];
