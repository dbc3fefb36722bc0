import { z } from 'zod';
import { FAMILIES, type Family } from '@app/generation';

/**
 * The settings of the generation pipeline, shared by the API (which submits and may run a worker
 * in-process) and `npm run worker`. The API folds this shape into its own settings schema.
 */
export const generationEnvShape = {
  /** `image=a1111:http://gpu:7860,video=comfyui:http://gpu:8188`; families not named use `local`. */
  GENERATION_BACKENDS: z
    .string()
    .trim()
    .default('')
    .refine((value) => parseBackends(value) !== null, {
      message: `use family=provider[:url] pairs separated by commas; families: ${FAMILIES.join(', ')}`,
    }),
  WORKER_IN_PROCESS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  /** Jobs one worker process runs at the same time, per family. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  /** How long a provider may take for one attempt. */
  JOB_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(6 * 3600)
    .default(900),
  /** Retries of a job after a retryable provider failure or a lost worker. */
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(2),
  /** A worker that stops reporting for this long is taken for dead and its job is retried. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** How often the queue looks for jobs whose worker died. */
  QUEUE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** Queued plus running jobs one user may have at a time. */
  MAX_ACTIVE_JOBS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
};

export interface Backend {
  provider: string;
  url?: string;
}

export interface GenerationSettings {
  backends: Record<Family, Backend>;
  workerInProcess: boolean;
  workerConcurrency: number;
  jobTimeoutSeconds: number;
  retryLimit: number;
  heartbeatSeconds: number;
  superviseSeconds: number;
  maxActiveJobsPerUser: number;
}

export const GenerationEnv = z.object(generationEnvShape);
type ParsedEnv = z.output<typeof GenerationEnv>;

export function parseBackends(value: string): Record<Family, Backend> | null {
  const backends = Object.fromEntries(FAMILIES.map((family) => [family, { provider: 'local' }])) as Record<
    Family,
    Backend
  >;
  for (const pair of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=([a-z0-9]+)(?::(.+))?$/.exec(pair);
    if (!match || !FAMILIES.includes(match[1] as Family)) return null;
    backends[match[1] as Family] = { provider: match[2]!, url: match[3] };
  }
  return backends;
}

export function toGenerationSettings(env: ParsedEnv): GenerationSettings {
  return {
    backends: parseBackends(env.GENERATION_BACKENDS)!,
    workerInProcess: env.WORKER_IN_PROCESS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    jobTimeoutSeconds: env.JOB_TIMEOUT_SECONDS,
    retryLimit: env.JOB_RETRY_LIMIT,
    heartbeatSeconds: env.WORKER_HEARTBEAT_SECONDS,
    superviseSeconds: env.QUEUE_SUPERVISE_SECONDS,
    maxActiveJobsPerUser: env.MAX_ACTIVE_JOBS_PER_USER,
  };
}

/** Defaults for code that runs without an environment (tests, benches). */
export function defaultGenerationSettings(overrides: Partial<GenerationSettings> = {}): GenerationSettings {
  return { ...toGenerationSettings(GenerationEnv.parse({})), ...overrides };
}
