import type { z } from 'zod/mini';
import { badRequest } from './errors.ts';

/**
 * Parses input with a shared zod schema; the first issue becomes a 400 a person can act on. Only a
 * missing body counts as `{}`: `null` is not an object.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw badRequest(
      `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`,
      'unknown_field',
    );
  }
  if (issue.code === 'invalid_type' && issue.path.length === 0) {
    throw badRequest('The request body must be a JSON object.');
  }
  return badRequestThrow(issue.message);
}

function badRequestThrow(message: string): never {
  throw badRequest(message);
}
