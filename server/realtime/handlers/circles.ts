import { rooms } from '@common/realtime.ts';
import { CIRCLE_TEXTS, signalSchema } from '@common/schemas/circles.ts';
import { HttpError } from '@server/http/errors.ts';
import { previewRunning, previewUntil } from '@server/policies/circle.ts';
import { circleRole, findCircle, previewStart } from '@server/queries/circles.ts';
import { defineHandler } from './define.ts';

const refused = (message: string) => new HttpError(403, 'forbidden', message);

/**
 * Signals one socket may send per window: a connection takes an offer request, an answer and a
 * dozen ICE candidates, so this is far above a page's needs and stops a script flooding the host.
 */
export const SIGNAL_BUDGET = { max: 120, windowMs: 10_000 };
const budgets = new WeakMap<object, { start: number; used: number }>();
function spendSignal(socket: object): void {
  const now = Date.now();
  let budget = budgets.get(socket);
  if (!budget || now - budget.start >= SIGNAL_BUDGET.windowMs) {
    budget = { start: now, used: 0 };
    budgets.set(socket, budget);
  }
  budget.used += 1;
  if (budget.used > SIGNAL_BUDGET.max) {
    throw new HttpError(
      429,
      'rate_limited',
      'Too many signals at once. Wait a few seconds and try again.',
      5,
    );
  }
}

/**
 * WebRTC signalling of a circle (spec section 7: offer, answer, ice, request-offer), relayed to the
 * addressed member only. Media goes from the host to each guest: a guest (or a non-member inside
 * their preview window) may only address the host, and the host only a member or a previewer.
 * Nobody else's socket ever sees the message.
 */
export const circleHandlers = [
  defineHandler({
    event: 'circle:signal',
    schema: signalSchema,
    async handle(socket, input, { db }) {
      spendSignal(socket);
      const fromUserId = socket.data.viewer.userId;
      const circle = await findCircle(db, input.circle_id);
      if (!circle) throw new HttpError(404, 'not_found', CIRCLE_TEXTS.notFound);
      if (circle.status === 'ended') throw new HttpError(409, 'circle_ended', CIRCLE_TEXTS.hasEnded);
      if (input.to_user_id === fromUserId) throw new HttpError(400, 'invalid_input', 'Address another peer.');
      if ((input.kind === 'offer' || input.kind === 'answer') && !input.sdp) {
        throw new HttpError(400, 'invalid_input', 'An offer or answer needs its sdp.');
      }
      if (input.kind === 'offer' && fromUserId !== circle.host_id) throw refused(CIRCLE_TEXTS.hostOnly);

      let previewEnds: string | null = null;
      if (fromUserId === circle.host_id) {
        // The host speaks to a guest, or to a member whose preview is still running.
        if (!(await circleRole(db, circle.id, input.to_user_id))) {
          const started = await previewStart(db, circle.id, input.to_user_id);
          if (!previewRunning(started)) throw refused('That member is not in this circle.');
        }
      } else {
        if (input.to_user_id !== circle.host_id) throw refused('Guests only speak to the host.');
        if (!(await circleRole(db, circle.id, fromUserId))) {
          const started = await previewStart(db, circle.id, fromUserId);
          if (!previewRunning(started)) throw refused(CIRCLE_TEXTS.notMember);
          previewEnds = previewUntil(started!);
        }
      }
      const { to_user_id, ...signal } = input;
      socket.nsp
        .to(rooms.user(to_user_id))
        .emit('circle:signal', { ...signal, from_user_id: fromUserId, preview_until: previewEnds });
      return { delivered: true as const };
    },
  }),
];
