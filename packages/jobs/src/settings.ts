import { z } from 'zod';
import {
  JOB_FAMILIES,
  type JobFamily,
  type RoutingTable,
  capabilityErrors,
  parseGenerationBackends,
} from '@app/generation';

/**
 * A setting's documentation, kept beside its schema (`.meta(settingDoc(…))`): docs/settings.md and
 * .env.example are generated from it (`npm run docs:settings`).
 */
export interface SettingDoc {
  /** The section it is listed under. */
  group: string;
  description: string;
  /** What it is while unset, when the schema has no default of its own to say so. */
  unset?: string;
  /** Production refuses to start without it. */
  productionRequired?: boolean;
}

export const settingDoc = (
  group: string,
  description: string,
  more: Omit<SettingDoc, 'group' | 'description'> = {},
) => ({
  group,
  description,
  ...more,
});

const GENERATION = 'Generation';
const MEDIA = 'Media storage';
const METRICS = 'Metrics';

/** How long one attempt of a job may run, per family: an image is a minute's work, training an hour's. */
export const DEFAULT_DEADLINES: Record<JobFamily, number> = {
  image: 180,
  video: 900,
  audio: 300,
  lipsync: 600,
  lora: 3600,
};

type DeadlineVariable = `JOB_DEADLINE_${Uppercase<JobFamily>}_SECONDS`;
const deadlineVariable = (family: JobFamily) =>
  `JOB_DEADLINE_${family.toUpperCase()}_SECONDS` as DeadlineVariable;

const deadlineFields = Object.fromEntries(
  JOB_FAMILIES.map((family) => [
    deadlineVariable(family),
    z.coerce
      .number()
      .int()
      .min(1)
      .max(6 * 3600)
      .default(DEFAULT_DEADLINES[family])
      .meta(
        settingDoc(
          GENERATION,
          `Seconds one attempt of a ${family} job may run; then it is abandoned (its request aborted, its process ended, its slot freed) and retried.`,
        ),
      ),
  ]),
) as Record<DeadlineVariable, z.ZodDefault<z.ZodCoercedNumber<unknown>>>;

/**
 * The settings of the generation pipeline, shared by the API (which submits and may run a worker
 * in-process) and `npm run worker`. The API folds this shape into its own settings schema.
 */
