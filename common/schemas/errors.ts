import { z } from 'zod/mini';

/**
 * Every error body of the API (DESIGN.md section 3): a code from common/errors.ts, its English
 * message, its params when it has values, and for a failed check the field it is about.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
    field: z.optional(z.string()),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
