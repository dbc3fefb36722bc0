import { z } from 'zod';

/** The one error shape every API call answers with on failure. */
export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const HealthBody = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
