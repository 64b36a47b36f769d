import type { ErrorBody } from '@common/errorTemplates.ts';
import type { AckResult, ClientEvent } from '@common/realtime.ts';
import { errorBody, HttpError } from '@server/http/errors.ts';
import { parseInput } from '@server/http/validate.ts';
import { circleMediaHandlers } from './circleMedia.ts';
import { circleHandlers } from './circles.ts';
import type { AppSocket, EventHandler, HandlerDeps } from './define.ts';
import { roomHandlers } from './rooms.ts';

/** Every client-to-server event the server takes, one file per feature. */
const handlers: EventHandler<ClientEvent>[] = [...roomHandlers, ...circleHandlers, ...circleMediaHandlers];
const byEvent = new Map(handlers.map((handler) => [handler.event as string, handler]));

const failure = ({ error }: { error: ErrorBody }): AckResult<never> => ({ ok: false, error });

/**
 * Wires a connected socket to the handlers. An event nobody handles, a payload that fails its schema
 * or a handler that throws is answered with an error acknowledgement; nothing a client sends can
 * crash the server or reach a handler unchecked. Without an acknowledgement callback there is no one
 * to answer, so such an event is dropped (and logged).
 */
export function attachHandlers(socket: AppSocket, deps: HandlerDeps): void {
  socket.use(([event, ...args], next) => {
    if (byEvent.has(event)) return next();
    const ack = args.at(-1);
    if (typeof ack === 'function') ack(failure(errorBody('unknown_event')));
  });
  for (const handler of handlers) {
    (socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(
      handler.event,
      (...args: unknown[]) => void dispatch(socket, handler, args, deps),
    );
  }
}

async function dispatch(
  socket: AppSocket,
  handler: EventHandler<ClientEvent>,
  args: unknown[],
  deps: HandlerDeps,
): Promise<void> {
  const ack = args.at(-1);
  if (typeof ack !== 'function') {
    deps.log.warn(
      { event: handler.event, userId: socket.data.viewer.userId },
      'Send an acknowledgement callback with every event.',
    );
    return;
  }
  const answer = ack as (result: AckResult<unknown>) => void;
  try {
    const payload = args.length > 1 ? args[0] : undefined;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      return answer(failure(errorBody('event_not_object')));
    }
    const input = parseInput(handler.schema, payload);
    answer({ ok: true, data: await handler.handle(socket, input, deps) });
  } catch (error) {
    if (error instanceof HttpError) return answer(failure({ error: error.body }));
    deps.log.error({ err: error, event: handler.event }, 'a realtime handler failed');
    answer(failure(errorBody('internal_error')));
  }
}
