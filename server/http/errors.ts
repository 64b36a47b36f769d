import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerJsonBodyParser } from './jsonBody.ts';

/**
 * An error with an HTTP status and a snake_case code, answered as { error: { code, message } }; a 429
 * carries how long to wait, sent as Retry-After.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_input') => new HttpError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'rate_limited',
    `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
    retryAfterSeconds,
  );

function snakeCase(code: string): string {
  return code
    .replace(/^FST_ERR_/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route or hook runs (a broken
 * %-escape, a path part over maxParamLength) is answered in our shape too, not in Fastify's own, and
 * without repeating the address (10 kB of it, possibly).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    return reply.status(500).send({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
  }
  const message = FRAMEWORK_MESSAGES[error.code] ?? 'The request is not valid.';
  return reply.status(status).send({ error: { code: snakeCase(error.code), message } });
}

/**
 * One error handler for the whole app: 4xx say what to do, 5xx never leak internals. Bad JSON bodies
 * (too deep, not an object) are refused where they are parsed, for every route.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  registerJsonBodyParser(app);
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429) reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      let message = error.message;
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        message = 'The request body is not valid JSON.';
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        message = 'The request body is too large.';
      } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        message = 'Send the request body as application/json.';
      }
      return reply
        .status(status)
        .send({ error: { code: error.code ? snakeCase(error.code) : 'bad_request', message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
  });
}
