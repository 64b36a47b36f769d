import { errorMessage } from '@common/errors.ts';
import fastifyMultipart from '@fastify/multipart';
import { badRequest, HttpError } from '@server/http/errors.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import qs from 'qs';
import { OAuthAnswer } from './oauthAnswer.ts';

const MULTIPART_REFUSALS =
  /^(Multipart: |Malformed part header|Unexpected end of form|Malformed urlencoded form)/;

/** Form bodies as Mastodon's clients write them: `media_ids[]=1&media_ids[]=2`, `poll[options][]=a`. */
export function parseFormBody(body: string): Record<string, unknown> {
  return qs.parse(body, {
    depth: 3,
    arrayLimit: 40,
    parameterLimit: 200,
    allowPrototypes: false,
    allowDots: false,
  });
}

/**
 * The scope of the Mastodon client API's routes (issue 53): bodies as JSON or forms, errors as
 * Mastodon answers them (`{ "error": "…" }`, which every client shows), and no Origin check: these
 * routes read no cookie, only `Authorization: Bearer`, so a page elsewhere cannot act with them.
 */
export function mastodonScope(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
  options: { multipartFields?: boolean } = {},
): void {
  app.register(async (scope) => {
    // Routes that receive files (media) stream their own multipart; elsewhere it carries fields only
    // (masto sends its token requests so), and a file part is refused.
    if (options.multipartFields !== false) await registerFieldsOnly(scope);
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, parseFormBody(body as string)),
    );
    // A body is JSON, a form or multipart fields: text (Fastify's text/plain parser) is none of them.
    scope.addHook('preValidation', async (request) => {
      if (typeof request.body === 'string') throw badRequest('body_not_object');
    });
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), withoutOrigin: true } as typeof route.config;
    });
    scope.setErrorHandler((error: FastifyError | HttpError | OAuthAnswer, request, reply) => {
      if (error instanceof OAuthAnswer) return reply.status(error.statusCode).send(error.body);
      if (error instanceof HttpError) {
        if (error.statusCode === 429) reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
        return reply.status(error.statusCode).send({ error: error.message, error_code: error.code });
      }
      // Busboy's refusal of a body that is no multipart form (no boundary, cut short) carries no status.
      if (!error.statusCode && MULTIPART_REFUSALS.test(error.message))
        return reply.status(400).send({ error: errorMessage('bad_upload'), error_code: 'bad_upload' });
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) return reply.status(status).send({ error: error.message });
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: 'Something went wrong on our side. Please try again.' });
    });
    await routes(scope);
  });
}

async function registerFieldsOnly(scope: FastifyInstance) {
  await scope.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 200, fieldSize: 64 * 1024, parts: 200 },
  });
  scope.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.body && typeof request.body === 'object') {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
        for (const one of [value].flat()) if (typeof one === 'string') form.append(key, one);
      }
      request.body = parseFormBody(form.toString());
    }
  });
}
