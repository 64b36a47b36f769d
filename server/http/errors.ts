import { ERRORS, type ErrorArgs, type ErrorCode, errorMessage, isErrorCode } from '@common/errors.ts';
import { type ErrorBody, type ErrorParams, renderTemplate } from '@common/errorTemplates.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerJsonBodyParser } from './jsonBody.ts';

/**
 * An error with an HTTP status, a code from common/errors.ts and that code's params, answered as
 * { error: { code, message, params?, field? } } with the English message rendered from the code; a
 * 429 carries how long to wait, sent as Retry-After. Made by code only (`httpError`, `badRequest`…),
 * never from a sentence.
 */
export class HttpError extends Error {
  /** How long to wait before trying again (a 429's Retry-After). */
  retryAfterSeconds?: number;

  protected constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly params?: ErrorParams,
    readonly field?: string,
  ) {
    super(message);
  }

  static of<C extends ErrorCode>(statusCode: number, code: C, ...args: ErrorArgs<C>): HttpError {
    return new HttpError(statusCode, code, errorMessage(code, ...args), args[0] as ErrorParams | undefined);
  }

  /** A failed check of a shared schema, as issueError reads it (its message already in English). */
  static invalidInput(error: ErrorBody): HttpError {
    return new HttpError(400, error.code, error.message, error.params, error.field);
  }

  /** This error, telling the client to wait `seconds` (sent as Retry-After). */
  waitFor(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }

  /** What the client is answered. */
  get body(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.params ? { params: this.params } : {}),
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

export const httpError = HttpError.of;
export const badRequest = <C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) =>
  HttpError.of(400, code, ...args);
export const unauthorized = () => HttpError.of(401, 'unauthorized');
export const forbidden = <C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) =>
  HttpError.of(403, code, ...args);
export const notFound = <C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) =>
  HttpError.of(404, code, ...args);
export const conflict = <C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) =>
  HttpError.of(409, code, ...args);
export const tooManyRequests = (retryAfterSeconds: number) =>
  HttpError.of(429, 'rate_limited', { count: retryAfterSeconds }).waitFor(retryAfterSeconds);

/** An error body by code (for answers sent without throwing). */
export function errorBody<C extends ErrorCode>(code: C, ...args: ErrorArgs<C>): { error: ErrorBody } {
  const params = args[0] as ErrorParams | undefined;
  return { error: { code, message: errorMessage(code, ...args), ...(params ? { params } : {}) } };
}

function snakeCase(code: string): string {
  return code
    .replace(/^FST_ERR_/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** A library's 4xx: worded by common/errors.ts when it has the code, else with `message`. */
function libraryError(code: string, message: string, params?: ErrorParams): ErrorBody {
  if (!isErrorCode(code)) return { code, message };
  return { code, message: renderTemplate(ERRORS[code], params), ...(params ? { params } : {}) };
}

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route or hook runs (a broken
 * %-escape, a path part over maxParamLength) is answered in our shape too, not in Fastify's own, and
 * without repeating the address (10 kB of it, possibly).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) return reply.status(500).send(errorBody('internal_error'));
  const code = snakeCase(error.code);
  return reply.status(status).send({ error: libraryError(code, errorMessage('bad_request')) });
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
      return reply.status(error.statusCode).send({ error: error.body });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's and the body parser's refusals; another library's keep their code and message.
      const code =
        error instanceof SyntaxError && !error.code
          ? 'ctp_invalid_json_body'
          : error.code
            ? snakeCase(error.code)
            : 'bad_request';
      const params = (error as { params?: ErrorParams }).params;
      return reply.status(status).send({ error: libraryError(code, error.message, params) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error'));
  });
}
