import { issueError } from '@common/errorTemplates.ts';
import type { z } from 'zod/mini';
import { badRequest, HttpError } from './errors.ts';

/**
 * Parses input with a shared zod schema; the first issue becomes a 400 a person can act on, with the
 * check's code and params and the field it is about. Only a missing body counts as `{}`: `null` is
 * not an object.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw badRequest('unknown_field', { count: issue.keys.length, fields: issue.keys.join(', ') });
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) throw badRequest('body_not_object');
  throw HttpError.invalidInput(issueError(issue));
}
