import { z } from 'zod';

/** The one error shape every API call answers with on failure. */
export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One generation backend host (A1111 or ComfyUI) as the health call sees it; never with credentials. */
export const BackendHealth = z.object({
  provider: z.enum(['a1111', 'comfyui']),
  families: z.array(z.string()),
  host: z.string(),
  status: z.enum(['up', 'down']),
  /** Jobs it runs at once, and how many of those slots a worker holds now (any process). */
  slots: z.number().int(),
  busy: z.number().int(),
  /** Jobs it finished. */
  jobsDone: z.number().int(),
  /** The kind of its last failure (`BACKEND_UNREACHABLE`, …) and when; null before any. */
  lastError: z.object({ code: z.string(), at: z.string() }).nullable(),
});
export type BackendHealth = z.infer<typeof BackendHealth>;

export const HealthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  backends: z.array(BackendHealth),
});
