import { type ErrorArgs, type ErrorCode, errorMessage } from '@common/errors.ts';
import type { FastifyInstance } from 'fastify';

// A plain error with a status, code and params (not HttpError: errors.ts registers this parser),
// answered by the error handler as { error: { code, message, params } }.
const badBody = <C extends ErrorCode>(code: C, ...args: ErrorArgs<C>) =>
  Object.assign(new Error(errorMessage(code, ...args)), { statusCode: 400, code, params: args[0] });

/** Deeper than any payload of ours: a body nested past it is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

/** How deep objects and arrays nest in a JSON text, counting brackets outside strings. */
export function jsonDepth(body: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}

/**
 * JSON bodies for every route, parsed in one place: too deep a body is a 400 (not a stack overflow
 * somewhere later), and a body must be an object, since every route takes one: `null`, arrays and
 * bare values never stand in for `{}`. Prototype poisoning is refused as Fastify's own parser does.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(badBody('too_deeply_nested', { levels: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return done(badBody('body_not_object'), undefined);
      }
      return done(null, value);
    });
  });
}