const fields = {
  /** `image=a1111:http://gpu-a:7860|http://gpu-b:7860,video=comfyui:http://gpu:8188`; unnamed families use `local`. */
  GENERATION_BACKENDS: z
    .string()
    .trim()
    .default('')
    .superRefine((value, ctx) => {
      const parsed = parseGenerationBackends(value);
      // Every command of a family must be able to run on the provider serving it: a GIF button
      // that fails on every click is found here, not by the first user who presses it.
      const errors = parsed.ok ? capabilityErrors(parsed.table) : parsed.errors;
      for (const message of errors) ctx.addIssue({ code: 'custom', message });
    })
    .meta(
      settingDoc(
        GENERATION,
        'Which provider serves each family: `image=a1111:http://a:7860#2|http://b:7860,video=comfyui:http://c:8188`; `#2` after a host: it runs two jobs at once (1 by default, at most 16). Families not named use the offline `local` provider.',
        { unset: 'all `local`' },
      ),
    ),
  WORKER_IN_PROCESS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1')
    .meta(
      settingDoc(
        GENERATION,
        '`npm start` runs one worker inside the API process; `false` leaves jobs to `npm run worker` (which needs `DATABASE_URL`).',
      ),
    ),
  /** Jobs one worker process runs at the same time, per family. */
  WORKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(1)
    .meta(
      settingDoc(
        GENERATION,
        'Jobs one worker process runs at a time, per family served by the `local` provider (families on backend hosts run as many as their hosts have slots).',
      ),
    ),
  /** How long one attempt may run, per family (`JOB_DEADLINE_IMAGE_SECONDS`, …). */
  ...deadlineFields,
  /** How long jobs wait, queued, while every host of their family is down, before they fail refunded. */
  FLEET_HOST_WAIT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(300)
    .meta(
      settingDoc(
        GENERATION,
        'While every host of a family is down, its jobs wait queued this long, then fail with one refund.',
      ),
    ),
  /** How often a host that is down is asked again whether it answers. */
  FLEET_PROBE_SECONDS: z.coerce
    .number()
    .min(0.2)
    .max(300)
    .default(5)
    .meta(
      settingDoc(GENERATION, 'How often a host that is out of rotation is asked whether it answers again.'),
    ),
  /** Retries of a job after a retryable provider failure or a lost worker. */
  JOB_RETRY_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(2)
    .meta(
      settingDoc(
        GENERATION,
        'Retries after a retryable provider failure or a lost worker, with exponential backoff.',
      ),
    ),
  /** A worker that stops reporting for this long is taken for dead and its job is retried. */
  WORKER_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3600)
    .default(10)
    .meta(settingDoc(GENERATION, 'A worker silent this long is taken for dead and its job is retried.')),
  /** How often the queue looks for jobs whose worker died. */
  QUEUE_SUPERVISE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(5)
    .meta(settingDoc(GENERATION, 'How often the queue looks for jobs whose worker died.')),
  /** Queued plus running jobs any user may have at a time; a plan may allow more (queue-classes.ts). */
  MAX_ACTIVE_JOBS_PER_USER: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(10)
    .meta(
      settingDoc(
        GENERATION,
        'Queued plus running jobs anyone may have (429 `TOO_MANY_JOBS` beyond); a plan may allow more.',
      ),
    ),
  /** Media in an S3-compatible bucket instead of the DATA_DIR/media folder (several machines). */
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .meta(
      settingDoc(
        MEDIA,
        'Generated media and job uploads in this S3-compatible bucket instead of the `DATA_DIR/media` folder.',
      ),
    ),
  S3_ENDPOINT: z
    .string()
    .trim()
    .pipe(z.url())
    .optional()
    .meta(settingDoc(MEDIA, "The bucket's endpoint, for a provider other than AWS (MinIO, R2, …).")),
  S3_REGION: z.string().trim().optional().meta(settingDoc(MEDIA, "The bucket's region.")),
  S3_ACCESS_KEY_ID: z.string().trim().optional().meta(settingDoc(MEDIA, 'The access key for the bucket.')),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional().meta(settingDoc(MEDIA, "The access key's secret.")),
  /** A CDN in front of the bucket; media links then point there and skip the API's access check. */
  MEDIA_PUBLIC_URL: z
    .string()
    .trim()
    .pipe(z.url())
    .optional()
    .meta(
      settingDoc(
        MEDIA,
        'A CDN serving the bucket: media links point there and skip the API (private media then relies on its unguessable keys alone).',
      ),
    ),
};

/** An empty variable (`S3_BUCKET=` in a copied .env) means unset, as everywhere in our settings. */
const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const generationEnvShape = Object.fromEntries(
  Object.entries(fields).map(([key, schema]) => [key, z.preprocess(blankIsUnset, schema)]),
) as { [K in keyof typeof fields]: z.ZodPipe<z.ZodTransform<unknown, unknown>, (typeof fields)[K]> };

/** `GET /metrics` in Prometheus format, on the API and on standalone workers. */
const metricsFields = {
  /** The bearer token Prometheus sends; without it `/metrics` answers 404 everywhere. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters')
    .optional()
    .meta(
      settingDoc(
        METRICS,
        'The bearer token Prometheus sends for `GET /metrics` (at least 16 characters); without it the route answers 404 everywhere.',
      ),
    ),
  /** A standalone worker's metrics port (`npm run worker`); the API serves metrics on its own port. */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .meta(
      settingDoc(
        METRICS,
        "A standalone worker's metrics port (`npm run worker`); the API serves metrics on its own port.",
      ),
    ),
  /** The interface a worker's metrics listener binds (`0.0.0.0` for a Prometheus on another machine). */
  METRICS_HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .meta(
      settingDoc(
        METRICS,
        "The interface a standalone worker's metrics listener binds (`0.0.0.0` for a Prometheus on another machine).",
      ),
    ),
};

export const metricsEnvShape = {
  METRICS_TOKEN: z.preprocess(blankIsUnset, metricsFields.METRICS_TOKEN),
  METRICS_PORT: z.preprocess(blankIsUnset, metricsFields.METRICS_PORT),
  METRICS_HOST: z.preprocess(blankIsUnset, metricsFields.METRICS_HOST),
};

/**
 * How long a process may take to stop on SIGTERM (API and worker alike): by then in-flight
 * requests and jobs have finished or been handed back. Below the usual 30 s grace of orchestrators.
 */
