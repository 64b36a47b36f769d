import { z } from 'zod/mini';

/** Every error body of the API (DESIGN.md section 3). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