export const shutdownEnvShape = {
  SHUTDOWN_DEADLINE_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(25)
      .meta(
        settingDoc(
          'Server',
          'How long `SIGTERM` may take (API and worker): the process stops listening or fetching jobs, lets requests, Discord posts and running jobs finish, hands back what is still under way and exits by then, below the usual 30 s an orchestrator waits before `SIGKILL`.',
        ),
      ),
  ),
};

/** How long start-up (API and worker) waits for the database to answer before it gives up. */
export const databaseEnvShape = {
  DATABASE_WAIT_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(3600)
      .default(60)
      .meta(
        settingDoc(
          'Data',
          'At start-up (API and worker), how long to wait for PostgreSQL to answer, retrying with backoff; then the process exits non-zero with one line naming the server (never its credentials) and the cause.',
        ),
      ),
  ),
};

export interface MetricsSettings {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

export function toMetricsSettings(env: {
  METRICS_TOKEN?: string;
  METRICS_PORT?: number;
  METRICS_HOST: string;
}): MetricsSettings {
  return { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST };
}

export interface GenerationSettings {
  backends: RoutingTable;
  s3: S3Settings | undefined;
  workerInProcess: boolean;
  workerConcurrency: number;
  /** Longest run of one attempt, per family, in seconds. */
  deadlines: Record<JobFamily, number>;
  /** How long jobs wait while every host of their family is down. */
  hostWaitSeconds: number;
  probeSeconds: number;
  retryLimit: number;
  heartbeatSeconds: number;
  superviseSeconds: number;
  maxActiveJobsPerUser: number;
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  publicUrl?: string;
}

export const GenerationEnv = z.object(generationEnvShape);
type ParsedEnv = z.output<typeof GenerationEnv>;

export function toGenerationSettings(env: ParsedEnv): GenerationSettings {
  return {
    backends: (parseGenerationBackends(env.GENERATION_BACKENDS) as { table: RoutingTable }).table,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.MEDIA_PUBLIC_URL,
        }
      : undefined,
    workerInProcess: env.WORKER_IN_PROCESS,
    workerConcurrency: env.WORKER_CONCURRENCY,
    deadlines: Object.fromEntries(
      JOB_FAMILIES.map((family) => [family, env[deadlineVariable(family)]]),
    ) as Record<JobFamily, number>,
    hostWaitSeconds: env.FLEET_HOST_WAIT_SECONDS,
    probeSeconds: env.FLEET_PROBE_SECONDS,
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

/** What `npm run worker` reads: the API's names for the same things, so one environment serves both. */
export const WorkerEnv = z.object({
  DATABASE_URL: z.string().trim().pipe(z.url()).optional(),
  DATA_DIR: z.string().default('./.data'),
  ...generationEnvShape,
  ...metricsEnvShape,
  ...shutdownEnvShape,
  ...databaseEnvShape,
  // A worker that cannot reach its database this long exits, for its supervisor to restart it.
  WORKER_STALL_EXIT_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int()
      .min(10)
      .max(3600)
      .default(120)
      .meta(
        settingDoc(
          GENERATION,
          'A standalone worker (`npm run worker`) that has not reached PostgreSQL for this long exits non-zero, for its supervisor to restart it.',
        ),
      ),
  ),
});

export interface WorkerSettings {
  databaseUrl: string | undefined;
  dataDir: string;
  generation: GenerationSettings;
  metrics: MetricsSettings;
  /** SIGTERM's deadline: running jobs finish by then or go back to the queue. */
  shutdownDeadlineMs: number;
  /** How long start-up waits for the database to answer. */
  databaseWaitMs: number;
  /** How long the worker may go without reaching the database before it exits (non-zero). */
  stallExitMs: number;
}

export function loadWorkerSettings(env: Record<string, string | undefined>): WorkerSettings {
  const parsed = WorkerEnv.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || 'settings'}: ${issue.message}`,
    );
    throw new Error(`Invalid settings:\n${problems.join('\n')}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: parsed.data.DATA_DIR,
    generation: toGenerationSettings(parsed.data),
    metrics: toMetricsSettings(parsed.data),
    shutdownDeadlineMs: parsed.data.SHUTDOWN_DEADLINE_SECONDS * 1000,
    databaseWaitMs: parsed.data.DATABASE_WAIT_SECONDS * 1000,
    stallExitMs: parsed.data.WORKER_STALL_EXIT_SECONDS * 1000,
  };
}
